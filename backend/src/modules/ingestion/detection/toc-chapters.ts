import { isNonChapterTitle, looksLikeContentsPage } from './book-matter.js';
import type { Division, LayoutLine, LayoutPage } from './detection.types.js';
import { bodyFontSize } from './layout-stats.js';
import { matchDivisionLabel, parseRoman } from './numbering.js';
import { cleanTitle, headingMatchesTitle, normalizeTitle } from './title-match.js';

/** One line of a printed table of contents: 'Chapter 3. Nouns ........ 16'. */
export interface TocEntry {
  title: string;
  /** The printed page number as written ('16', 'xi'). */
  pageLabel: string;
  /** Indent from the contents page's left-most entry, points. */
  indent: number;
  size: number;
  tocPage: number;
}

const CONTENTS_HEADING =
  /^(table of )?contents$|^contents of (the|this) (book|volume)$|^table des matieres$|^inhalt(sverzeichnis)?$|^indice$/;
const LIST_HEADING = /^list of |^(figures|tables|examples|illustrations)$/;
const ENTRY = /^(.*?\S)\s*(?:(?:\.\s?){2,}|…+|_{2,}|\s)\s*(\d{1,4}|[ivxlcdm]{1,8})$/i;

/** The run of pages holding the printed contents: a 'Contents' heading and the contents-like pages after it. */
export function findContentsPages(pages: LayoutPage[]): LayoutPage[] {
  const searchable = new Set([
    ...pages.slice(0, Math.max(40, Math.ceil(pages.length * 0.25))),
    ...pages.slice(Math.floor(pages.length * 0.9)),
  ]);
  for (const page of searchable) {
    const heading = page.lines.slice(0, 2).find((line) => CONTENTS_HEADING.test(normalizeTitle(line.text)));
    if (!heading) continue;
    const run = [page];
    for (let i = pages.indexOf(page) + 1; i < pages.length && run.length < 30; i++) {
      const next = pages[i]!;
      const first = normalizeTitle(next.lines[0]?.text ?? '');
      if (LIST_HEADING.test(first) || !looksLikeContentsPage(next)) break;
      run.push(next);
    }
    return run;
  }
  return [];
}

/** A title and its right-aligned page number are separate lines on one row; contents entries need them together. */
function joinRows(lines: LayoutLine[]): LayoutLine[] {
  const rows: LayoutLine[] = [];
  for (const line of lines) {
    const previous = rows.at(-1);
    if (previous && Math.abs(previous.top - line.top) < 0.3 * Math.min(previous.size, line.size)) {
      rows[rows.length - 1] = { ...previous, text: `${previous.text} ${line.text}` };
    } else rows.push(line);
  }
  return rows;
}

/** Contents lines with a page number; a title wrapped over two lines is joined. */
export function parseContentsEntries(contentsPages: LayoutPage[]): TocEntry[] {
  const entries: TocEntry[] = [];
  for (const page of contentsPages) {
    const lines = joinRows(page.lines).filter((line) => !CONTENTS_HEADING.test(normalizeTitle(line.text)));
    const left = Math.min(...lines.map((line) => line.x));
    let pending: LayoutLine | null = null;
    for (const line of lines) {
      const match = ENTRY.exec(line.text.trim());
      if (!match) {
        // Keep a wrapped title's first line for the next line; more than one pending line is not a title.
        pending = pending === null && line.text.trim().length > 0 ? line : null;
        continue;
      }
      const startsHere = pending === null || line.x < pending.x - 2;
      const title = cleanTitle(startsHere ? match[1]! : `${pending!.text} ${match[1]!}`);
      const anchor = startsHere ? line : pending!;
      pending = null;
      if (!/\p{L}/u.test(title)) continue;
      entries.push({ title, pageLabel: match[2]!, indent: anchor.x - left, size: anchor.size, tocPage: page.number });
    }
  }
  return entries;
}

/** The entries that are the book's top divisions: least indented (or, without indents, set largest); Parts lead to their chapters. */
function topLevel(entries: TocEntry[]): { chapters: TocEntry[]; parts: TocEntry[] } {
  const indents = [...new Set(entries.map((entry) => Math.round(entry.indent / 4)))].sort((a, b) => a - b);
  const levelOf = (entry: TocEntry) => indents.indexOf(Math.round(entry.indent / 4));
  let top = entries.filter((entry) => levelOf(entry) === 0);
  if (indents.length === 1) {
    const largest = Math.max(...entries.map((entry) => entry.size));
    const biggest = entries.filter((entry) => entry.size >= largest - 0.5);
    if (biggest.length >= 2 && biggest.length < entries.length) top = biggest;
  }
  const parts = top.filter((entry) => matchDivisionLabel(entry.title)?.kind === 'part');
  if (parts.length >= 2 && parts.length >= top.length * 0.5 && indents.length > 1) {
    return { chapters: entries.filter((entry) => levelOf(entry) === 1), parts };
  }
  return { chapters: top, parts: [] };
}

interface Verified {
  page: number;
  /** The page's own line when it is the fuller form of the title ('Chapter 1. Fundamental Concepts'). */
  heading: string | null;
}

