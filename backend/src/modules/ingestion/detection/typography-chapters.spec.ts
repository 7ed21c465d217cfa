import { book } from '../../../../test/fixtures/layout-pages.js';
import { divisionsFromTypography } from './typography-chapters.js';

const chapters = (divisions: ReturnType<typeof divisionsFromTypography>) =>
  divisions.filter((d) => d.kind === 'chapter').map((d) => [d.title, d.page]);

describe(divisionsFromTypography.name, () => {
  it('finds "Chapter N" headings set larger than the body, with wrapped titles and roman numbers', () => {
    const pages = book(30, {
      3: [['Contents', 20]],
      4: [['PART I.', 20]],
      5: [
        ['CHAPTER I. MR.', 20],
        ['SHERLOCK HOLMES.', 20],
      ],
      12: [
        ['CHAPTER II. THE SCIENCE', 20],
        ['OF DEDUCTION.', 20],
      ],
      19: [['PART II.', 20]],
      20: [
        ['CHAPTER I. ON THE GREAT', 20],
        ['ALKALI PLAIN.', 20],
      ],
      26: ['Mentioned in passing: see Chapter 1 for details.'],
    });
    const divisions = divisionsFromTypography(pages, null);
    expect(chapters(divisions)).toEqual([
      ['CHAPTER I. MR. SHERLOCK HOLMES.', 5],
      ['CHAPTER II. THE SCIENCE OF DEDUCTION.', 12],
      ['CHAPTER I. ON THE GREAT ALKALI PLAIN.', 20],
    ]);
    expect(divisions.filter((d) => d.kind === 'boundary').map((d) => d.page)).toEqual([4, 19]);
  });

  it('joins a larger title under a small label but not the section heading after it', () => {
    const pages = book(20, {
      2: [
        ['Chapter 1', 14],
        ['Why is Proper Grammar so Important?', 24],
        ['Verbs', 18],
      ],
      9: [
        ['Chapter 2', 14],
        ['Sentences', 24],
      ],
    });
    expect(chapters(divisionsFromTypography(pages, null))).toEqual([
      ['Chapter 1 Why is Proper Grammar so Important?', 2],
      ['Chapter 2 Sentences', 9],
    ]);
  });

  it('joins a smaller title set under a large "Chapter N" label', () => {
    const pages = book(12, {
      2: [
        ['Chapter 1', 22],
        ['Shaking Ground', 16],
      ],
      7: [
        ['Chapter 2', 22],
        ['Waves', 16],
      ],
    });
    expect(chapters(divisionsFromTypography(pages, null))).toEqual([
      ['Chapter 1 Shaking Ground', 2],
      ['Chapter 2 Waves', 7],
    ]);
  });

  it('takes headings in the middle of a page, spelled-out numbers, and keeps the first page per number', () => {
    const pages = book(20, {
      3: ['End of the introduction.', ['CHAPTER ONE', 13.5], ['THE EVE OF THE WAR', 13.5]],
      9: [
        ['CHAPTER TWO', 13.5],
        ['THE FALLING STAR', 13.5],
      ],
      15: [['CHAPTER TWO', 13.5]],
    });
    expect(chapters(divisionsFromTypography(pages, null))).toEqual([
      ['CHAPTER ONE THE EVE OF THE WAR', 3],
      ['CHAPTER TWO THE FALLING STAR', 9],
    ]);
  });

  it('falls back to the largest recurring page-top heading in books without chapter labels', () => {
    const pages = book(20, {
      2: [['Down the Rabbit-Hole', 24]],
      8: [['The Pool of Tears', 24]],
      14: [
        ['A Caucus-Race', 24],
        ['A smaller section heading', 14],
      ],
      15: [['A smaller section heading', 14]],
    });
    expect(chapters(divisionsFromTypography(pages, null))).toEqual([
      ['Down the Rabbit-Hole', 2],
      ['The Pool of Tears', 8],
      ['A Caucus-Race', 14],
    ]);
  });

  it('finds nothing in plain prose', () => {
    expect(divisionsFromTypography(book(10), null)).toEqual([]);
  });
});
