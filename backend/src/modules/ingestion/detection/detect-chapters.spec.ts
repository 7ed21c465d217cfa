import { book, layoutPage, prosePage } from '../../../../test/fixtures/layout-pages.js';
import { chaptersFromDivisions, detectChapters, fixedSizeSections } from './detect-chapters.js';

describe(detectChapters.name, () => {
  it('moves an outline entry anchored before a page break to its heading, drops one pointing at the contents and a lettered index', () => {
    const pages = book(26, {
      2: [['Contents', 20], 'Preface . . . . . 3', 'One . . . . . 5', 'Two . . . . . 10'],
      3: [['Preface', 20]],
      5: [['One', 20]],
      10: [['Two', 20]],
      20: [['Bibliography', 20], '[1] A. Writer, A Book, 1999.'],
    });
    // An index set with leaders, all of its page (no prose).
    pages[21] = layoutPage(22, [['Appendix C Concept index', 20], 'apples . . . 3', 'pears . . . 4', 'plums . . . 5']);
    pages[22] = layoutPage(23, ['figs . . . . . 6', 'grapes . . . . . 7', 'kiwis . . . . . 8']);
    const outline = [
      // The outline's 'Contents' entry is named 'Preface' and points at the contents page.
      { title: 'Preface', page: 2, children: [] },
      { title: 'One', page: 5, children: [] },
      { title: 'Two', page: 10, children: [] },
      { title: 'Bibliography', page: 19, children: [] },
      { title: 'Appendix C Concept index', page: 22, children: [] },
    ];
    const found = detectChapters({ pages, outline, bookTitle: null });
    // The bibliography is back matter: it ends the last chapter and is none itself.
    expect(found.map((c) => [c.title, c.startPage])).toEqual([
      ['One', 5],
      ['Two', 10],
    ]);
    expect(found.at(-1)!.endPage).toBe(19);
  });

  it('prefers the outline and ends each chapter where the next division starts', () => {
    const pages = book(30, {
      29: ['Index', 'apples, 3', 'pears, 4'],
      30: Array.from({ length: 10 }, (_, i) => `fruit ${i}, ${i + 2}`),
    });
    const outline = [
      { title: 'One', page: 2, children: [] },
      { title: 'Two', page: 10, children: [] },
      { title: 'Part Two', page: 19, children: [{ title: 'Three', page: 20, children: [] }] },
      { title: 'Index', page: 29, children: [] },
    ];
    expect(detectChapters({ pages, outline, bookTitle: null })).toEqual([
      { number: 1, title: 'One', label: null, startPage: 2, endPage: 9, method: 'outline' },
      { number: 2, title: 'Two', label: null, startPage: 10, endPage: 18, method: 'outline' },
      { number: 3, title: 'Three', label: null, startPage: 20, endPage: 28, method: 'outline' },
    ]);
  });

  it('does not count an entry that opens on licence boilerplate as a chapter', () => {
    const licence = [
      'The Project Gutenberg EBook of a Book. This eBook is for the use of anyone anywhere at no cost.',
      'You may copy it under the terms of the Project Gutenberg License included with this eBook.',
      'Project Gutenberg is a registered trademark; see the license for the terms of redistribution.',
    ];
    const pages = book(20, { 2: licence });
    pages[1] = { ...pages[1]!, lines: pages[1]!.lines.slice(0, 3) };
    const outline = [
      { title: 'Preface', page: 2, children: [] },
      { title: 'One', page: 3, children: [] },
      { title: 'Two', page: 10, children: [] },
    ];
    expect(detectChapters({ pages, outline, bookTitle: null }).map((c) => [c.title, c.startPage])).toEqual([
      ['One', 3],
      ['Two', 10],
    ]);
  });

  it('keeps a numbered appendix that holds the licence, and leaves an unnumbered licence out', () => {
    const licence = [
      'This work is licensed under the Creative Commons Attribution License.',
      'The licensor makes no warranty; see the license for the terms of redistribution.',
      'Copyright and trademark notices must be kept; liability is limited as the license states.',
    ];
    const pages = book(24, { 20: licence, 21: licence, 22: licence, 23: licence });
    for (const number of [20, 21, 22, 23])
      pages[number - 1] = { ...pages[number - 1]!, lines: pages[number - 1]!.lines.slice(0, 3) };
    const outline = (licenceTitle: string) => [
      { title: 'Chapter 1. One', page: 2, children: [] },
      { title: 'Chapter 2. Two', page: 10, children: [] },
      { title: licenceTitle, page: 20, children: [] },
      { title: 'Index', page: 24, children: [] },
    ];
    const detect = (licenceTitle: string) =>
      detectChapters({ pages, outline: outline(licenceTitle), bookTitle: null }).map((c) => [
        c.label,
        c.title,
        c.startPage,
        c.endPage,
      ]);
    // The printed number is kept apart from the title ('Chapter 2. Two' -> label '2', title 'Two').
    expect(detect('Appendix D. Copyright')).toEqual([
      ['1', 'One', 2, 9],
      ['2', 'Two', 10, 19],
      ['D', 'Copyright', 20, 23],
    ]);
    expect(detect('Copyright')).toEqual([
      ['1', 'One', 2, 9],
      ['2', 'Two', 10, 19],
    ]);
    // Printed as a chapter ('CHAPTER' over 'TWENTYTHREE', as Sphinx sets it): the book's own, licence text or not.
    pages[19] = layoutPage(20, ['CHAPTER', ['TWENTYTHREE', 14], ...licence]);
    expect(detect('Copyright').at(-1)).toEqual([null, 'Copyright', 20, 23]);
    // Numbered in the sequence of the chapters before it, without an 'Appendix' word: still the book's own.
    const sequence = (title: string) => [
      { title: '1) One', page: 2, children: [] },
      { title: '2) Two', page: 10, children: [] },
      { title, page: 20, children: [] },
      { title: 'Index', page: 24, children: [] },
    ];
    expect(
      detectChapters({ pages, outline: sequence('3) GNU General Public License'), bookTitle: null }).map((c) => [
        c.label,
        c.title,
        c.startPage,
      ]),
    ).toEqual([
      ['1', 'One', 2],
      ['2', 'Two', 10],
      ['3', 'GNU General Public License', 20],
    ]);
  });

  it('reads the printed number above a title the outline gives without it', () => {
    const pages = book(12, {
      2: [
        ['Chapter 1', 26],
        ['The Water Cycle', 18],
      ],
      7: [
        ['CHAPTER TWO', 26],
        ['Rocks', 18],
      ],
    });
    const outline = [
      { title: 'The Water Cycle', page: 2, children: [] },
      { title: 'Rocks', page: 7, children: [] },
    ];
    expect(detectChapters({ pages, outline, bookTitle: null }).map((c) => [c.label, c.title])).toEqual([
      ['1', 'The Water Cycle'],
      ['2', 'Rocks'],
    ]);
  });

  it('completes an outline title cut mid-word or between words from the heading printed on its page', () => {
    const pages = book(12, {
      2: [
        ['CHAPTER ELEVEN', 20],
        ['AT THE WINDOW', 18],
      ],
      5: [
        ['CHAPTER TWELVE', 20],
        ['WHAT I SAW OF THE DESTRUCTION OF', 18],
        ['WEYBRIDGE AND SHEPPERTON', 18],
      ],
      9: [
        ['CHAPTER THIRTEEN', 20],
        ['HOW I FELL IN WITH', 18],
        ['THE CURATE', 18],
      ],
    });
    const outline = [
      { title: 'CHAPTER ELEVEN AT THE WINDOW', page: 2, children: [] },
      { title: 'CHAPTER TWELVE WHAT I SAW OF THE DESTRUCTION OF WEYBRIDGE A', page: 5, children: [] },
      { title: 'CHAPTER THIRTEEN HOW I FELL IN WITH', page: 9, children: [] },
    ];
    expect(detectChapters({ pages, outline, bookTitle: null }).map((c) => c.title)).toEqual([
      'At the Window',
      'What I Saw of the Destruction of Weybridge and Shepperton',
      'How I Fell in with the Curate',
    ]);
  });

  it('takes the printed heading when the outline gives a shorter title, and only the heading', () => {
    const pages = book(30, {
      // A textbook: the label on its own line, the title below it in the same heading font.
      2: [
        ['Chapter 0', 24],
        ['Introduction and Preliminaries', 24],
      ],
      // The outline's title is the whole heading; a section heading in a smaller font follows.
      10: [
        ['Chapter 1', 24],
        ['Counting', 24],
        ['1.1 Counting and the additive principle', 16],
      ],
      // The number set large below the title (as some publishers do) is no part of it.
      15: [
        ['Counting again', 24],
        ['2', 24],
      ],
      // A body line that happens to start with the title's words is no heading.
      20: [['Sequences', 24], 'Sequences and their terms are the subject of this chapter.'],
      // The chapter's number read into the title's line ('Models 5') adds no word to it.
      25: [['Models 5', 24]],
    });
    const outline = [
      { title: 'Introduction', page: 2, children: [] },
      { title: 'Counting', page: 10, children: [] },
      { title: 'Counting again', page: 15, children: [] },
      { title: 'Sequences', page: 20, children: [] },
      { title: 'Models', page: 25, children: [] },
    ];
    expect(detectChapters({ pages, outline, bookTitle: null }).map((c) => [c.label, c.title])).toEqual([
      ['0', 'Introduction and Preliminaries'],
      ['1', 'Counting'],
      [null, 'Counting again'],
      [null, 'Sequences'],
      [null, 'Models'],
    ]);
  });

  it('falls through to typography when there is no outline or contents page', () => {
    const pages = book(12, { 2: [['Chapter 1', 18]], 7: [['Chapter 2', 18]] });
    const chapters = detectChapters({ pages, outline: [], bookTitle: null });
    expect(chapters.map((c) => [c.method, c.startPage, c.endPage])).toEqual([
      ['typography', 2, 6],
      ['typography', 7, 12],
    ]);
  });

  it('cuts a structureless book into fixed-size sections marked auto', () => {
    const chapters = detectChapters({ pages: book(45), outline: [], bookTitle: null });
    expect(chapters.map((c) => [c.number, c.title, c.startPage, c.endPage, c.method])).toEqual([
      [1, 'Pages 1–23', 1, 23, 'auto'],
      [2, 'Pages 24–45', 24, 45, 'auto'],
    ]);
  });

  it('titles fixed-size sections with printed page labels', () => {
    const pages = [prosePage(1, 'xi'), prosePage(2, 'xii')];
    expect(fixedSizeSections(pages, 1, 2)).toEqual([
      { number: 1, title: 'Pages xi–xii', label: null, startPage: 1, endPage: 2, method: 'auto' },
    ]);
  });

  it('keeps chapters that start on the same page at least one page long', () => {
    const chapters = chaptersFromDivisions(
      [
        { title: 'A', page: 3, kind: 'chapter' },
        { title: 'B', page: 3, kind: 'chapter' },
        { title: 'C', page: 5, kind: 'chapter' },
      ],
      8,
      'toc',
    );
    expect(chapters.map((c) => [c.startPage, c.endPage])).toEqual([
      [3, 3],
      [3, 4],
      [5, 8],
    ]);
  });
});
