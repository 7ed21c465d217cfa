import { fsrs, Rating } from 'ts-fsrs';
import { difficultyAfterGood, intervalDays, recallProbability, stabilityAfterGood } from './fsrs-projection.js';

const scheduler = fsrs();
const cases = [
  [2.3, 5.1, 0.5],
  [10.9, 6.8, 3],
  [46, 4.2, 40],
  [160, 8.9, 120],
  [0.4, 9.5, 1],
] as const;

describe('FSRS projection formulas', () => {
  it.each(cases)('match ts-fsrs for stability %d, difficulty %d, %d days elapsed', (stability, difficulty, elapsed) => {
    const recall = recallProbability(elapsed, stability);
    expect(recall).toBeCloseTo(scheduler.forgetting_curve(elapsed, stability), 7);
    expect(stabilityAfterGood(difficulty, stability, recall)).toBeCloseTo(
      scheduler.next_recall_stability(difficulty, stability, recall, Rating.Good),
      6,
    );
    expect(difficultyAfterGood(difficulty)).toBeCloseTo(scheduler.next_difficulty(difficulty, Rating.Good), 6);
    expect(intervalDays(stability)).toBe(scheduler.next_interval(stability, elapsed));
  });
});
