import { splitChapterLabels, titleCase } from './chapter-labels.js';

describe(splitChapterLabels.name, () => {
  it('takes the number out of "Chapter N" / "Appendix A" titles and keeps unnumbered ones whole', () => {
    expect(
      splitChapterLabels([
        'Preface',
        'Chapter 1. Fundamental Concepts',
        'Chapter 2. Basic Usage',
        'Appendix A. Quick-Start',
      ]),
    ).toEqual([
      { label: null, title: 'Preface' },
      { label: '1', title: 'Fundamental Concepts' },
      { label: '2', title: 'Basic Usage' },
      { label: 'A', title: 'Quick-Start' },
    ]);
  });

  it('takes bare leading numbers only when most of the list is numbered, letters only after numbers', () => {
    expect(
      splitChapterLabels(['1 Installing', '2 Tutorial', 'A Templates', 'B GNU Free Documentation License']),
    ).toEqual([
      { label: '1', title: 'Installing' },
      { label: '2', title: 'Tutorial' },
      { label: 'A', title: 'Templates' },
      { label: 'B', title: 'GNU Free Documentation License' },
    ]);
    expect(splitChapterLabels(['A Scandal in Bohemia', 'The Red-Headed League', 'A Case of Identity'])).toEqual([
      { label: null, title: 'A Scandal in Bohemia' },
      { label: null, title: 'The Red-Headed League' },
      { label: null, title: 'A Case of Identity' },
    ]);
    expect(splitChapterLabels(['I Down the Rabbit-Hole', 'II The Pool of Tears']).map((c) => c.label)).toEqual([
      'I',
      'II',
    ]);
  });

  it('cases headings set in capitals as a contents page would, and spells numbers as digits', () => {
    expect(splitChapterLabels(['CHAPTER I. ON THE GREAT ALKALI PLAIN.', 'CHAPTER TWO THE FALLING STAR'])).toEqual([
      { label: 'I', title: 'On the Great Alkali Plain' },
      { label: '2', title: 'The Falling Star' },
    ]);
    expect(titleCase('Why? A Study')).toBe('Why? A Study');
    expect(titleCase('CHAPTER II')).toBe('Chapter II');
  });
});
