import { analyseChapter } from '../analyse-chapter.js';
import { chapterCards } from './cards.js';

// Short chapters of books with no index and no glossary, that define little: a science guide, a programming primer
// and a history reader. Each still gives the student cards on its own key phrases.
const CHAPTERS = {
  science: [
    'Water moves between the oceans, the air and the land in a cycle that never stops.',
    'The sun warms the surface of the sea and turns some of the water into vapour.',
    'Warm air carries the vapour upward, where it cools and condenses into tiny droplets.',
    'Clouds form when billions of these droplets gather around specks of dust and salt.',
    'Rivers collect the rain and carry it downhill until it reaches a lake or the sea.',
    'Glaciers store water as ice for thousands of years and release it slowly as they melt.',
  ],
  programming: [
    'A program reads its input, works on it and writes its output.',
    'Variables hold the values a program works on while it runs.',
    'A loop repeats a block of statements while its condition holds.',
    'Functions group statements under a name so that a program can call them again.',
    'Comments explain the code to the people who read it later.',
    'A compiler turns the source code into instructions the machine can run.',
  ],
  history: [
    'The printing press spread books across Europe within a few decades.',
    'Cheap books let merchants and craftsmen learn to read in their own languages.',
    'Universities grew as scholars shared printed texts instead of copying them by hand.',
    'Printed pamphlets carried new religious ideas from town to town.',
    'Rulers soon licensed printers to control what the presses produced.',
    'The spread of printing changed how news travelled between the great cities.',
  ],
};

describe('cards of a short chapter that defines nothing', () => {
  it.each(Object.entries(CHAPTERS))('gives the %s chapter cards on its key phrases', (_kind, sentences) => {
    const chapter = analyseChapter({
      bookTitle: 'A Short Reader',
      chapterTitle: 'Chapter One',
      language: 'en',
      pages: [
        { label: '1', text: sentences.slice(0, 3).join(' ') },
        { label: '2', text: sentences.slice(3).join(' ') },
      ],
    });
    const cards = chapterCards(chapter);
    expect(cards.length).toBeGreaterThanOrEqual(3);
    expect(new Set(cards.map((card) => card.front)).size).toBe(cards.length);
    for (const card of cards) expect(['1', '2']).toContain(card.pageLabel);
  });
});
