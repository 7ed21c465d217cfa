import { book, layoutPage, prosePage, type LineSpec } from '../../../../test/fixtures/layout-pages.js';
import type { LayoutPage } from './detection.types.js';
import {
  divisionsFromContents,
  findContentsPages,
  findHeading,
  parseContentsEntries,
  topLevel,
} from './toc-chapters.js';

const chapters = (divisions: ReturnType<typeof divisionsFromContents>) =>
  divisions.filter((d) => d.kind === 'chapter').map((d) => [d.title, d.page]);

/** Front matter labelled i..iv, body from physical page 5 labelled 1.. (printed numbers differ from physical ones). */
function bookWithContents(contents: LayoutPage, headings: Record<number, LineSpec[]>): LayoutPage[] {
  const pages = book(40, headings, (n) => (n <= 4 ? ['i', 'ii', 'iii', 'iv'][n - 1]! : String(n - 4)));
  pages[1] = { ...contents, number: 2, label: 'ii' };
  return pages;
}

describe('printed table of contents', () => {
  const contents = layoutPage(2, [
    ['Contents', 20],
    ['Preface . . . . . . . . . . iii', 10, 72],
    ['I Down the Rabbit-Hole . . . . . . . . 1', 10, 72],
    ['II The Pool of Tears . . . . . . . . . 9', 10, 72],
    ['The Tears Themselves . . . . . . . 12', 10, 90],
    ['III A Caucus-Race and a Long Tale . . . 21', 10, 72],
    ['Index . . . . . . . . . . . . . . 33', 10, 72],
  ]);

  it('finds the contents pages and parses entries with their indents', () => {
    const pages = bookWithContents(contents, {});
    expect(findContentsPages(pages).map((p) => p.number)).toEqual([2]);
    const entries = parseContentsEntries([pages[1]!]);
    expect(entries.map((e) => [e.title, e.pageLabel, Math.round(e.indent)])).toEqual([
      ['Preface', 'iii', 0],
      ['I Down the Rabbit-Hole', '1', 0],
      ['II The Pool of Tears', '9', 0],
      ['The Tears Themselves', '12', 18],
      ['III A Caucus-Race and a Long Tale', '21', 0],
      ['Index', '33', 0],
    ]);
  });

  it('maps printed numbers through page labels, verifies headings and keeps the top level', () => {
    const pages = bookWithContents(contents, {
      3: [['Preface', 18]],
      5: [
        ['Chapter I', 18],
        ['Down the Rabbit-Hole', 18],
      ],
      13: [
        ['Chapter II', 18],
        ['The Pool of Tears', 18],
      ],
      16: [['The Tears Themselves', 14]],
      25: [
        ['Chapter III', 18],
        ['A Caucus-Race and a Long Tale', 18],
      ],
      37: [['Index', 18], 'apples, 3'],
    });
    const divisions = divisionsFromContents(pages, null);
    expect(chapters(divisions)).toEqual([
      ['I Down the Rabbit-Hole', 5],
      ['II The Pool of Tears', 13],
      ['III A Caucus-Race and a Long Tale', 25],
    ]);
    expect(divisions.find((d) => d.title === 'Index')).toMatchObject({ kind: 'boundary', page: 37 });
  });

  it('finds the offset to physical pages when the book has no page labels', () => {
    const pages = bookWithContents(contents, {
      5: [
        ['Chapter I', 18],
        ['Down the Rabbit-Hole', 18],
      ],
      13: [
        ['Chapter II', 18],
        ['The Pool of Tears', 18],
      ],
      25: [
        ['Chapter III', 18],
        ['A Caucus-Race and a Long Tale', 18],
      ],
    }).map((page) => ({ ...page, label: String(page.number) }));
    expect(chapters(divisionsFromContents(pages, null))).toEqual([
      ['I Down the Rabbit-Hole', 5],
      ['II The Pool of Tears', 13],
      ['III A Caucus-Race and a Long Tale', 25],
    ]);
  });

  it('keeps the contents entry when the printed heading only adds its number, and takes a fuller heading', () => {
    const svnContents = layoutPage(2, [
      ['Table of Contents', 17],
      '1. Fundamental Concepts ........ 1',
      '2. Basic Usage ........ 15',
    ]);
    const pages = bookWithContents(svnContents, {
      5: [['Chapter 1. Fundamental Concepts', 25]],
      19: [['Chapter 2. Basic Usage Today', 25]],
    });
    expect(chapters(divisionsFromContents(pages, null))).toEqual([
      ['1. Fundamental Concepts', 5],
      ['Chapter 2. Basic Usage Today', 19],
    ]);
  });

  it('picks chapters by their section numbers when sections sit at the same indent, under roman-numbered Parts', () => {
    // LaTeX/doxygen: '2' and '2.1' flush left, page numbers after dotted leaders, Parts 'I'/'II' above the chapters.
    const numbered = layoutPage(2, [
      ['Contents', 20],
      ['I User Manual . . . . . . . . 1', 10, 72],
      ['1 Introduction . . . . . . . . 1', 10, 72],
      ['1.1 Getting the source . . . . . 2', 10, 72],
      ['1.1.1 On UNIX . . . . . . . . 2', 10, 90],
      ['2 Installation . . . . . . . . 9', 10, 72],
      ['2.1 Compiling . . . . . . . . 10', 10, 72],
      ['II Reference . . . . . . . . 20', 10, 72],
      ['3 Commands . . . . . . . . . 21', 10, 72],
      ['3.1 Options . . . . . . . . . 22', 10, 72],
      ['A Licence . . . . . . . . . . 30', 10, 72],
      ['A.1 Terms . . . . . . . . . . 30', 10, 72],
    ]);
    const pages = bookWithContents(numbered, {
      5: [['1 Introduction', 20]],
      13: [['2 Installation', 20]],
      25: [['3 Commands', 20]],
      34: [['A Licence', 20]],
    });
    expect(chapters(divisionsFromContents(pages, null))).toEqual([
      ['1 Introduction', 5],
      ['2 Installation', 13],
      ['3 Commands', 25],
      // Lettered after the numbered chapters: an appendix, kept even though it is the licence.
      ['A Licence', 34],
    ]);
  });

  it('reads page numbers set in their own column on every contents page', () => {
    const first = layoutPage(2, [['Contents', 20], ['1 Introduction', 10, 72], '1.1 Scope . . . . . . 1']);
    // Each number follows its title in reading order, as poppler gives them.
    first.lines.splice(2, 0, { ...first.lines[1]!, text: '1', x: 500 });
    const second = layoutPage(3, [
      ['2 Usage', 10, 72],
      '2.1 Basics . . . . . 9',
      ['3 Reference', 10, 72],
      '3.1 All . . . 15',
    ]);
    second.lines.splice(3, 0, { ...second.lines[2]!, text: '15', x: 500 });
    second.lines.splice(1, 0, { ...second.lines[0]!, text: '9', x: 500 });
    const pages = book(30, { 5: [['1 Introduction', 20]], 13: [['2 Usage', 20]], 19: [['3 Reference', 20]] }, (n) =>
      n <= 4 ? ['i', 'ii', 'iii', 'iv'][n - 1]! : String(n - 4),
    );
    pages[1] = { ...first, label: 'ii' };
    pages[2] = { ...second, label: 'iii' };
    expect(findContentsPages(pages).map((page) => page.number)).toEqual([2, 3]);
    expect(chapters(divisionsFromContents(pages, null))).toEqual([
      ['1 Introduction', 5],
      ['2 Usage', 13],
      ['3 Reference', 19],
    ]);
  });

  it('rejects a contents page that does not match the book', () => {
    const pages = bookWithContents(contents, {});
    expect(divisionsFromContents(pages, null)).toEqual([]);
    expect(divisionsFromContents([prosePage(1), prosePage(2)], null)).toEqual([]);
  });
});

