import {
  findGutter,
  groupLines,
  layoutPage,
  linesToText,
  mergeDropCaps,
  type PageLine,
  type TextRun,
} from './page-layout.js';

const run = (
  text: string,
  x: number,
  top: number,
  size = 10,
  width = text.length * size * 0.5,
  hasEOL = false,
): TextRun => ({
  text,
  x,
  top,
  size,
  width,
  hasEOL,
});

describe('page layout', () => {
  it('joins runs on one baseline into a line, with a space where there is a gap', () => {
    const lines = groupLines([run('Hello', 72, 100), run('world', 110, 100), run('again', 72, 114)]);
    expect(lines.map((l) => l.text)).toEqual(['Hello world', 'again']);
  });

  it('keeps a superscript on its line and sizes the line by most of its letters', () => {
    const lines = groupLines([run('A footnoted word', 72, 100), run('1', 152, 96, 6), run(' continues', 156, 100)]);
    expect(lines).toHaveLength(1);
    expect(lines[0]!.size).toBe(10);
  });

  it('drops text too small to read (watermarks)', () => {
    expect(
      groupLines([run('eBook brought to you by', 72, 20, 3.1), run('Real text', 72, 100)]).map((l) => l.text),
    ).toEqual(['Real text']);
  });

  it('joins a drop cap to its word', () => {
    const runs = mergeDropCaps([run('I', 60, 130, 29.5, 10), run('T is a truth universally acknowledged', 72, 115)]);
    expect(runs.map((r) => r.text)).toEqual(['IT is a truth universally acknowledged']);
  });

  it('orders lines top to bottom even when the footer is drawn first', () => {
    const lines = layoutPage([run('12', 300, 770), run('First line', 72, 100), run('Second line', 72, 114)], 612);
    expect(lines.map((l) => l.text)).toEqual(['First line', 'Second line', '12']);
  });

  it('reads a two-column page column by column, with a full-width title first', () => {
    const runs = [run('A Title Across The Whole Page Width Of The Paper', 72, 60, 14, 460)];
    for (let i = 0; i < 8; i++) {
      runs.push(run(`left ${i} text text`, 72, 100 + i * 14, 10, 200));
      runs.push(run(`right ${i} text text`, 330, 100 + i * 14, 10, 200));
    }
    const lines = layoutPage(runs, 612);
    expect(findGutter(lines, 612)).not.toBeNull();
    expect(lines.map((l) => l.text)).toEqual([
      'A Title Across The Whole Page Width Of The Paper',
      ...Array.from({ length: 8 }, (_, i) => `left ${i} text text`),
      ...Array.from({ length: 8 }, (_, i) => `right ${i} text text`),
    ]);
  });

  it('joins words hyphenated across lines, keeps paragraphs apart and real dashes intact', () => {
    const line = (text: string, top: number, x = 72): PageLine => ({ text, x, right: x + 300, top, size: 10 });
    const text = linesToText([
      line('a young man of large for-', 100),
      line('tune from the north of England;', 112),
      line('that he came down on Monday', 124),
      line('Then a new paragraph after a gap—', 160),
      line('Dashes stay.', 172),
      line('An indented first line starts', 184, 90),
      line('another paragraph.', 196),
    ]);
    expect(text).toBe(
      'a young man of large fortune\nfrom the north of England;\nthat he came down on Monday\n\nThen a new paragraph after a gap—\nDashes stay.\n\nAn indented first line starts\nanother paragraph.',
    );
  });
});
