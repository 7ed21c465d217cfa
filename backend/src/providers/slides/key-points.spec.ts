import { keyPoints, summaryAsPlainText } from './key-points.js';

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

  it('reads markdown list items as points and shortens long sentences at a word', () => {
    const long = `${'word '.repeat(60).trim()}.`;
    const points = keyPoints(`- **First** item\n- Second item\n\n${long}`, []);
    expect(points.slice(0, 2)).toEqual(['First item', 'Second item']);
    expect(points[2]!.length).toBeLessThanOrEqual(170);
    expect(points[2]).toMatch(/word…$/);
  });
});

describe('summaryAsPlainText', () => {
  it('keeps paragraphs and bullets as text without markdown markers', () => {
    expect(summaryAsPlainText('## Overview\nThe **main** idea.\n\n- one\n- two')).toBe(
      'Overview\n\nThe main idea.\n\n• one\n• two',
    );
  });
});
