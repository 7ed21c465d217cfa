import { keyPoints, pointsPerSlide, summaryAsPlainText } from './key-points.js';

describe('keyPoints', () => {
  const summary =
    'Prices rise when demand outgrows supply (p. 12). Firms respond by producing more. ' +
    'Governments sometimes cap prices. Caps cause shortages. Black markets follow. Economists disagree on remedies.';

  it('leads with the summary and adds the topics, at most six points', () => {
    const points = keyPoints(summary, ['Supply', 'Demand', 'Price caps']);
    expect(points).toEqual([
      'Prices rise when demand outgrows supply (p. 12).',
      'Firms respond by producing more.',
      'Governments sometimes cap prices.',
      'Caps cause shortages.',
      'Key topics: Supply, Demand, Price caps',
    ]);
  });

  it('makes at least three points from a short summary by listing topics on their own', () => {
    expect(keyPoints('One idea only.', ['Alpha', 'Beta', 'Gamma', 'Delta'])).toEqual([
      'One idea only.',
      'Alpha',
      'Beta',
      'Key topics: Gamma, Delta',
    ]);
  });

  it('uses the topics alone for a chapter without a summary', () => {
    expect(keyPoints(null, ['Alpha', 'Beta', 'Gamma'])).toEqual(['Alpha', 'Beta', 'Gamma']);
  });

  it('reads markdown list items as points and never cuts a sentence with an ellipsis', () => {
    const long = `${'word '.repeat(60).trim()}.`;
    const points = keyPoints(`- **First** item\n- Second item\n\n${long}`, []);
    expect(points).toEqual(['First item', 'Second item', long]);
    expect(points.join(' ')).not.toContain('…');
  });

  it('lists whole topics only on the topics line', () => {
    const topics = Array.from({ length: 30 }, (_, index) => `Topic number ${index + 1}`);
    const [line] = keyPoints(null, topics).slice(-1);
    expect(line).toMatch(/^Key topics: Topic number 4, .*Topic number \d+$/);
    expect(line!.length).toBeLessThanOrEqual(170);
  });
});

describe('pointsPerSlide', () => {
  it('continues on the next slide instead of overfilling one', () => {
    const sentence = (n: number) => `${'x'.repeat(250)} ${n}.`;
    expect(pointsPerSlide([sentence(1), sentence(2), sentence(3)]).map((slide) => slide.length)).toEqual([2, 1]);
    expect(pointsPerSlide(['a', 'b'])).toEqual([['a', 'b']]);
    expect(pointsPerSlide([])).toEqual([]);
  });
});

describe('summaryAsPlainText', () => {
  it('keeps paragraphs and bullets as text without markdown markers', () => {
    expect(summaryAsPlainText('## Overview\nThe **main** idea.\n\n- one\n- two')).toBe(
      'Overview\n\nThe main idea.\n\n• one\n• two',
    );
  });
});
