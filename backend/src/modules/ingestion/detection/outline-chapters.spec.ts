import type { OutlineNode } from './detection.types.js';
import { divisionsFromOutline } from './outline-chapters.js';

const node = (title: string, page: number | null, children: OutlineNode[] = []): OutlineNode => ({
  title,
  page,
  children,
});
const chapters = (divisions: ReturnType<typeof divisionsFromOutline>) =>
  divisions.filter((d) => d.kind === 'chapter').map((d) => [d.title, d.page]);

describe(divisionsFromOutline.name, () => {
  it('takes the top level and leaves title, contents, preface and index out as boundaries', () => {
    const outline = [
      node('Version Control with Subversion', 1),
      node('Table of Contents', 3),
      node('Preface', 13, [node('Audience', 18)]),
      node('Chapter 1. Fundamental Concepts', 22, [node('Summary', 35)]),
      node('Chapter 2. Basic Usage', 36),
      node('Chapter 3. Advanced Topics', 68),
      node('Appendix A. Quick-Start Guide', 436),
      node('Appendix D. Copyright', 451),
      node('Index', 457),
    ];
    const divisions = divisionsFromOutline(outline, 'Version Control with Subversion - For Subversion 1.7');
    expect(chapters(divisions)).toEqual([
      ['Chapter 1. Fundamental Concepts', 22],
      ['Chapter 2. Basic Usage', 36],
      ['Chapter 3. Advanced Topics', 68],
      ['Appendix A. Quick-Start Guide', 436],
      // A lettered appendix is the book's own structure even when it holds the licence.
      ['Appendix D. Copyright', 451],
    ]);
    expect(divisions.filter((d) => d.kind === 'boundary').map((d) => d.page)).toEqual([1, 3, 13, 457]);
  });

  it('descends through a single book-title entry and through Parts', () => {
    const outline = [
      node('The War of the Worlds', 1, [
        node('BOOK ONE\u000b\u000bTHE COMING OF THE MARTIANS', 3, [
          node('CHAPTER ONE\u000bTHE EVE OF THE WAR', 4),
          node('CHAPTER TWO\u000bTHE FALLING STAR', 14),
        ]),
        node('BOOK TWO\u000bTHE EARTH UNDER THE MARTIANS', 181, [node('CHAPTER ONE\u000bUNDER FOOT', 182)]),
      ]),
      node('Planet PDF', null),
    ];
    const divisions = divisionsFromOutline(outline, 'The War of the Worlds');
    expect(chapters(divisions)).toEqual([
      ['CHAPTER ONE THE EVE OF THE WAR', 4],
      ['CHAPTER TWO THE FALLING STAR', 14],
      ['CHAPTER ONE UNDER FOOT', 182],
    ]);
    expect(divisions.find((d) => d.page === 181)).toMatchObject({ kind: 'boundary' });
  });

  it('descends into the entry holding most of the outline and drops sections flattened between chapters', () => {
    const body = [
      node('CHAPTER I', 10, [node('ACQUIRING CONFIDENCE', 10)]),
      node('QUESTIONS AND EXERCISES.', 15),
      node('CHAPTER II', 16, [node('THE SIN OF MONOTONY', 16)]),
      node('FOOTNOTES:', 18),
      node('CHAPTER III', 19),
      node('QUESTIONS AND EXERCISES', 26),
    ];
    const outline = [
      node('The Art of Public Speaking', 3),
      node('BY', 3),
      node('J. BERG ESENWEIN', 4),
      node('THE ART OF PUBLIC SPEAKING', 10, body),
      node('APPENDICES', 301, [node('APPENDIX A', 301)]),
    ];
    const divisions = divisionsFromOutline(outline, 'The Art of Public Speaking');
    expect(chapters(divisions)).toEqual([
      ['CHAPTER I', 10],
      ['CHAPTER II', 16],
      ['CHAPTER III', 19],
    ]);
    expect(divisions.find((d) => d.page === 301)).toMatchObject({ kind: 'boundary' });
  });

  it('descends below roman-numbered Parts (LaTeX \\part) and an Appendices container beside them', () => {
    const outline = [
      node('Contents', 3),
      node('1 Introduction', 8, [node('1.1 Main Features', 8)]),
      node('I Getting Started', 12, [node('2 Installation', 13), node('3 Tutorial', 19)]),
      node('II Building a Presentation', 56, [node('4 Creating Frames', 57, [node('4.1 Frames', 57)])]),
      node('Appendices', 257, [node('Autolink Support', 258), node('Doxygen Usage', 262)]),
    ];
    expect(chapters(divisionsFromOutline(outline, null))).toEqual([
      ['1 Introduction', 8],
      ['2 Installation', 13],
      ['3 Tutorial', 19],
      ['4 Creating Frames', 57],
      ['Autolink Support', 258],
      ['Doxygen Usage', 262],
    ]);
  });

  it('keeps a long chapter numbered like its siblings instead of descending into its sections', () => {
    const sections = Array.from({ length: 12 }, (_, i) => node(`7.${i + 1}) Option ${i + 1}`, 45 + i));
    const outline = [
      node('1) Introduction', 5, [node('1.1) What is it?', 5)]),
      node('2) General Requirements', 9),
      node('3) Installation', 10, [node('3.1) Overview', 10)]),
      node('7) List of Supported Options', 45, sections),
    ];
    expect(chapters(divisionsFromOutline(outline, null)).map(([, page]) => page)).toEqual([5, 9, 10, 45]);
  });

  it('keeps one chapter for an entry an HTML converter repeated at the same place', () => {
    const outline = [
      node('Introduction', 3),
      node('Global Settings', 67),
      node('Miscellaneous', 93),
      node('Miscellaneous', 93),
      node('Keyboard Accelerators', 97),
      node('LaTeX and Xfig', 124),
      node('LaTeX and Xfig', 125),
    ];
    expect(chapters(divisionsFromOutline(outline, null))).toEqual([
      ['Introduction', 3],
      ['Global Settings', 67],
      ['Miscellaneous', 93],
      ['Keyboard Accelerators', 97],
      ['LaTeX and Xfig', 124],
    ]);
  });

  it('gives nothing for an outline without pages', () => {
    expect(divisionsFromOutline([node('Somewhere', null)], null)).toEqual([]);
  });
});
