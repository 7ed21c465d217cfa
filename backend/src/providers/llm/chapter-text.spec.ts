import { analyseChapterPages } from './chapter-text.js';

describe(analyseChapterPages.name, () => {
  it('gives a sentence running across a page break the page that holds most of it', () => {
    const sentences = analyseChapterPages([
      { label: '12', text: 'Plants make sugar from light. The Calvin cycle' },
      {
        label: '13',
        text: 'is the set of reactions that fixes carbon dioxide into sugar in the stroma of the chloroplast. Rubisco starts it.',
      },
      { label: '14', text: 'Roots take up water and minerals from the soil through thousands of fine root hairs, and' },
      { label: '15', text: 'stems carry it up.' },
    ]);
    const originOf = (start: string) => sentences.find((sentence) => sentence.text.startsWith(start))?.origin;
    expect(originOf('Plants make sugar')).toBe('12');
    expect(originOf('The Calvin cycle is the set')).toBe('13');
    expect(originOf('Rubisco')).toBe('13');
    expect(originOf('Roots take up water')).toBe('14');
  });
});
