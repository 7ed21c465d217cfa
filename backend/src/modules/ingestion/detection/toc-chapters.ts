import { isNonChapterTitle, looksLikeContentsPage } from './book-matter.js';
import type { Division, LayoutLine, LayoutPage } from './detection.types.js';
import { bodyFontSize } from './layout-stats.js';
import { splitChapterLabels } from './chapter-labels.js';
import { matchDivisionLabel, parseNumberToken } from './numbering.js';
import { cleanTitle, headingMatchesTitle, normalizeTitle } from './title-match.js';

export interface TocEntry {
  title: string;
  pageLabel: string;
  indent: number;
  size: number;
  tocPage: number;
}

const CONTENTS_HEADING =
  /^(table of )?contents$|^contents of (the|this) (book|volume)$|^table des matieres$|^inhalt(sverzeichnis)?$|^indice$/;
const LIST_HEADING = /^list of |^(figures|tables|examples|illustrations)$/;
const ENTRY = /^(.*?\S)\s*(?:(?:\.\s?){2,}|…+|_{2,}|\s)\s*(\d{1,4}|[ivxlcdm]{1,8})$/i;

function contentsHeading(page: LayoutPage): number {
  const index = page.lines.findIndex((line) => CONTENTS_HEADING.test(normalizeTitle(line.text)));
  if (index < 0) return -1;
  if (index < 2) return index;
  const rest = page.lines.slice(index + 1);
  return looksLikeContentsPage({ ...page, lines: joinRows(rest) }) ? index : -1;
}

export function findContentsPages(pages: LayoutPage[]): LayoutPage[] {
  const searchable = new Set([
    ...pages.slice(0, Math.max(40, Math.ceil(pages.length * 0.25))),
    ...pages.slice(Math.floor(pages.length * 0.9)),
  ]);
  for (const page of searchable) {
    const heading = contentsHeading(page);
    if (heading < 0) continue;
    // What the page prints above the heading (the book's title block) is not part of the contents.
    const run = [heading < 2 ? page : { ...page, lines: page.lines.slice(heading) }];
    for (let i = pages.indexOf(page) + 1; i < pages.length && run.length < 30; i++) {
      const next = pages[i]!;
      const first = normalizeTitle(next.lines[0]?.text ?? '');
      // Page numbers set in their own column are separate lines: judge the page by its joined rows.
      if (LIST_HEADING.test(first) || !looksLikeContentsPage({ ...next, lines: joinRows(next.lines) })) break;
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
    if (previous && sameRow(previous, line)) {
      rows[rows.length - 1] = { ...previous, text: `${previous.text} ${line.text}` };
    } else rows.push(line);
  }
  return rows;
}

const NUMBERED_ENTRY = /^(\d{1,3}|[A-Z])(\.\d{1,3})*[.)]?\s+\S*\p{L}{2}/u;

const sameRow = (a: LayoutLine, b: LayoutLine) => Math.abs(a.top - b.top) < 0.3 * Math.min(a.size, b.size);

function contentsColumns(page: LayoutPage): LayoutLine[][] {
  const rightTitles = page.lines.filter(
    (line) =>
      line.x >= page.width * 0.4 &&
      /\p{L}{3}/u.test(line.text) &&
      page.lines.some((other) => other.x < page.width * 0.4 && /\p{L}{2}/u.test(other.text) && sameRow(other, line)),
  );
  if (rightTitles.length < 3) return [page.lines];
  const split = Math.min(...rightTitles.map((line) => line.x)) - 1;
  // Text order may run down one column's titles before their numbers: rows are rebuilt by position.
  const byRow = (a: LayoutLine, b: LayoutLine) => (sameRow(a, b) ? a.x - b.x : a.top - b.top);
  return [page.lines.filter((line) => line.x < split), page.lines.filter((line) => line.x >= split)].map((lines) =>
    lines.sort(byRow),
  );
}

export function parseContentsEntries(contentsPages: LayoutPage[]): TocEntry[] {
  const entries: TocEntry[] = [];
  for (const page of contentsPages.flatMap((page) => contentsColumns(page).map((lines) => ({ ...page, lines })))) {
    const lines = joinRows(page.lines).filter((line) => !CONTENTS_HEADING.test(normalizeTitle(line.text)));
    const left = Math.min(...lines.map((line) => line.x));
    let pending: LayoutLine | null = null;
    for (const line of lines) {
      const text = line.text.trim();
      // 'Chapter 2' alone is a label over its title, not an entry for page 2; leaders would make it one.
      const bareLabel = matchDivisionLabel(text)?.rest === '' && !/\.\s?\.|…|__/.test(text);
      const match = bareLabel ? null : ENTRY.exec(text);
      const continues =
        pending !== null && line.top > pending.top && line.top - pending.top < 2.2 * Math.max(line.size, pending.size);
      if (!match) {
        pending = pending === null && line.text.trim().length > 0 ? line : null;
        continue;
      }
      // A line that opens with its own section number ('4.1 Step One') starts an entry; it continues no title.
      if (pending && (!continues || line.x < pending.x - 2 || NUMBERED_ENTRY.test(line.text.trim()))) pending = null;
      const title = cleanTitle(pending === null ? match[1]! : `${pending.text} ${match[1]!}`);
      const anchor = pending ?? line;
      pending = null;
      if (!/\p{L}/u.test(title)) continue;
      entries.push({ title, pageLabel: match[2]!, indent: anchor.x - left, size: anchor.size, tocPage: page.number });
    }
  }
  return entries;
}

const ENUMERATOR = /^(\d{1,3}|[A-Z])((?:\.\d{1,3})*)[.)]?(?=\s|\p{Lu})/u;
const GLUED_LETTER = /^[A-Z][.)]?\p{Lu}/u;
const ROMAN_PART = /^(I|II|III|IV|V|VI|VII|VIII|IX|X|XI|XII)\.?\s+\S/;

