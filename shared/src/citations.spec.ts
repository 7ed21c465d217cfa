import { describe, expect, it } from 'vitest';
import { citationParts, findCitedSentence, physicalPageForLabel, readerPath, romanValue } from './citations.js';

describe('citationParts', () => {
  it('splits text into text and citations, each with the sentence it backs', () => {
    const parts = citationParts(
      'Darcy is proud. Elizabeth refuses **his** proposal (p. 34). Later (pp. xii–xiv) it ends.',
    );
    expect(parts.map((part) => part.kind)).toEqual(['text', 'citation', 'text', 'citation', 'text']);
    expect(parts[1]).toMatchObject({ text: 'p. 34', label: '34', sentence: 'Elizabeth refuses his proposal' });
    expect(parts[2]).toEqual({ kind: 'text', text: '). Later (' });
    expect(parts[3]).toMatchObject({ text: 'pp. xii–xiv', label: 'xii', sentence: 'Later' });
  });

  it("does not end a cited sentence at a title's full stop", () => {
    const parts = citationParts('Her mother heard it from Mrs. Long and told Mr. Bennet at once. (p. 22)');
    expect(parts[1]).toMatchObject({
      label: '22',
      sentence: 'Her mother heard it from Mrs. Long and told Mr. Bennet at once',
    });
  });

  it('leaves text without citations whole', () => {
    expect(citationParts('No pages here.')).toEqual([{ kind: 'text', text: 'No pages here.' }]);
  });
});

describe('physicalPageForLabel', () => {
  const labels = ['i', 'ii', 'iii', 'iv', '1', '2', '3', '4', '5', '6'];

  it('finds the page that carries a label, arabic or roman', () => {
    expect(physicalPageForLabel('3', { labels, totalPages: 10 })).toBe(7);
    expect(physicalPageForLabel('iii', { labels, totalPages: 10 })).toBe(3);
    expect(physicalPageForLabel('III', { labels, totalPages: 10 })).toBe(3);
  });

  it('prefers the repeated label nearest the chapter', () => {
    const repeated = ['1', '2', '3', '1', '2', '3'];
    expect(physicalPageForLabel('2', { labels: repeated, totalPages: 6 }, 5)).toBe(5);
    expect(physicalPageForLabel('2', { labels: repeated, totalPages: 6 }, 1)).toBe(2);
  });

  it('offsets a missing label from the pages numbered the same way', () => {
    const gaps = ['i', 'ii', '', '', '1', '2', '', '4'];
    expect(physicalPageForLabel('3', { labels: gaps, totalPages: 8 })).toBe(7);
    expect(physicalPageForLabel('iii', { labels: gaps, totalPages: 8 })).toBe(3);
    expect(physicalPageForLabel('99', { labels: gaps, totalPages: 8 })).toBeNull();
  });

  it('falls back to chapter starts when the page labels are not known', () => {
    const anchors = [
      { startPage: 2, startLabel: 'ix' },
      { startPage: 12, startLabel: '1' },
    ];
    expect(physicalPageForLabel('5', { anchors, totalPages: 100 })).toBe(16);
    expect(physicalPageForLabel('x', { anchors, totalPages: 100 })).toBe(3);
    expect(physicalPageForLabel('7', { anchors: [], totalPages: 10 })).toBe(7);
  });

  it('reads roman numerals', () => {
    expect(romanValue('xiv')).toBe(14);
    expect(romanValue('mcmxc')).toBe(1990);
    expect(romanValue('12')).toBeNull();
  });
});

describe('findCitedSentence', () => {
  const page =
    'It is a truth universally acknowledged, that a single man in possession of a good fortune, must be in want of a wife.';

  it('finds a sentence when at least half of its words are on the page', () => {
    const found = findCitedSentence('a single man with a good fortune must want a wife', page);
    expect(found).not.toBeNull();
    expect(page.slice(found!.start, found!.end)).toBe(
      'a single man in possession of a good fortune, must be in want of a wife',
    );
  });

  it('finds nothing when less than half is there', () => {
    expect(findCitedSentence('Mr Collins proposes to Charlotte at Longbourn', page)).toBeNull();
  });
});

describe('readerPath', () => {
  it('opens the reader at a page with the sentence to highlight', () => {
    expect(readerPath('b1', 12, 'A cited line')).toBe('/books/b1/read?page=12&cite=A+cited+line');
  });
});