describe('contents pages as technical manuals print them', () => {
  const labels = (n: number) => (n <= 4 ? ['i', 'ii', 'iii', 'iv'][n - 1]! : String(n - 4));

  it('keeps Parts to the entries set larger; a lettered appendix I and a name starting in capitals are not levels', () => {
    const page = layoutPage(2, [
      ['Contents', 20],
      ['I User Manual . . . . . . . 1', 12],
      '1 Introduction . . . . . . 3',
      '1.1 Scope . . . . . . . . 3',
      ['II Reference Manual . . . . 9', 12],
      '2 Commands . . . . . . . 11',
      '2.1 Basics . . . . . . . 11',
      'H Language Examples . . . 20',
      'H.1 Python . . . . . . . 20',
      'I Class Example . . . . . 22',
      'I.1 Class Documentation . . 22',
      ['QTstyle_Test Class Reference . . 23', 10, 120],
    ]);
    const { chapters: top, parts } = topLevel(parseContentsEntries([page]));
    expect(parts.map((e) => e.title)).toEqual(['I User Manual', 'II Reference Manual']);
    expect(top.map((e) => e.title)).toEqual(['1 Introduction', '2 Commands', 'H Language Examples', 'I Class Example']);
  });

  it('verifies a short title against a heading that only shares it once both lose their numbers', () => {
    const page = layoutPage(9, [['Chapter 8', 24], ['BJT', 24], '8.1 Bipolar transistors']);
    expect(findHeading(page, '8 BJT', 10)).toMatchObject({ page: 9 });
    const glued = layoutPage(10, [['CHAPTER27', 14], ['Sym', 14], 'Symmetric functions.']);
    expect(findHeading(glued, '27 Sym', 10)).toMatchObject({ page: 10 });
    expect(findHeading(glued, '28 Tensor', 10)).toBeNull();
  });

  it('takes a heading that opens mid-page without the body line above it', () => {
    const page = layoutPage(21, [
      'the last paragraph of the previous chapter, which ends with an ap-',
      'pendix.',
      ['3 Features', 14],
      'The features of the tools are described here in some detail.',
    ]);
    expect(findHeading(page, '3 Features', 10)).toEqual({ page: 21, heading: null });
  });

  it('finds a contents heading printed under the title block of the same page', () => {
    const page = layoutPage(2, [
      ['The Beamer Class', 24],
      ['User Guide for version 3.68.', 14],
      ['Contents', 14],
      '1 Introduction . . . . . . 1',
      '1.1 Main Features . . . . 1',
      '2 Installation . . . . . . 5',
      '2.1 Versions . . . . . . . 5',
    ]);
    const pages = book(30, { 5: [['1 Introduction', 20]], 9: [['2 Installation', 20]] }, labels);
    pages[1] = { ...page, label: 'ii' };
    const found = findContentsPages(pages);
    expect(found.map((p) => p.number)).toEqual([2]);
    expect(found[0]!.lines[0]!.text).toBe('Contents');
    expect(chapters(divisionsFromContents(pages, null))).toEqual([
      ['1 Introduction', 5],
      ['2 Installation', 9],
    ]);
  });
});
