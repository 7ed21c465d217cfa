/** One line of a page as laid out: text in reading order with its position and font size (points). */
export interface LayoutLine {
  text: string;
  x: number;
  /** Baseline, points from the page's top. */
  top: number;
  /** Font size in points (for OCR pages, the line height). */
  size: number;
}

/** A run of text as the PDF draws it, in page coordinates from the top-left corner (points). */
export interface TextRun {
  text: string;
  x: number;
  top: number;
  width: number;
  size: number;
  hasEOL: boolean;
}

export interface PageLine extends LayoutLine {
  right: number;
}

// Text smaller than this is not meant to be read (watermarks, hidden producer stamps).
const MIN_VISIBLE_SIZE = 4;

/** A large initial letter drawn beside the first lines ('I' + 'T is a truth') is joined to its word. */
export function mergeDropCaps(runs: TextRun[]): TextRun[] {
  const list = [...runs];
  const out: TextRun[] = [];
  for (let i = 0; i < list.length; i++) {
    const run = list[i]!;
    const letters = run.text.trim();
    const nextIndex = list.findIndex((candidate, index) => index > i && candidate.text.trim().length > 0);
    const next = list[nextIndex];
    const isDropCap =
      next !== undefined &&
      /^\p{Lu}{1,2}$/u.test(letters) &&
      run.size >= next.size * 1.8 &&
      next.x > run.x &&
      Math.abs(next.top - run.top) < run.size * 1.5 &&
      /^\p{L}/u.test(next.text.trimStart());
    if (isDropCap) list[nextIndex] = { ...next, text: letters + next.text.trimStart(), x: run.x };
    else out.push(run);
  }
  return out;
}

/** Runs joined into lines in drawing order: a new line starts at a new baseline, a jump back left, a wide gap, or an end-of-line mark. */
export function groupLines(runs: TextRun[]): PageLine[] {
  const lines: (PageLine & { weights: Map<number, number> })[] = [];
  let current: (typeof lines)[number] | null = null;
  let closed = false;
  for (const run of runs) {
    if (run.size < MIN_VISIBLE_SIZE) continue;
    if (run.text.length === 0) {
      if (run.hasEOL) closed = true;
      continue;
    }
    const sameLine =
      current !== null &&
      !closed &&
      Math.abs(run.top - current.top) <= 0.5 * Math.max(run.size, current.size) &&
      run.x >= current.right - 1.5 * Math.max(run.size, current.size) &&
      // A wide gap on one baseline is a column gutter or a right-aligned number, not a space between words.
      run.x - current.right <= 3 * Math.max(run.size, current.size);
    if (!sameLine || current === null) {
      current = {
        text: run.text,
        x: run.x,
        right: run.x + run.width,
        top: run.top,
        size: run.size,
        weights: new Map(),
      };
      lines.push(current);
    } else {
      const gap = run.x - current.right;
      const spaced = /\s$/.test(current.text) || /^\s/.test(run.text);
      current.text += !spaced && gap > 0.15 * run.size ? ` ${run.text}` : run.text;
      current.right = Math.max(current.right, run.x + run.width);
      current.x = Math.min(current.x, run.x);
    }
    const size = Math.round(run.size * 10) / 10;
    current.weights.set(size, (current.weights.get(size) ?? 0) + run.text.trim().length);
    closed = run.hasEOL;
  }
  const out: PageLine[] = [];
  for (const line of lines) {
    const text = line.text.replace(/\s+/g, ' ').trim();
    if (text.length === 0) continue;
    // The line's size is the size most of its letters are set in (a superscript does not count).
    let size = line.size;
    let most = -1;
    for (const [candidate, letters] of line.weights) {
      if (letters > most) [size, most] = [candidate, letters];
    }
    out.push({ text, x: line.x, right: line.right, top: line.top, size });
  }
  return out;
}

