import { describe, expect, it } from 'vitest';
import { chapterHeading, chapterHeadings } from './chapter-heading.js';

describe('chapterHeading', () => {
  it('numbers a chapter as the book does and leaves unnumbered parts alone', () => {
    expect(chapterHeading({ label: '2', title: 'Basic Usage' })).toBe('Chapter 2: Basic Usage');
    expect(chapterHeading({ label: 'A', title: 'Quick-Start Guide' })).toBe('Appendix A: Quick-Start Guide');
    expect(chapterHeading({ label: null, title: 'Preface' })).toBe('Preface');
  });

  it('does not repeat a number that is the whole title', () => {
    expect(chapterHeading({ label: '1', title: 'Chapter 1' })).toBe('Chapter 1');
    expect(chapterHeading({ label: '12', title: '12' })).toBe('Chapter 12');
    expect(chapterHeading({ label: 'B', title: 'Appendix B: Tables' })).toBe('Appendix B: Tables');
    expect(chapterHeading({ label: '1', title: 'Chapter One' })).toBe('Chapter One');
  });

  it('reads I, V, X and L as chapter numbers in a book numbered in roman', () => {
    const book = [
      { label: 'I', title: 'Down the Rabbit-Hole' },
      { label: 'II', title: 'The Pool of Tears' },
    ];
    expect(chapterHeadings(book)).toEqual(['Chapter I: Down the Rabbit-Hole', 'Chapter II: The Pool of Tears']);
    expect(chapterHeading({ label: 'I', title: 'Index Example' })).toBe('Appendix I: Index Example');
  });
});
