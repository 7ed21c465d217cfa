import { cleanTitle, headingMatchesTitle, normalizeTitle, titleSimilarity } from './title-match.js';

describe('title matching', () => {
  it('cleans outline whitespace and trailing leader dots', () => {
    expect(cleanTitle('CHAPTER ONE\u000b\u000bTHE EVE OF THE WAR')).toBe('CHAPTER ONE THE EVE OF THE WAR');
    expect(cleanTitle('Preface . . . . . . .')).toBe('Preface');
    expect(cleanTitle('Wait...')).toBe('Wait');
    expect(cleanTitle('Why?..')).toBe('Why?..');
  });

  it('cleans a long run of leaders quickly (no regex backtracking)', () => {
    const started = performance.now();
    cleanTitle(`${'. '.repeat(5000)}x`);
    expect(performance.now() - started).toBeLessThan(200);
  });

  it('compares titles without case, accents or punctuation', () => {
    expect(normalizeTitle('Chapter 1: Why?')).toBe('chapter 1 why');
    expect(
      titleSimilarity('Chapter 1: Why is Proper Grammar so Important?', 'Chapter 1 Why is Proper Grammar so Important'),
    ).toBe(1);
    expect(titleSimilarity('Café', 'cafe')).toBe(1);
    expect(titleSimilarity('Down the Rabbit-Hole', 'The Pool of Tears')).toBeLessThan(0.5);
  });

  it('matches a heading that contains the contents entry at word edges', () => {
    expect(headingMatchesTitle('Chapter 1. Fundamental Concepts', '1. Fundamental Concepts')).toBe(true);
    expect(headingMatchesTitle('Poem All in the golden afternoon', 'Poem. All in the golden afternoon')).toBe(true);
    expect(headingMatchesTitle('Summary', 'Summary of the Argument in Chapter Nine')).toBe(false);
    expect(headingMatchesTitle('I', 'I Down the Rabbit-Hole')).toBe(false);
  });
});
