import type { LayoutLine } from './detection.types.js';

export function bodyFontSize(pages: { lines: Pick<LayoutLine, 'text' | 'size'>[] }[]): number {
  const weight = new Map<number, number>();
  for (const page of pages) {
    for (const line of page.lines) {
      const size = Math.round(line.size * 2) / 2;
      weight.set(size, (weight.get(size) ?? 0) + line.text.length);
    }
  }
  let best = 0;
  let bestWeight = -1;
  for (const [size, total] of weight) {
    if (total > bestWeight) [best, bestWeight] = [size, total];
  }
  return best || 10;
}

export function wordCount(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

export function headingBlock(lines: LayoutLine[], start: number, minSize: number, maxLines = 6): LayoutLine[] {
  const block = [lines[start]!];
  for (let i = start + 1; i < lines.length && block.length < maxLines; i++) {
    const line = lines[i]!;
    const previous = block.at(-1)!;
    const gap = line.top - previous.top;
    const sameSize = Math.abs(line.size - previous.size) <= previous.size * 0.08;
    const titleUnderLabel = block.length === 1 && line.size > previous.size;
    if (line.size < minSize || !(sameSize || titleUnderLabel)) break;
    if (gap <= 0 || gap > Math.max(previous.size, line.size) * 3.5) break;
    block.push(line);
  }
  return block;
}
