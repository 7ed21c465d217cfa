import { encodePgm, isBlank } from './gray-image.js';
import { parseTesseractTsv } from './tesseract-tsv.js';

const header = 'level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext';
const word = (
  block: number,
  par: number,
  line: number,
  n: number,
  left: number,
  top: number,
  conf: number,
  text: string,
) => `5\t1\t${block}\t${par}\t${line}\t${n}\t${left}\t${top}\t40\t20\t${conf}\t${text}`;

describe(parseTesseractTsv.name, () => {
  it('rebuilds lines and paragraphs, line boxes and the mean word confidence', () => {
    const tsv = [
      header,
      '4\t1\t1\t1\t1\t0\t10\t10\t300\t20\t-1\t',
      word(1, 1, 1, 1, 10, 10, 90, 'It'),
      word(1, 1, 1, 2, 60, 12, 80, 'is'),
      word(1, 1, 2, 1, 10, 40, 70, 'a'),
      word(1, 2, 1, 1, 10, 90, 60, 'Truth.'),
    ].join('\n');
    const result = parseTesseractTsv(tsv);
    expect(result.text).toBe('It is\na\n\nTruth.');
    expect(result.confidence).toBe(75);
    expect(result.lines[0]).toEqual({ text: 'It is', left: 10, top: 10, width: 90, height: 22 });
  });

  it('gives empty text and zero confidence for a page without words', () => {
    expect(parseTesseractTsv(header)).toEqual({ text: '', confidence: 0, lines: [] });
  });
});

describe('grey images', () => {
  it('encodes binary PGM and tells blank pages from inked ones', () => {
    const data = new Uint8Array(100 * 100).fill(255);
    const image = { width: 100, height: 100, data };
    expect(encodePgm(image).subarray(0, 15).toString('ascii')).toBe('P5\n100 100\n255\n');
    expect(isBlank(image)).toBe(true);
    data.fill(0, 0, 200);
    expect(isBlank(image)).toBe(false);
  });
});
