import { matchDivisionLabel, parseNumberToken, parseRoman, parseSpelledNumber, toRoman } from './numbering.js';

describe('chapter numbering', () => {
  it('reads roman numerals in either case and rejects malformed ones', () => {
    expect(parseRoman('XII')).toBe(12);
    expect(parseRoman('xiv')).toBe(14);
    expect(parseRoman('MCMXCIV')).toBe(1994);
    expect(parseRoman('IIII')).toBeNull();
    expect(parseRoman('IC')).toBeNull();
    expect(parseRoman('mix')).toBe(1009);
    expect(toRoman(1994)).toBe('MCMXCIV');
  });

  it('reads spelled-out numbers and ordinals', () => {
    expect(parseSpelledNumber('Seventeen')).toBe(17);
    expect(parseSpelledNumber('twenty-one')).toBe(21);
    expect(parseSpelledNumber('TWENTYTHREE')).toBe(23);
    expect(parseSpelledNumber('Thirty Two')).toBe(32);
    expect(parseSpelledNumber('first')).toBe(1);
    expect(parseSpelledNumber('many')).toBeNull();
  });

  it('takes a single capital letter as a number only when asked (appendices)', () => {
    expect(parseNumberToken('B', true)).toBe(2);
    expect(parseNumberToken('B')).toBeNull();
    expect(parseNumberToken('12.')).toBe(12);
  });

  it('recognises chapter, part and appendix labels with their titles', () => {
    expect(matchDivisionLabel('CHAPTER I. MR. SHERLOCK HOLMES.')).toEqual({
      kind: 'chapter',
      number: 1,
      rest: 'MR. SHERLOCK HOLMES.',
    });
    expect(matchDivisionLabel('Chapter 1: Why is Proper Grammar so Important?')).toMatchObject({
      kind: 'chapter',
      number: 1,
    });
    expect(matchDivisionLabel('CHAPTER SEVENTEEN THE THUNDER CHILD')).toMatchObject({ kind: 'chapter', number: 17 });
    expect(matchDivisionLabel('BOOK TWO THE EARTH UNDER THE MARTIANS')).toMatchObject({ kind: 'part', number: 2 });
    expect(matchDivisionLabel('PART II.')).toEqual({ kind: 'part', number: 2, rest: '' });
    expect(matchDivisionLabel('Appendix B. Subversion for CVS Users')).toMatchObject({ kind: 'appendix', number: 2 });
  });

  it('does not take prose for a label', () => {
    expect(matchDivisionLabel('Chapter 3 of this book explains nouns')).toBeNull();
    expect(matchDivisionLabel('Part of the problem is the weather')).toBeNull();
    expect(matchDivisionLabel('The chapter ends here')).toBeNull();
    expect(matchDivisionLabel('Chapter A new beginning')).toBeNull();
  });
});
