import {
  citedLabels,
  formatPageCitation,
  hasPageCitation,
  removeUnknownCitations,
  stripPageCitations,
} from './page-citations.js';

describe('page citations', () => {
  it('formats one page as (p. N) and a run as (pp. A–B)', () => {
    expect(formatPageCitation(['143'])).toBe('(p. 143)');
    expect(formatPageCitation(['xii', 'xii'])).toBe('(p. xii)');
    expect(formatPageCitation(['12', '13', '14'])).toBe('(pp. 12–14)');
    expect(formatPageCitation([])).toBe('');
  });

  it('reads, strips and checks citations', () => {
    const text = 'Darcy refuses to dance (p. 12). They meet again (pp. 14–15).';
    expect(citedLabels(text)).toEqual(['12', '14', '15']);
    expect(hasPageCitation(text)).toBe(true);
    expect(stripPageCitations(text)).toBe('Darcy refuses to dance. They meet again.');
    expect(removeUnknownCitations(text, new Set(['12']))).toBe('Darcy refuses to dance (p. 12). They meet again.');
  });
});
