import { book, layoutPage } from '../../../../test/fixtures/layout-pages.js';
import { isJunkTitle, titleFromTitlePage } from './book-title.js';

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
  });
});
