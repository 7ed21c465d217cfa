import type { LayoutPage } from './detection.types.js';
import { isNumberedDivision } from './numbering.js';
import { normalizeTitle, titleSimilarity } from './title-match.js';

const NON_CHAPTER_TITLES = [
  /^(table of )?contents?$/,
  /^(brief |detailed )?contents$/,
  /^index( of [a-z ]+)?$/,
  /^(general |subject |name )index$/,
  /\bcopyright\b/,
  /\blicen[cs]e\b/,
  /^list of [a-z ,]+$/, // figures, tables, symbols, abbreviations, 'exercises, problems, and projects'
  /^(figures|tables|examples|illustrations)$/,
  /project gutenberg/,
  /^(about|end of) (this|the) (e ?book|project gutenberg)/,
  /^colophon$/,
  /^(cover|title page|half title|frontispiece|dedication|imprint)$/,
  // Front and back matter by the Chicago Manual of Style (1.4): a preface or the references frame the chapters.
  /^(preface|foreword)( to (the|this) [a-z ]+)?$/,
  /^(references|bibliography|works cited)$/,
  /^(more|other) (free )?(pdf )?e ?books/,
  /^planet pdf/,
];

// A numbered chapter or appendix ('Appendix D. Copyright') is the book's own structure, whatever its name.
export function isNonChapterTitle(title: string, bookTitle: string | null): boolean {
  const normalized = normalizeTitle(title);
  if (!normalized) return true;
  if (isNumberedDivision(title)) return false;
  if (NON_CHAPTER_TITLES.some((pattern) => pattern.test(normalized))) return true;
  if (bookTitle === null) return false;
  if (titleSimilarity(title, bookTitle) >= 0.9) return true;
  // Only a main title set off by a subtitle separator counts: "The River" is a chapter of "The River Book".
  const mainTitle = bookTitle.split(/\s*[:;—–]\s*|\s+-\s+/)[0] ?? '';
  return mainTitle !== bookTitle && normalized.length >= 8 && titleSimilarity(title, mainTitle) >= 0.9;
}

const LICENCE_WORDS =
  /project gutenberg|gutenberg-tm|\blicen[cs](e|ed|or|ee)\b|creative commons|public domain|all rights reserved|\bcopyright\b|\btrademark\b|\bwarrant(y|ies)\b|\bliability\b|\bredistribut/gi;
const INDEX_LINE = /^[^\d]{2,}?,?\s+\d{1,4}(\s*[-–]\s*\d{1,4})?(\s*[,;]\s*\d{1,4}(\s*[-–]\s*\d{1,4})?)*\.?$|^[A-Z]$/;
const TOC_LINE = /(\.\s?){3,}\s*\S+$|\s\d{1,4}$/;
const LEADER_LINE = /(\.\s?){3,}\s*\S*$/;

export type MatterKind = 'contents' | 'index' | 'licence' | 'blank';

function pageText(page: LayoutPage): string {
  return page.lines.map((line) => line.text).join('\n');
}

export function pageMatterKind(page: LayoutPage): MatterKind | null {
  const lines = page.lines.filter((line) => line.text.trim());
  if (lines.length === 0) return 'blank';
  const heading = normalizeTitle(lines[0]!.text);
  if (/^(table of )?contents$/.test(heading)) return 'contents';
  if (/^index$/.test(heading)) return 'index';
  const text = pageText(page);
  const words = text.split(/\s+/).length;
  const licenceHits = text.match(LICENCE_WORDS)?.length ?? 0;
  if (licenceHits >= 4 && licenceHits * 40 >= words) return 'licence';
  if (/\*\*\*\s*(start|end)[^*]{0,40}project gutenberg/i.test(text)) return 'licence';
  const leadered = lines.filter((line) => LEADER_LINE.test(line.text.trim())).length;
  if (lines.length >= 3 && leadered >= lines.length * 0.5) return 'contents';
  if (lines.length >= 8) {
    const indexLike = lines.filter((line) => INDEX_LINE.test(line.text.trim())).length;
    if (indexLike >= lines.length * 0.6) return 'index';
  }
  return null;
}

export function looksLikeContentsPage(page: LayoutPage): boolean {
  const lines = page.lines.filter((line) => line.text.trim());
  if (lines.length < 3) return false;
  const tocLike = lines.filter((line) => TOC_LINE.test(line.text.trim())).length;
  return tocLike >= Math.max(3, lines.length * 0.5);
}

export function lastContentPage(pages: LayoutPage[]): number {
  for (let i = pages.length - 1; i >= 0; i--) {
    if (pageMatterKind(pages[i]!) === null) return pages[i]!.number;
  }
  return pages.at(-1)?.number ?? 1;
}
