import { layoutPage, prosePage } from '../../../../test/fixtures/layout-pages.js';
import { isNonChapterTitle, lastContentPage, looksLikeContentsPage, pageMatterKind } from './book-matter.js';

describe('front and back matter', () => {
  it('knows contents, index, copyright, licence, title-page, preface and reference entries are not chapters, unless numbered', () => {
    for (const title of [
      // A textbook's preface and references frame its chapters (levin's and langtangen's outlines list them).
      'Preface',
      'Foreword',
      'Preface to the Second Edition',
      'References',
      'Bibliography',
      'Works Cited',
      'Table of Contents',
      'Contents',
      'Index',
      'Copyright',
      'List of Figures',
      'List of Symbols',
      'List of Exercises, Problems, and Projects',
      'Project Gutenberg License',
    ]) {
      expect(isNonChapterTitle(title, null)).toBe(true);
    }
    expect(
      isNonChapterTitle('Version Control with Subversion', 'Version Control with Subversion - For Subversion 1.7'),
    ).toBe(true);
    for (const title of [
      'Chapter 1. Fundamental Concepts',
      'Appendix C. References',
      '17 Acknowledgments',
      'Referencing Sources',
      'Prefaces to Shakespeare',
      'Appendix A. Quick-Start Guide',
      // Numbered into the book's structure, so the book's own list of appendices stays whole.
      'Appendix D. Copyright',
      'Chapter 12: The License',
      'Poem',
    ]) {
      expect(isNonChapterTitle(title, 'Some Book')).toBe(false);
    }
  });

  it('classifies index, licence, contents and blank pages from their text', () => {
    const index = layoutPage(1, ['Index', 'ancestry, 126', 'branches, 117-161', 'commit, 21, 44']);
    const indexContinued = layoutPage(
      2,
      Array.from({ length: 12 }, (_, i) => `term number ${i}, ${i + 3}, ${i * 7 + 10}`),
    );
    const licence = layoutPage(3, [
      'This work is licensed under the Creative Commons Attribution License.',
      'THE WORK IS PROVIDED UNDER THE TERMS OF THIS CREATIVE COMMONS PUBLIC LICENSE.',
      'The work is protected by copyright and other applicable law; the licensor makes no warranty.',
    ]);
    const gutenberg = layoutPage(4, ['*** END OF THIS PROJECT GUTENBERG EBOOK PRIDE AND PREJUDICE ***', 'Some words.']);
    const contents = layoutPage(5, [
      'Foreword . . . . . . . xi',
      'Preface . . . . . . . xiii',
      '1. Basics . . . . . . . 1',
    ]);
    expect(pageMatterKind(index)).toBe('index');
    expect(pageMatterKind(indexContinued)).toBe('index');
    expect(pageMatterKind(licence)).toBe('licence');
    expect(pageMatterKind(gutenberg)).toBe('licence');
    expect(pageMatterKind(contents)).toBe('contents');
    expect(looksLikeContentsPage(contents)).toBe(true);
    expect(pageMatterKind(layoutPage(6, []))).toBe('blank');
    expect(pageMatterKind(prosePage(7))).toBeNull();
  });

  it('ends the body before trailing index and licence pages', () => {
    const pages = [
      ...Array.from({ length: 7 }, (_, i) => prosePage(i + 1)),
      layoutPage(8, ['Index', 'apples, 3', 'pears, 4, 5', 'plums, 6-7']),
      layoutPage(
        9,
        Array.from({ length: 10 }, (_, i) => `entry ${i}, ${i + 1}`),
      ),
      layoutPage(10, ['*** START OF THE PROJECT GUTENBERG LICENSE ***']),
    ];
    expect(lastContentPage(pages)).toBe(7);
  });
});
