import { describe, expect, it } from 'vitest';
import { findInText } from './find-in-text.js';

const at = (text: string, query: string) => findInText(text, query).map(({ start, end }) => text.slice(start, end));

describe('findInText', () => {
  it('ignores case and how spaces and line breaks fall', () => {
    expect(at('Green plants.\nGREEN\n  plants too; greenhouse', 'green plants')).toEqual([
      'Green plants',
      'GREEN\n  plants',
    ]);
  });

  it('matches a word hyphenated at the end of a line, in reading order with the others', () => {
    const text = 'Without photo-\nsynthesis no sugar. Photosynthesis needs light; photo-\n synthesis again.';
    expect(at(text, 'photosynthesis')).toEqual(['photo-\nsynthesis', 'Photosynthesis', 'photo-\n synthesis']);
  });

  it('keeps a hyphen inside a line and a capital after a break as they are', () => {
    expect(at('a well-known fact', 'wellknown')).toEqual([]);
    expect(at('Smith-\nJones', 'smithjones')).toEqual([]);
    expect(at('a well-known fact', 'well-known')).toEqual(['well-known']);
  });

  it('treats the query as text, not a pattern', () => {
    expect(at('costs $5 (or more) [sic]', '(or more) [sic]')).toEqual(['(or more) [sic]']);
    expect(at('anything', '.*')).toEqual([]);
    expect(findInText('text', '   ')).toEqual([]);
  });
});
