import type { LayoutLine, LayoutPage } from './detection.types.js';
import { bodyFontSize } from './layout-stats.js';
import { normalizeTitle } from './title-match.js';

/** Metadata that names a file or a tool, not the book: 'Microsoft Word - x.doc', 'amsclass.dvi', 'Contents'. */
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

const NOT_A_TITLE =
  /^(table of )?contents$|^(chapter|part|appendix|preface|foreword|introduction|copyright)\b|^(by|edited by)\b/;

/**
 * The book's title as its title page prints it: the largest text on the first pages (its lines joined when the
 * title wraps), set well above the body size. Null when no page stands out that way.
 */
export function titleFromTitlePage(pages: LayoutPage[]): string | null {
  const body = bodyFontSize(pages);
  let best: { size: number; lines: LayoutLine[] } | null = null;
  for (const page of pages.slice(0, 4)) {
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
    const size = Math.max(...lines.map((line) => line.size));
    if (size < body * 1.4 || (best && size <= best.size + 0.5)) continue;
    // The lines set at that size, in a block: a title wrapped over two or three lines.
    const top = lines.filter((line) => line.size >= size - 0.5).sort((a, b) => a.top - b.top);
    const block = [top[0]!];
    for (const line of top.slice(1, 3)) {
      if (line.top - block.at(-1)!.top > size * 2.2) break;
      block.push(line);
    }
    best = { size, lines: block };
  }
  if (!best) return null;
  const title = best.lines
    .map((line) => line.text.trim())
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (title.length < 3 || title.length > 200 || NOT_A_TITLE.test(normalizeTitle(title)) || isJunkTitle(title)) {
    return null;
  }
  return title;
}