function numbering(title: string): { depth: number; arabic: boolean } | null {
  const match = ENUMERATOR.exec(title);
  if (!match || GLUED_LETTER.test(title)) return null;
  return { depth: 1 + (match[2]!.match(/\./g)?.length ?? 0), arabic: /^\d/.test(match[1]!) };
}

function byNumbering(entries: TocEntry[]): { chapters: TocEntry[]; parts: TocEntry[] } | null {
  const numbers = entries.map((entry) => numbering(entry.title));
  const firstLevel = entries.filter((_, index) => numbers[index]?.depth === 1 && numbers[index]!.arabic);
  const deeper = numbers.filter((number) => number && number.depth > 1).length;
  if (firstLevel.length < 2 || deeper < firstLevel.length || numbers.filter(Boolean).length < entries.length * 0.4) {
    return null;
  }
  const chapterIndent = Math.min(...firstLevel.map((entry) => entry.indent));
  const chapterSize = Math.min(...firstLevel.map((entry) => entry.size));
  let romanLed = entries.filter((entry) => ROMAN_PART.test(entry.title));
  // Parts set larger than the chapters: a roman-looking appendix letter at chapter size ('I Class Example') is not one.
  const setLarger = romanLed.filter((entry) => entry.size > chapterSize + 0.5);
  if (setLarger.length >= 2) romanLed = setLarger;
  const parts = romanLed.some((entry) => /^II\b/.test(entry.title)) ? romanLed : [];
  const firstChapter = entries.indexOf(firstLevel[0]!);
  const chapters = entries.filter((entry, index) => {
    if (parts.includes(entry)) return false;
    const number = numbers[index];
    // A lettered entry is an appendix only once the numbered chapters have begun ('A Templates' after '5 Tweaking').
    if (number) return number.depth === 1 && (number.arabic || index > firstChapter);
    return entry.indent <= chapterIndent + 3 && entry.size >= chapterSize - 0.5;
  });
  return { chapters, parts };
}

export function topLevel(entries: TocEntry[]): { chapters: TocEntry[]; parts: TocEntry[] } {
  const numbered = byNumbering(entries);
  if (numbered) return numbered;
  const indents = [...new Set(entries.map((entry) => Math.round(entry.indent / 4)))].sort((a, b) => a - b);
  const levelOf = (entry: TocEntry) => indents.indexOf(Math.round(entry.indent / 4));
  let top = entries.filter((entry) => levelOf(entry) === 0);
  if (indents.length === 1) {
    const largest = Math.max(...entries.map((entry) => entry.size));
    const biggest = entries.filter((entry) => entry.size >= largest - 0.5);
    if (biggest.length >= 2 && biggest.length < entries.length) top = biggest;
  }
  const parts = top.filter((entry) => matchDivisionLabel(entry.title)?.kind === 'part');
  if (parts.length < 2) return { chapters: top, parts: [] };
  if (parts.length >= top.length * 0.5 && indents.length > 1) {
    return { chapters: entries.filter((entry) => levelOf(entry) === 1), parts };
  }
  return { chapters: top.filter((entry) => !parts.includes(entry)), parts };
}

interface Verified {
  page: number;
  heading: string | null;
}

export function findHeading(page: LayoutPage | undefined, title: string, body: number): Verified | null {
  if (!page) return null;
  const candidates = page.lines
    .map((line, index) => ({ line, index }))
    .filter(({ line, index }) => index < 6 || line.size >= body * 1.08);
  const bare = bareTitle(title);
  const sameBare = (text: string) => bare.length > 0 && text.length <= bare.length + 16 && bareTitle(text) === bare;
  const matches = (text: string) => headingMatchesTitle(text, title) || sameBare(text);
  const alone = (text: string): Verified => {
    const fuller = normalizeTitle(text).length > normalizeTitle(title).length;
    return { page: page.number, heading: fuller ? cleanTitle(text) : null };
  };
  for (const { line, index } of candidates) {
    if (matches(line.text)) return alone(line.text);
    const next = page.lines[index + 1];
    // A chapter opening mid-page: the body line above its heading is not part of the title.
    if (next && matches(next.text)) return alone(next.text);
    const joined = next ? `${line.text} ${next.text}` : '';
    if (next && matches(joined)) {
      const bareLabel = matchDivisionLabel(line.text)?.rest === '';
      const fuller = !bareLabel && normalizeTitle(joined).length > normalizeTitle(title).length;
      return { page: page.number, heading: fuller ? cleanTitle(joined) : null };
    }
  }
  return null;
}

function bareTitle(heading: string): string {
  const text = heading.replace(/^(chapter|appendix)(\d)/i, '$1 $2');
  const division = matchDivisionLabel(text);
  const words = normalizeTitle(division && division.kind !== 'part' ? division.rest : text).split(' ');
  if (words.length > 1 && parseNumberToken(words[0]!.toUpperCase(), true) !== null) words.shift();
  return words.join(' ');
}

function fullerThan(heading: string, title: string): boolean {
  return bareTitle(heading).length > bareTitle(title).length + 3;
}

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
  const inSequence = splitChapterLabels(chapters.map((entry) => entry.title)).map(({ label }) => label !== null);
  const divisions: Division[] = [];
  let verifiedChapters = 0;
  let candidateChapters = 0;
  chapters.forEach((entry, index) => {
    const found = placed[index];
    const title = found?.heading && fullerThan(found.heading, entry.title) ? found.heading : entry.title;
    const nonChapter = !inSequence[index] && isNonChapterTitle(entry.title, bookTitle);
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
