import { lastContentPage, pageMatterKind } from './book-matter.js';
import { splitChapterLabels } from './chapter-labels.js';
import { normalizeTitle } from './title-match.js';
import type { DetectedChapter, DetectionInput, Division, LayoutLine, LayoutPage } from './detection.types.js';
import { isNumberedDivision, matchDivisionLabel } from './numbering.js';
import { divisionsFromOutline } from './outline-chapters.js';
import { divisionsFromContents, findContentsPages, findHeading } from './toc-chapters.js';
import { bodyFontSize } from './layout-stats.js';
import { divisionsFromTypography } from './typography-chapters.js';

type Method = DetectedChapter['method'];

export function chaptersFromDivisions(divisions: Division[], lastPage: number, method: Method): DetectedChapter[] {
  const sorted = [...divisions].sort((a, b) => a.page - b.page);
  const chapters: DetectedChapter[] = [];
  const kept = sorted.filter((division) => division.kind === 'chapter' && division.page <= lastPage);
  const labelled = splitChapterLabels(kept.map((division) => division.title));
  sorted.forEach((division, index) => {
    if (division.kind !== 'chapter' || division.page > lastPage) return;
    const { label, title } = labelled[kept.indexOf(division)]!;
    // A chapter sharing this page ends this one there; a boundary on the same page (a part title) does not.
    const next = sorted.slice(index + 1).find((other) => other.kind === 'chapter' || other.page > division.page);
    const end = next ? Math.min(next.page - 1, lastPage) : lastPage;
    chapters.push({
      number: chapters.length + 1,
      title,
      label,
      startPage: division.page,
      endPage: Math.max(division.page, end),
      method,
    });
  });
  return chapters;
}

export function fixedSizeSections(
  pages: LayoutPage[],
  firstPage: number,
  lastPage: number,
  size = 20,
): DetectedChapter[] {
  const total = lastPage - firstPage + 1;
  if (total <= 0) return [];
  const count = Math.max(1, Math.round(total / size));
  const length = Math.ceil(total / count);
  const labelOf = (number: number) => pages.find((page) => page.number === number)?.label ?? String(number);
  const sections: DetectedChapter[] = [];
  for (let start = firstPage; start <= lastPage; start += length) {
    const end = Math.min(lastPage, start + length - 1);
    const title = start === end ? `Page ${labelOf(start)}` : `Pages ${labelOf(start)}–${labelOf(end)}`;
    sections.push({ number: sections.length + 1, title, label: null, startPage: start, endPage: end, method: 'auto' });
  }
  return sections;
}

/** The body runs on past the trailing matter when the book numbered a division there ('Appendix D' licence). */
function bodyEnd(divisions: Division[], lastContent: number, lastPage: number, byNumber: Pages): number {
  const sorted = [...divisions].sort((a, b) => a.page - b.page);
  const lastNumbered = numberedChapters(sorted, byNumber).at(-1);
  if (!lastNumbered || lastNumbered.page <= lastContent) return lastContent;
  const next = sorted.find((division) => division.page > lastNumbered.page);
  return next ? next.page - 1 : lastPage;
}

type Pages = Map<number, LayoutPage>;

function numberedChapters(sorted: Division[], byNumber: Pages): Division[] {
  const chapters = sorted.filter((division) => division.kind === 'chapter');
  const labels = splitChapterLabels(chapters.map((division) => division.title));
  const opensLabelled = (division: Division) => {
    const page = byNumber.get(division.page);
    return page !== undefined && opensWithChapterLabel(page);
  };
  return chapters.filter(
    (division, index) => labels[index]!.label !== null || isNumberedDivision(division.title) || opensLabelled(division),
  );
}

function firstContentPage(pages: LayoutPage[], lastPage: number): number {
  const first = pages.find((page) => page.number <= lastPage && pageMatterKind(page) === null);
  return first?.number ?? pages[0]?.number ?? 1;
}

