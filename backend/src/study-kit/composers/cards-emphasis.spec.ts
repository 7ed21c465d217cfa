import { analyseChapter } from '../analyse-chapter.js';
import type { StudyPage } from '../types.js';
import { chapterCards } from './cards.js';

// A chapter short of cards, whose book has an index: the terms the book sets in bold or italic and the index leaves out
// are hidden once each, after every card the index gives. Passages from three textbooks of different kinds.
const BOOKS: Array<{ book: string; index: string[]; marked: string; pages: StudyPage[] }> = [
  {
    book: 'discrete mathematics (levin)',
    index: ['binomial coefficient', 'bit string'],
    marked: 'lattice path',
    pages: [
      {
        label: '34',
        text: [
          'The integer lattice is the set of all points in the plane whose two coordinates are both integers.',
          'Each step of a lattice path moves one unit to the right or one unit up, never down or to the left.',
          'Every lattice path from the corner to the point five across and three up takes exactly eight steps.',
          'Counting such paths is the same problem as counting bit strings with a given number of ones.',
          'A bit string is a string of zeros and ones of a given length.',
          'The weight of a bit string is the number of ones it holds.',
          'The number of these strings is a binomial coefficient, which we compute with a closed formula.',
          'A binomial coefficient counts the subsets of a given size that a set of a given size has.',
        ].join('\n'),
      },
    ],
  },
  {
    book: 'numerical methods (langtangen)',
    index: ['Crank-Nicolson scheme', 'time step'],
    marked: 'filtering technique',
    pages: [
      {
        label: '92',
        text: [
          'The Crank-Nicolson scheme can give oscillations in the solution when the time step is large.',
          'With a filtering technique the computed values are smoothed after each step, and the oscillations die out.',
          'The filtering technique takes a weighted mean of three neighbouring values of the solution.',
          'The weights are chosen so that a smooth solution is left unchanged by the filter.',
          'Such filters are common in weather forecasting, where oscillations grow from one day to the next.',
          'The time step is the distance between two neighbouring points of the mesh in time.',
          'The Crank-Nicolson scheme is a scheme of second order that centres the equation in the middle of a step.',
        ].join('\n'),
      },
    ],
  },
  {
    book: 'political science (openstax)',
    index: ['constitution', 'constitutional court'],
    marked: 'judicial review',
    pages: [
      {
        label: '356',
        text: [
          'A constitution sets out the powers of each branch of government and the rights of the citizens.',
          'Through judicial review the courts may strike down a law that breaks the constitution of the country.',
          'The courts use judicial review to check the lawmakers when they pass a law that takes away a right.',
          'Some countries give this power to a special court that hears nothing but constitutional cases.',
          'Other countries leave the final word on the meaning of the constitution to the lawmakers themselves.',
          'A constitutional court is a court that hears only cases about the meaning of the constitution.',
        ].join('\n'),
      },
    ],
  },
];

describe.each(BOOKS)('cards from the terms a book sets in bold or italic: $book', ({ index, marked, pages }) => {
  const cardsOf = (withEmphasis: boolean) =>
    chapterCards(
      analyseChapter({
        bookTitle: '',
        chapterTitle: 'A chapter',
        language: 'en',
        indexTerms: index,
        pages: pages.map((page) => (withEmphasis ? { ...page, emphasis: [marked, '8', 'shortest'] } : page)),
      }),
    );

  it('asks about the marked term the index leaves out, once, and keeps the cards the index gives', () => {
    const plain = cardsOf(false);
    const withMarked = cardsOf(true);
    const markedKey = marked.toLowerCase();
    expect(plain.filter((card) => card.back.toLowerCase() === markedKey)).toHaveLength(0);
    expect(withMarked.filter((card) => card.kind === 'cloze' && card.back.toLowerCase() === markedKey)).toHaveLength(1);
    for (const card of plain) expect(withMarked.map((other) => other.front)).toContain(card.front);
  });
});

it('never hides a marked term where it is only part of a longer one, nor in a sentence a card asks already (levin)', () => {
  const pages: StudyPage[] = [
    {
      label: '34',
      text: [
        'A lattice path is one of the shortest paths between two points of the lattice that moves only right or up.',
        'Every lattice path from the corner to the point five across and three up takes exactly eight steps.',
        'A bit string is a string of zeros and ones of a given length.',
        'The weight of a bit string is the number of ones it holds.',
        'A binomial coefficient counts the subsets of a given size that a set of a given size has.',
        'The number of these strings is a binomial coefficient, which we compute with a closed formula.',
      ].join('\n'),
      emphasis: ['lattice path', 'lattice'],
    },
  ];
  const cards = chapterCards(
    analyseChapter({
      bookTitle: '',
      chapterTitle: 'Counting',
      language: 'en',
      indexTerms: ['binomial coefficient', 'bit string'],
      pages,
    }),
  );
  const hidingLattice = cards.filter((card) => card.kind === 'cloze' && card.back.toLowerCase() === 'lattice');
  for (const card of hidingLattice) expect(card.front).not.toMatch(/_____ path/);
  const sentences = cards.map((card) => card.sentence);
  expect(new Set(sentences.filter((text) => text.startsWith('A lattice path is'))).size).toBeLessThanOrEqual(1);
  expect(cards.filter((card) => card.kind === 'cloze' && card.sentence.startsWith('A lattice path is'))).toEqual([]);
});