/** An x position with text on both sides and (almost) no line across it: the gutter of a two-column page. */
export function findGutter(lines: PageLine[], pageWidth: number): number | null {
  const body = lines.filter((line) => line.text.length >= 2);
  if (body.length < 12) return null;
  if (body.filter((line) => line.right - line.x > pageWidth * 0.55).length > body.length * 0.5) return null;
  // A column holds words: page numbers right-aligned beside contents entries are not a second column.
  const wordy = body.map((line) => /\p{L}.*\p{L}.*\p{L}/u.test(line.text));
  let best: { x: number; crossing: number } | null = null;
  for (let x = pageWidth * 0.3; x <= pageWidth * 0.7; x += 2) {
    let crossing = 0;
    let left = 0;
    let right = 0;
    body.forEach((line, index) => {
      if (line.x < x - 1 && line.right > x + 1) crossing += 1;
      if (!wordy[index]) return;
      if (line.right <= x) left += 1;
      if (line.x >= x) right += 1;
    });
    if (left < 5 || right < 5 || crossing > body.length * 0.15) continue;
    if (!best || crossing < best.crossing) best = { x, crossing };
  }
  return best?.x ?? null;
}

/** Lines in reading order: top to bottom; on a two-column page, the left column before the right within each band. */
export function orderLines(lines: PageLine[], pageWidth: number): PageLine[] {
  const byTop = [...lines].sort((a, b) => {
    const sameRow = Math.abs(a.top - b.top) < 0.3 * Math.min(a.size, b.size);
    return sameRow ? a.x - b.x : a.top - b.top;
  });
  const gutter = findGutter(lines, pageWidth);
  if (gutter === null) return byTop;
  const ordered: PageLine[] = [];
  let left: PageLine[] = [];
  let right: PageLine[] = [];
  const flush = () => {
    ordered.push(...left, ...right);
    left = [];
    right = [];
  };
  for (const line of byTop) {
    if (line.right <= gutter + 1) left.push(line);
    else if (line.x >= gutter - 1) right.push(line);
    else {
      flush();
      ordered.push(line);
    }
  }
  flush();
  return ordered;
}

export function layoutPage(runs: TextRun[], pageWidth: number): PageLine[] {
  return orderLines(groupLines(mergeDropCaps(runs)), pageWidth);
}

type TextLine = Pick<PageLine, 'text' | 'top' | 'size' | 'x'>;

/** Lines side by side on one row (a contents entry and its page number, table cells) read as one line. */
function joinRows(lines: TextLine[]): TextLine[] {
  const rows: TextLine[] = [];
  for (const line of lines) {
    const previous = rows.at(-1);
    const sameRow = previous && Math.abs(line.top - previous.top) < 0.3 * Math.min(line.size, previous.size);
    if (previous && sameRow && line.x > previous.x)
      rows[rows.length - 1] = { ...previous, text: `${previous.text} ${line.text}` };
    else rows.push(line);
  }
  return rows;
}

function median(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** One output line per printed row, a blank line between paragraphs, hyphenated words joined. */
export function linesToText(laidOut: TextLine[]): string {
  const lines = joinRows(laidOut);
  if (lines.length === 0) return '';
  const gaps = lines
    .slice(1)
    .map((line, i) => line.top - lines[i]!.top)
    .filter((gap) => gap > 0);
  const spacing = median(gaps);
  const margin = median(lines.map((line) => Math.round(line.x)));
  const texts = lines.map((line) => line.text);
  const out: string[] = [];
  for (let i = 0; i < texts.length; i++) {
    let text = texts[i]!;
    const next = texts[i + 1];
    if (next !== undefined && /\p{L}[-\u00ad]$/u.test(text) && /^\p{Ll}/u.test(next)) {
      const [word, ...rest] = next.split(' ');
      text = text.slice(0, -1) + word;
      texts[i + 1] = rest.join(' ');
    }
    if (text.length > 0) out.push(text);
    const line = lines[i]!;
    const following = lines[i + 1];
    if (!following || out.length === 0) continue;
    const gap = following.top - line.top;
    const indent = following.x - margin;
    const indented = line.x <= margin + 1 && indent > following.size * 0.8 && indent < following.size * 6;
    // Large type (headings) is set with wider leading than the body: compare the gap with both.
    const usualGap = Math.max(spacing, Math.max(line.size, following.size) * 1.2);
    const newParagraph =
      gap < 0 || gap > usualGap * 1.4 || Math.abs(following.size - line.size) > line.size * 0.15 || indented;
    if (newParagraph && out.at(-1) !== '') out.push('');
  }
  while (out.at(-1) === '') out.pop();
  return out.join('\n');
}
