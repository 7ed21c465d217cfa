import { book, layoutPage } from '../../../../test/fixtures/layout-pages.js';
import { declaredBookTitle, isJunkTitle, titleFromTitlePage } from './book-title.js';

describe(isJunkTitle.name, () => {
  it('ignores file and tool names and placeholders, keeps real titles', () => {
    for (const junk of ['Microsoft Word - thesis.doc', 'amsclass.dvi', 'Untitled', 'Contents', 'report.pdf', 'x']) {
      expect(isJunkTitle(junk)).toBe(true);
    }
    for (const title of ['Grammar Matters', 'Writing R Extensions', 'Erlang/OTP System Documentation']) {
      expect(isJunkTitle(title)).toBe(false);
    }
  });
});

describe(declaredBookTitle.name, () => {
  it('takes the first declared title that names the book', () => {
    expect(declaredBookTitle(['Microsoft Word - thesis.docx', 'Grammar Matters'])).toBe('Grammar Matters');
    expect(declaredBookTitle(['Writing R Extensions', 'Untitled'])).toBe('Writing R Extensions');
  });

  it('answers null when every declared title is a placeholder or file name', () => {
    expect(declaredBookTitle([])).toBeNull();
    expect(declaredBookTitle(['Untitled', 'amsclass.dvi'])).toBeNull();
  });

  it('keeps at most 500 characters', () => {
    expect(declaredBookTitle([`A Very Long Title ${'word '.repeat(200)}`])).toHaveLength(500);
  });
});

describe(titleFromTitlePage.name, () => {
  it('takes the largest text of the first pages, joined when it wraps', () => {
    const pages = book(8, {});
    pages[0] = layoutPage(1, [
      ['Asymptote: the Vector Graphics', 21],
      ['Language', 21],
      ['For version 2.85', 11],
    ]);
    expect(titleFromTitlePage(pages)).toBe('Asymptote: the Vector Graphics Language');
  });

  it('skips text drawn over itself (a logo effect) and contents headings; null when nothing stands out', () => {
    const pages = book(8, {});
    pages[0] = layoutPage(1, [
      ['Grammar Matters', 22],
      ['by A. Writer', 12],
    ]);
    const logo = { text: 'symptote', x: 278, top: 350, size: 30 };
    pages[0].lines.push(logo, { ...logo, x: 279 });
    expect(titleFromTitlePage(pages)).toBe('Grammar Matters');
    const plain = book(8, {});
    plain[0] = layoutPage(1, [['Table of Contents', 20], 'Introduction 1']);
    expect(titleFromTitlePage(plain)).toBeNull();
    // Headings after the contents belong to the body, not to a title page.
    plain[2] = layoutPage(3, [['Starting xfig', 24], 'To start xfig, type its name.']);
    expect(titleFromTitlePage(plain)).toBeNull();
  });

  it('prefers the title printed again on another first page over a larger cover logo, skips contents headings', () => {
    const pages = book(8, {});
    pages[0] = layoutPage(1, [['debian', 120]]);
    pages[1] = layoutPage(2, [
      ['Guide for Debian Maintainers', 18],
      ['Osamu Aoki', 12],
    ]);
    pages[2] = layoutPage(3, ['Guide for Debian Maintainers', 'by Osamu Aoki', 'Copyright 2014']);
    expect(titleFromTitlePage(pages)).toBe('Guide for Debian Maintainers');
    const alice = book(8, {});
    alice[0] = layoutPage(1, [
      ['ALICE’S ADVENTURES', 20],
      ['IN WONDERLAND', 20],
      ['by Lewis Carroll', 14],
    ]);
    alice[1] = layoutPage(2, [['Contents', 25], 'I Down the Rabbit-Hole . . . . 4']);
    expect(titleFromTitlePage(alice)).toBe('Alice’s Adventures in Wonderland');
  });

  it('takes a subtitle set just below the title and leaves version and release lines out', () => {
    const pages = book(8, {});
    pages[0] = layoutPage(1, [
      ['Gutenprint 5.2', 32],
      ["User's Manual", 24],
      ['Robert Krawitz', 18],
    ]);
    expect(titleFromTitlePage(pages)).toBe("Gutenprint 5.2 User's Manual");
    pages[0] = layoutPage(1, [
      ['Ngspice User’s Manual', 21],
      ['Version 39', 21],
      ['(ngspice release version)', 21],
    ]);
    expect(titleFromTitlePage(pages)).toBe('Ngspice User’s Manual');
    pages[0] = layoutPage(1, [
      ['Debian Developer’s Reference', 25],
      ['Release 12.18', 17],
    ]);
    expect(titleFromTitlePage(pages)).toBe('Debian Developer’s Reference');
  });
});
