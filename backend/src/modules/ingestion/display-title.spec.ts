import { displayTitle } from './ingestion.service.js';

describe(displayTitle.name, () => {
  it('drops a chapter label that repeats the chapter number', () => {
    expect(displayTitle('Chapter 3: The Pool of Tears', 3)).toBe('The Pool of Tears');
    expect(displayTitle('CHAPTER I. MR. SHERLOCK HOLMES.', 1)).toBe('MR. SHERLOCK HOLMES.');
  });

  it('keeps a label that differs from the position, a bare label, and titles without one', () => {
    expect(displayTitle('Chapter 1 On the Great Alkali Plain', 8)).toBe('Chapter 1 On the Great Alkali Plain');
    expect(displayTitle('Chapter 4', 4)).toBe('Chapter 4');
    expect(displayTitle('Down the Rabbit-Hole', 2)).toBe('Down the Rabbit-Hole');
  });
});