/** Finds the entry's heading on `page` (first lines, or any line set larger than the body). */
function findHeading(page: LayoutPage | undefined, title: string, body: number): Verified | null {
  if (!page) return null;
  const candidates = page.lines
    .map((line, index) => ({ line, index }))
    .filter(({ line, index }) => index < 6 || line.size >= body * 1.08);
  for (const { line, index } of candidates) {
    if (headingMatchesTitle(line.text, title)) {
      const fuller = normalizeTitle(line.text).length > normalizeTitle(title).length;
      return { page: page.number, heading: fuller ? cleanTitle(line.text) : null };
    }
    const next = page.lines[index + 1];
    const joined = next ? `${line.text} ${next.text}` : '';
    if (next && headingMatchesTitle(joined, title)) {
      // A wrapped heading is the fuller title; a bare 'Chapter I' line above a title is a label, not part of it.
      const bareLabel = matchDivisionLabel(line.text)?.rest === '';
      const fuller = !bareLabel && normalizeTitle(joined).length > normalizeTitle(title).length;
      return { page: page.number, heading: fuller ? cleanTitle(joined) : null };
    }
  }
  return null;
}

/** A leading enumerator shared by the whole list ('I Down the Rabbit-Hole', '3. Nouns') is dropped from titles. */
function stripEnumerators(titles: string[]): string[] {
  const enumerator = /^(\d{1,3}|[IVXLC]{1,7})\.?\s+(?=\S)/;
  const enumerated = titles.filter((title) => {
    const match = enumerator.exec(title);
    return match && (/^\d/.test(match[1]!) || parseRoman(match[1]!) !== null);
  });
  if (enumerated.length < Math.max(2, titles.length * 0.6)) return titles;
  return titles.map((title) => title.replace(enumerator, ''));
}

/**
 * Chapters from the printed table of contents: page numbers are mapped to physical pages through the page
 * labels, or through the offset that puts the most headings on their pages; every chapter's heading is
 * verified on its page.
 */
export function divisionsFromContents(pages: LayoutPage[], bookTitle: string | null): Division[] {
  const contentsPages = findContentsPages(pages);
  if (contentsPages.length === 0) return [];
  const entries = parseContentsEntries(contentsPages);
  if (entries.length < 2) return [];
  const { chapters, parts } = topLevel(entries);
  const body = bodyFontSize(pages);
  const afterContents = contentsPages.at(-1)!.number;
  const byNumber = new Map(pages.map((page) => [page.number, page]));
  const byLabel = new Map<string, number[]>();
  for (const page of pages) {
    if (page.number <= afterContents) continue;
    const key = page.label.toLowerCase();
    byLabel.set(key, [...(byLabel.get(key) ?? []), page.number]);
  }

  const verifyNear = (title: string, page: number): Verified | null =>
    findHeading(byNumber.get(page), title, body) ??
    findHeading(byNumber.get(page + 1), title, body) ??
    findHeading(byNumber.get(page - 1), title, body);

  // Two ways to place an entry: its printed label, or its number plus one offset for the whole book.
  const viaLabels = (entry: TocEntry): Verified | null => {
    for (const page of byLabel.get(entry.pageLabel.toLowerCase()) ?? []) {
      const found = verifyNear(entry.title, page);
      if (found) return found;
    }
    return null;
  };
  const arabic = (entry: TocEntry) => (/^\d+$/.test(entry.pageLabel) ? Number(entry.pageLabel) : null);
  let bestOffset = 0;
  let bestCount = -1;
  for (let offset = -5; offset <= 60; offset++) {
    const count = chapters.filter((entry) => {
      const value = arabic(entry);
      return value !== null && findHeading(byNumber.get(value + offset), entry.title, body) !== null;
    }).length;
    if (count > bestCount) [bestOffset, bestCount] = [offset, count];
  }
  const viaOffset = (entry: TocEntry): Verified | null => {
    const value = arabic(entry);
    return value === null ? null : verifyNear(entry.title, value + bestOffset);
  };

  const place = (list: TocEntry[]) => {
    const labelled = list.map(viaLabels);
    const offsetted = list.map(viaOffset);
    const count = (found: (Verified | null)[]) => found.filter(Boolean).length;
    return count(labelled) >= count(offsetted) ? labelled : offsetted;
  };
  const placed = place(chapters);
  const titles = stripEnumerators(chapters.map((entry) => entry.title));
  const divisions: Division[] = [];
  let verifiedChapters = 0;
  let candidateChapters = 0;
  chapters.forEach((entry, index) => {
    const found = placed[index];
    const title = found?.heading ?? titles[index]!;
    const nonChapter = isNonChapterTitle(entry.title, bookTitle);
    if (!nonChapter) candidateChapters++;
    if (!found || found.page <= afterContents) return;
    if (nonChapter) return divisions.push({ title, page: found.page, kind: 'boundary' });
    verifiedChapters++;
    divisions.push({ title, page: found.page, kind: 'chapter' });
  });
  place(parts).forEach((found, index) => {
    if (found) divisions.push({ title: parts[index]!.title, page: found.page, kind: 'boundary' });
  });
  // A contents page that mostly fails to match the book (another edition's numbers, a list of figures) is not used.
  if (verifiedChapters < 2 || verifiedChapters < candidateChapters * 0.5) return [];
  return divisions.sort((a, b) => a.page - b.page);
}