function printedLabels(chapters: DetectedChapter[], byNumber: Map<number, LayoutPage>): DetectedChapter[] {
  return chapters.map((chapter) => {
    if (chapter.label !== null) return chapter;
    const top = byNumber.get(chapter.startPage)?.lines.slice(0, 3) ?? [];
    for (const line of top) {
      const division = matchDivisionLabel(line.text);
      if (!division || division.kind === 'part' || division.number === null) continue;
      if (division.rest && normalizeTitle(division.rest) !== normalizeTitle(chapter.title)) continue;
      const [labelled] = splitChapterLabels([
        `${line.text.trim().split(/\s+/).slice(0, 2).join(' ')} ${chapter.title}`,
      ]);
      if (labelled?.label) return { ...chapter, label: labelled.label };
    }
    return chapter;
  });
}

function opensWithChapterLabel(page: LayoutPage): boolean {
  const top = page.lines.slice(0, 3).map((line) => line.text.trim());
  return top.some((text, index) => {
    const label = matchDivisionLabel(text) ?? matchDivisionLabel(`${text} ${top[index + 1] ?? ''}`);
    return label?.kind === 'chapter' && label.number !== null;
  });
}

/** 'Index', 'Concept Index', 'Appendix C LilyPond index': an index whatever number the book gives it. */
const INDEX_TITLE = /^((appendix|chapter) )?([a-z] |\d{1,3} )?(\p{L}+ ){0,2}index(es)?$/u;

function onItsPage(division: Division, byNumber: Map<number, LayoutPage>, body: number): Division {
  if (findHeading(byNumber.get(division.page), division.title, body)) return division;
  for (const page of [division.page + 1, division.page + 2]) {
    const found = findHeading(byNumber.get(page), division.title, body);
    if (found) return { ...division, page };
  }
  return division;
}

/**
 * An outline entry its maker cut mid-word ('… Weybridge A' for '… Weybridge and Shepperton') is completed from the
 * heading printed on its page: the lines that start with the entry's words, up to the line that ends the cut word.
 * A title cut between words cannot be told from a short one, so it is left as it is.
 */
function completedTitle(title: string, page: LayoutPage | undefined): string {
  if (!page) return title;
  const trimmed = title.trim();
  const rest = matchDivisionLabel(trimmed)?.rest ?? '';
  const label = rest ? trimmed.slice(0, trimmed.length - rest.length).trim() : '';
  const lines = page.lines.slice(0, 8).map((line) => line.text.trim());
  for (const [prefix, printed] of [
    [label, rest],
    ['', title],
  ] as const) {
    const wanted = normalizeTitle(printed);
    if (wanted.split(' ').length < 3) continue; // too little to know the heading by
    for (let start = 0; start < lines.length; start++) {
      let joined = '';
      for (let end = start; end < Math.min(lines.length, start + 3); end++) {
        joined = `${joined} ${lines[end]}`.trim();
        const heading = normalizeTitle(joined);
        if (!(heading.startsWith(wanted) || wanted.startsWith(heading))) break;
        if (heading.length <= wanted.length) continue;
        const cutMidWord = /\p{L}/u.test(heading[wanted.length]!) && /\p{L}/u.test(wanted.at(-1)!);
        if (!cutMidWord || joined.length > 160) break;
        return `${prefix} ${joined}`.trim();
      }
    }
  }
  return title;
}

/**
 * An outline entry shorter than the heading printed on its page ('Introduction' over 'Chapter 0 / Introduction and
 * Preliminaries') takes the printed heading: the first lines set in one heading font at the top of the page, after a
 * chapter label, when they start with the entry's words and go on with whole words. The label the entry carries stays.
 */
