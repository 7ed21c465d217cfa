import { isNonChapterTitle, pageMatterKind } from './book-matter.js';
import type { Division, LayoutPage } from './detection.types.js';
import { bodyFontSize, headingBlock, wordCount } from './layout-stats.js';
import { matchDivisionLabel, type DivisionLabel } from './numbering.js';
import { cleanTitle, normalizeTitle } from './title-match.js';

interface Heading {
  page: number;
  title: string;
  size: number;
  label: DivisionLabel | null;
  line: number;
}

const NAMED_DIVISION = /^(preface|foreword|introduction|prologue|prelude|epilogue|afterword|postscript|conclusion)\b/i;

function collectHeadings(pages: LayoutPage[], body: number): Heading[] {
  const headings: Heading[] = [];
  for (const page of pages) {
    if (pageMatterKind(page) !== null) continue;
    for (let i = 0; i < page.lines.length; i++) {
      const line = page.lines[i]!;
      const text = line.text.trim();
      if (line.size < body * 1.08 || wordCount(text) > 16 || !/\p{L}/u.test(text)) continue;
      // Sphinx sets 'CHAPTER' at body size over a larger 'ONE': the word belongs to the label.
      const word = page.lines[i - 1]?.text.trim() ?? '';
      const lead = /^(chapter|part|appendix)$/i.test(word) ? `${word} ` : '';
      const label = matchDivisionLabel(`${lead}${text}`);
      const atTop = i < (lead ? 3 : 2);
      if (!label && !(atTop && line.size >= body * 1.3 && wordCount(text) <= 12)) continue;
      const block = headingBlock(page.lines, i, Math.max(line.size * 0.92, body * 1.08));
      // 'Chapter 7' set large with the title below it in a smaller heading size: the title belongs to it.
      const below = page.lines[i + block.length];
      if (
        label &&
        !label.rest &&
        block.length === 1 &&
        below &&
        below.size >= body * 1.08 &&
        wordCount(below.text) <= 12 &&
        /\p{L}/u.test(below.text)
      ) {
        block.push(below);
      }
      headings.push({
        page: page.number,
        title: cleanTitle(lead + block.map((l) => l.text).join(' ')),
        size: line.size,
        label,
        line: i,
      });
      i += block.length - 1;
    }
  }
  return headings;
}

function dropRepeats(headings: Heading[]): Heading[] {
  return headings.filter((heading, index) => {
    const previous = headings[index - 1];
    return !(
      previous &&
      previous.page >= heading.page - 1 &&
      normalizeTitle(previous.title) === normalizeTitle(heading.title)
    );
  });
}

export function divisionsFromTypography(pages: LayoutPage[], bookTitle: string | null): Division[] {
  const body = bodyFontSize(pages);
  const headings = dropRepeats(collectHeadings(pages, body));
  const labelled = headings.filter((heading) => heading.label?.kind === 'chapter');
  const divisions: Division[] = [];

  if (labelled.length >= 2) {
    const chapterSize = Math.min(...labelled.map((heading) => heading.size));
    const seen = new Set<number>();
    for (const heading of headings) {
      const kind = heading.label?.kind;
      // Appendices end the last chapter without being one: a book's outline often leaves them out.
      if (kind === 'part' || kind === 'appendix') {
        if (kind === 'part') seen.clear();
        divisions.push({ title: heading.title, page: heading.page, kind: 'boundary' });
      } else if (kind === 'chapter') {
        const number = heading.label!.number!;
        // The first page per number is kept: a later one is a cross-reference set large, or a running head.
        if (seen.has(number)) continue;
        seen.add(number);
        divisions.push({ title: heading.title, page: heading.page, kind: 'chapter' });
      } else if (heading.line < 2 && heading.size >= chapterSize * 0.95 && NAMED_DIVISION.test(heading.title)) {
        divisions.push({ title: heading.title, page: heading.page, kind: 'chapter' });
      } else if (
        heading.line < 2 &&
        heading.size >= chapterSize * 0.95 &&
        isNonChapterTitle(heading.title, bookTitle)
      ) {
        divisions.push({ title: heading.title, page: heading.page, kind: 'boundary' });
      }
    }
    return divisions;
  }

  // No 'Chapter N' labels: the largest heading size that recurs, but not on most pages (then it is a running head).
  const unlabelled = headings.filter((heading) => heading.line < 2 && !heading.label);
  const sizes = [...new Set(unlabelled.map((heading) => Math.round(heading.size)))].sort((a, b) => b - a);
  for (const size of sizes) {
    const level = unlabelled.filter((heading) => Math.round(heading.size) === size);
    if (level.length < 2 || level.length > pages.length * 0.5) continue;
    for (const heading of level) {
      const kind = isNonChapterTitle(heading.title, bookTitle) || heading.label ? 'boundary' : 'chapter';
      divisions.push({ title: heading.title, page: heading.page, kind });
    }
    for (const heading of headings.filter((h) => h.label?.kind === 'part')) {
      divisions.push({ title: heading.title, page: heading.page, kind: 'boundary' });
    }
    return divisions.sort((a, b) => a.page - b.page);
  }
  return [];
}
