import { describe, expect, it } from 'vitest';
import { findHighlight } from './pdf-page.js';
import { pageFillingMost } from './pdf-viewer.js';
import { toolbarPosition } from './selection-toolbar.js';

describe(pageFillingMost.name, () => {
  // Pages 500 px high, 16 px apart, the first at 16 px.
  const topOf = (page: number) => 16 + (page - 1) * 516;

  it('names the page with the most of itself on screen, not the one whose foot shows at the top', () => {
    // The view starts 100 px above page 2: the foot of page 1 is in the top third.
    expect(pageFillingMost(1, 3, topOf, 500, topOf(2) - 100, 780)).toBe(2);
  });

  it('names the first of pages shown alike', () => {
    expect(pageFillingMost(1, 3, topOf, 500, topOf(2) - 8, 2000)).toBe(2);
    expect(pageFillingMost(1, 2, topOf, 500, topOf(1) + 258, 500)).toBe(1);
  });
});

describe(toolbarPosition.name, () => {
  const phone = { width: 390, height: 844 };
  const size = { width: 290, height: 58 };

  it('keeps the toolbar inside a phone screen for a word at the right edge', () => {
    const place = toolbarPosition({ top: 190, left: 270, bottom: 205, right: 312 }, size, phone);
    expect(place.left + size.width).toBeLessThanOrEqual(phone.width - 8);
    expect(place.left).toBeGreaterThanOrEqual(8);
    expect(place.top).toBe(213);
  });

  it('goes above a selection at the foot of the screen, and never above the top', () => {
    expect(toolbarPosition({ top: 800, left: 20, bottom: 820, right: 80 }, size, phone).top).toBe(800 - 8 - 58);
    const tall = toolbarPosition({ top: 20, left: 20, bottom: 830, right: 80 }, size, phone);
    expect(tall.top).toBeGreaterThanOrEqual(8);
    expect(tall.top + size.height).toBeLessThanOrEqual(phone.height - 8);
  });

  it('stays at the left edge when the screen is narrower than the toolbar', () => {
    expect(
      toolbarPosition({ top: 10, left: 100, bottom: 20, right: 120 }, { width: 400, height: 58 }, phone).left,
    ).toBe(8);
  });
});

describe(findHighlight.name, () => {
  const page =
    'Chapter 1\nThe Water Cycle\nWater moves between the oceans, the air and the land in a cycle that never stops. The sun warms the sea.';
  const sentence = 'Water moves between the oceans, the air and the land in a cycle that never stops.';

  it('finds the passage as selected, not from the heading word it repeats', () => {
    const found = findHighlight(sentence, page)!;
    expect(page.slice(found.start, found.end)).toBe(sentence);
  });

  it('finds a passage whose spaces between pdf.js items were lost or doubled', () => {
    const found = findHighlight('Watermoves between  the oceans', page)!;
    expect(page.slice(found.start, found.end)).toBe('Water moves between the oceans');
  });

  it('falls back to a loose match for text the page holds in other words', () => {
    expect(findHighlight('the sun warms the whole sea', page)).not.toBeNull();
  });
});
