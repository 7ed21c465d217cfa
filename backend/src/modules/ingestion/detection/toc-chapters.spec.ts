import { book, layoutPage, prosePage, type LineSpec } from '../../../../test/fixtures/layout-pages.js';
import type { LayoutPage } from './detection.types.js';
import { divisionsFromContents, findContentsPages, parseContentsEntries } from './toc-chapters.js';

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
      ['Preface', 3],
      ['Down the Rabbit-Hole', 5],
      ['The Pool of Tears', 13],
      ['A Caucus-Race and a Long Tale', 25],
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
      ['Down the Rabbit-Hole', 5],
      ['The Pool of Tears', 13],
      ['A Caucus-Race and a Long Tale', 25],
    ]);
  });

  it('uses the printed heading when it is the fuller title', () => {
    const svnContents = layoutPage(2, [
      ['Table of Contents', 17],
      '1. Fundamental Concepts ........ 1',
      '2. Basic Usage ........ 15',
    ]);
    const pages = bookWithContents(svnContents, {
      5: [['Chapter 1. Fundamental Concepts', 25]],
      19: [
        ['Chapter 2. Basic', 25],
        ['Usage', 25],
      ],
    });
    expect(chapters(divisionsFromContents(pages, null))).toEqual([
      ['Chapter 1. Fundamental Concepts', 5],
      ['Chapter 2. Basic Usage', 19],
    ]);
  });

  it('rejects a contents page that does not match the book', () => {
    const pages = bookWithContents(contents, {});
    expect(divisionsFromContents(pages, null)).toEqual([]);
    expect(divisionsFromContents([prosePage(1), prosePage(2)], null)).toEqual([]);
  });
});
