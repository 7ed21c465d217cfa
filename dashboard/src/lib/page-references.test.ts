import { describe, expect, it } from 'vitest';
import { createPageLinkResolver, physicalPageForLabel, type PageAnchor } from './page-references.js';

// Front matter i-xiv on pages 1-14; chapter 1 starts at label 1 on page 15, chapter 2 at label 67 on page 81.
const anchors: PageAnchor[] = [
  { startPage: 5, startLabel: 'v' },
  { startPage: 15, startLabel: '1' },
  { startPage: 81, startLabel: '67' },
];

describe(physicalPageForLabel.name, () => {
  it('maps a numeric label from the nearest chapter start at or before it', () => {
    expect(physicalPageForLabel('1', anchors, 400)).toBe(15);
    expect(physicalPageForLabel('66', anchors, 400)).toBe(80);
    expect(physicalPageForLabel('143', anchors, 400)).toBe(157);
  });

  it('maps a label that starts a chapter exactly, roman ones included', () => {
    expect(physicalPageForLabel('V', anchors, 400)).toBe(5);
    expect(physicalPageForLabel('xii', anchors, 400)).toBeNull();
  });

  it('uses the label itself when no chapter has a numeric label, and refuses pages outside the book', () => {
    expect(physicalPageForLabel('12', [], 100)).toBe(12);
    expect(physicalPageForLabel('500', anchors, 400)).toBeNull();
  });
});

describe(createPageLinkResolver.name, () => {
  it('links into the PDF with #page=N, replacing any fragment', () => {
    const resolve = createPageLinkResolver('/api/files/k?sig=1#toolbar=0', anchors, 400);
    expect(resolve?.('70')).toBe('/api/files/k?sig=1#page=84');
    expect(createPageLinkResolver(undefined, anchors, 400)).toBeUndefined();
  });
});