function printedHeading(title: string, page: LayoutPage | undefined, body: number): string | null {
  if (!page) return null;
  const trimmed = title.trim();
  const rest = matchDivisionLabel(trimmed)?.rest || trimmed;
  const prefix = trimmed.slice(0, trimmed.length - rest.length).trim();
  const wanted = normalizeTitle(rest);
  if (!wanted) return null;
  const heading: LayoutLine[] = [];
  for (const line of page.lines.slice(0, 5)) {
    const text = line.text.trim();
    const label = matchDivisionLabel(text);
    // A label line ('Chapter 0', a large '1') is not part of the title, above it or below it.
    if ((label && label.kind !== 'part' && !label.rest) || BARE_NUMBER.test(text)) {
      if (heading.length === 0) continue;
      break;
    }
    if (line.size < body * HEADING_FONT_RATIO) break;
    if (heading.length > 0 && Math.abs(line.size - heading[0]!.size) > 0.5) break;
    heading.push(line);
    if (heading.length === 2) break;
  }
  const printed = heading.map((line) => line.text.trim()).join(' ');
  const normalized = normalizeTitle(printed);
  if (printed.length > 120 || !normalized.startsWith(`${wanted} `)) return null;
  // The printed heading completes the title with words, not with a number set beside it ('Analysis 1').
  if (!/\p{L}{2,}/u.test(normalized.slice(wanted.length))) return null;
  return `${prefix} ${printed}`.trim();
}
const HEADING_FONT_RATIO = 1.25;
const BARE_NUMBER = /^(\d{1,3}|[IVXLC]{1,6}|[A-Z])\.?$/;

/** Cheapest reliable source first (outline, printed contents, typography); one counts from two chapters. */
export function detectChapters(input: DetectionInput): DetectedChapter[] {
  const { pages, outline, bookTitle } = input;
  if (pages.length === 0) return [];
  const lastPage = lastContentPage(pages);
  const sources: [Method, () => Division[]][] = [
    ['outline', () => divisionsFromOutline(outline, bookTitle)],
    ['toc', () => divisionsFromContents(pages, bookTitle)],
    ['typography', () => divisionsFromTypography(pages, bookTitle)],
  ];
  const byNumber = new Map(pages.map((page) => [page.number, page]));
  // An entry on licence boilerplate (a Gutenberg header 'Preface') is no chapter unless numbered ('Appendix D').
  const onLicencePage = (division: Division) => {
    const page = byNumber.get(division.page);
    return page !== undefined && pageMatterKind(page) === 'licence';
  };
  const kindOf = (division: Division) => {
    const page = byNumber.get(division.page);
    return page === undefined ? null : pageMatterKind(page);
  };
  const body = bodyFontSize(pages);
  let printedContents: Set<number> | null = null;
  const contentsPages = () => (printedContents ??= new Set(findContentsPages(pages).map((page) => page.number)));
  for (const [method, divisionsOf] of sources) {
    let found = divisionsOf();
    if (method === 'outline') {
      found = found
        .map((division) => onItsPage(division, byNumber, body))
        .map((division) => {
          const page = byNumber.get(division.page);
          const title = completedTitle(division.title, page);
          return { ...division, title: printedHeading(title, page, body) ?? title };
        });
    }
    const numbered = new Set(
      numberedChapters(
        [...found].sort((a, b) => a.page - b.page),
        byNumber,
      ),
    );
    const divisions = found.map((division): Division => {
      const kind = kindOf(division);
      if (division.kind !== 'chapter') {
        // A 'License' or 'Copyright' entry the book prints as a chapter ('CHAPTER TWENTYTHREE') is one.
        const page = byNumber.get(division.page);
        const printed = page !== undefined && (kind === null || kind === 'licence') && opensWithChapterLabel(page);
        return printed && !INDEX_TITLE.test(normalizeTitle(division.title))
          ? { ...division, kind: 'chapter' }
          : division;
      }
      const index = INDEX_TITLE.test(normalizeTitle(division.title)) && (kind === 'index' || kind === 'contents');
      // An unnumbered entry that lands on the contents page points at the contents, not at its text ('Preface').
      const onContents = !numbered.has(division) && kind === 'contents' && contentsPages().has(division.page);
      return index || onContents || (!numbered.has(division) && onLicencePage(division))
        ? { ...division, kind: 'boundary' }
        : division;
    });
    const chapters = chaptersFromDivisions(
      divisions,
      bodyEnd(divisions, lastPage, pages.at(-1)!.number, byNumber),
      method,
    );
    if (chapters.length >= 2) return printedLabels(chapters, byNumber);
  }
  return fixedSizeSections(pages, firstContentPage(pages, lastPage), lastPage);
}
