import type { LayoutLine, LayoutPage } from './detection.types.js';
import { bodyFontSize } from './layout-stats.js';
import { titleCase } from './chapter-labels.js';
import { normalizeTitle } from './title-match.js';

export function isJunkTitle(title: string): boolean {
  const text = title.trim();
  if (text.length < 3 || !/\p{L}{2}/u.test(text)) return true;
  if (/^microsoft (word|powerpoint|excel)\b/i.test(text)) return true;
  if (/\.(docx?|odt|rtf|tex|dvi|ps|pdf|indd|pages|txt|html?|xml|md)$/i.test(text)) return true;
  if (/^[\w-]+\.[a-z0-9]{1,4}$/i.test(text)) return true;
  return /^(untitled( document)?|document\d*|title|unknown|contents|table of contents|index|cover|presentation\d*)$/.test(
    normalizeTitle(text),
  );
}

/** The first title the file declares that names the book: producers write placeholders, file and tool names. */
export function declaredBookTitle(declared: readonly string[]): string | null {
  const title = declared.find((candidate) => !isJunkTitle(candidate));
  return title === undefined ? null : title.slice(0, 500);
}

const CONTENTS = /^(table of )?contents$/;
const NOT_A_TITLE =
  /^(table of )?contents$|^(chapter|part|appendix|preface|foreword|introduction|copyright)\b|^(by|edited by)\b/;

interface Candidate {
  size: number;
  title: string;
  page: number;
}

const EDITION_LINE = /^\(?.{0,20}\b(version|release|edition|revision)\b|^v?\d+(\.\d+)*\b/i;

function titleBlock(lines: LayoutLine[], body: number): { size: number; text: string } | null {
  const size = Math.max(...lines.map((line) => line.size));
  if (size < body * 1.4) return null;
  const large = lines.filter((line) => line.size >= Math.max(body * 1.4, size * 0.7)).sort((a, b) => a.top - b.top);
  const first = large.findIndex((line) => line.size >= size - 0.5);
  const block = [large[first]!];
  for (const line of large.slice(first + 1)) {
    const previous = block.at(-1)!;
    const gap = line.top - previous.top;
    if (gap <= 0 || gap > previous.size * 2.2 || block.length >= 3 || EDITION_LINE.test(line.text.trim())) break;
    // 'Gutenprint 5.2' over 'User's Manual': a subtitle set smaller, but still well above the body.
    const subtitle = line.size < size - 0.5;
    if (subtitle && block.length > 1) break;
    block.push(line);
    if (subtitle) break;
  }
  const text = block
    .map((line) => line.text.trim())
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
  return { size, text };
}

/** The largest text of the first pages, preferably printed again on another (a half-title), which a cover logo is not. */
export function titleFromTitlePage(pages: LayoutPage[]): string | null {
  const body = bodyFontSize(pages);
  // A title page comes before the contents: headings after it are the body's ('Starting xfig').
  const contentsAt = pages
    .slice(0, 5)
    .findIndex((page) => page.lines.some((line) => CONTENTS.test(normalizeTitle(line.text))));
  const first = pages.slice(0, contentsAt >= 0 ? contentsAt + 1 : 5);
  const candidates: Candidate[] = [];
  for (const page of first) {
    // Text drawn several times over itself is a logo's shadow or outline effect, not the title.
    const overdrawn = (line: LayoutLine) =>
      page.lines.some(
        (other) =>
          other !== line &&
          other.text === line.text &&
          Math.abs(other.top - line.top) < 3 &&
          Math.abs(other.x - line.x) < 3,
      );
    const lines = page.lines.filter((line) => /\p{L}{2}/u.test(line.text) && !overdrawn(line));
    if (lines.length === 0 || lines.length > 40) continue;
    const block = titleBlock(lines, body);
    if (!block) continue;
    const title = block.text;
    if (title.length < 3 || title.length > 200 || NOT_A_TITLE.test(normalizeTitle(title)) || isJunkTitle(title)) {
      continue;
    }
    candidates.push({ size: block.size, title, page: page.number });
  }
  if (candidates.length === 0) return null;
  const printedAgain = (candidate: Candidate) =>
    first.some(
      (page) =>
        page.number !== candidate.page &&
        page.lines.some((line) => normalizeTitle(line.text) === normalizeTitle(candidate.title)),
    );
  const repeated = candidates.filter(printedAgain);
  const pool = repeated.length > 0 ? repeated : candidates;
  const best = pool.reduce((a, b) => (b.size > a.size + 0.5 ? b : a));
  return titleCase(best.title);
}
