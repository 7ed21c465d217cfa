import { findInPages } from './find-in-book.js';

const pages = [
  { number: 1, label: 'i', text: 'Contents\nPhotosynthesis 3' },
  {
    number: 3,
    label: '1',
    text: 'Photosynthesis is the process by which green\nplants turn light into energy. PHOTOSYNTHESIS needs light.',
  },
  {
    number: 4,
    label: '2',
    text: 'The Calvin cycle fixes carbon. Without photo-\nsynthesis, no sugar is made; green plants wilt.',
  },
];

describe(findInPages.name, () => {
  it('finds every occurrence in reading order, ignoring case, line breaks and end-of-line hyphens', () => {
    const result = findInPages(pages, 'photosynthesis', 100);
    expect(result.total).toBe(4);
    expect(result.matches.map((m) => [m.page, m.page_label, m.index_on_page])).toEqual([
      [1, 'i', 0],
      [3, '1', 0],
      [3, '1', 1],
      [4, '2', 0],
    ]);
    expect(findInPages(pages, 'green   plants', 100).matches.map((m) => m.page)).toEqual([3, 4]);
  });

  it('shows the words around each occurrence and counts past the limit', () => {
    const result = findInPages(pages, 'light', 1);
    expect(result.total).toBe(2);
    expect(result.matches).toHaveLength(1);
    expect(result.matches[0]!.snippet).toContain('plants turn light into energy');
    expect(findInPages(pages, 'chlorophyll', 10)).toEqual({ query: 'chlorophyll', total: 0, matches: [] });
  });
});
