import type { OcrLine, OcrResult } from './ocr-engine.port.js';

interface LineBox {
  paragraph: string;
  words: string[];
  left: number;
  top: number;
  right: number;
  bottom: number;
}

export function parseTesseractTsv(tsv: string): OcrResult {
  const boxes: LineBox[] = [];
  let lineKey = '';
  let confidenceSum = 0;
  let words = 0;
  for (const row of tsv.split('\n')) {
    const cells = row.split('\t');
    if (cells.length < 12 || cells[0] !== '5') continue;
    const text = cells.slice(11).join('\t').trim();
    if (!text) continue;
    const [block, paragraph, line] = [cells[2], cells[3], cells[4]];
    const [left, top, width, height, conf] = cells.slice(6, 11).map(Number) as [number, number, number, number, number];
    const key = `${block}.${paragraph}.${line}`;
    if (key !== lineKey) {
      boxes.push({
        paragraph: `${block}.${paragraph}`,
        words: [],
        left,
        top,
        right: left + width,
        bottom: top + height,
      });
      lineKey = key;
    }
    const box = boxes.at(-1)!;
    box.words.push(text);
    box.left = Math.min(box.left, left);
    box.top = Math.min(box.top, top);
    box.right = Math.max(box.right, left + width);
    box.bottom = Math.max(box.bottom, top + height);
    if (conf >= 0) {
      confidenceSum += conf;
      words += 1;
    }
  }
  const lines: OcrLine[] = boxes.map((box) => ({
    text: box.words.join(' '),
    left: box.left,
    top: box.top,
    width: box.right - box.left,
    height: box.bottom - box.top,
  }));
  const text = boxes
    .map((box, index) => (index > 0 && boxes[index - 1]!.paragraph !== box.paragraph ? '\n' : '') + lines[index]!.text)
    .join('\n');
  return { text, confidence: words > 0 ? Math.round((confidenceSum / words) * 10) / 10 : 0, lines };
}
