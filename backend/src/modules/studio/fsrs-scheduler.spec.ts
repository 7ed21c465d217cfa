import { REVIEW_RATINGS, type ReviewRating } from '@chapterwise/shared';
import { createEmptyCard, fsrs, Rating, type Grade } from 'ts-fsrs';
import { newSchedule, previewDue, reviewSchedule } from './fsrs-scheduler.js';

const GRADE: Record<ReviewRating, Grade> = {
  again: Rating.Again,
  hard: Rating.Hard,
  good: Rating.Good,
  easy: Rating.Easy,
};
// A scripted review session: each rating given when the card falls due (plus a little delay).
const SCRIPT: ReviewRating[] = ['good', 'good', 'again', 'hard', 'good', 'easy', 'good', 'again', 'good', 'easy'];

describe('FSRS scheduling', () => {
  it('gives the same due dates as ts-fsrs with default parameters, through storage as JSON', () => {
    const start = new Date('2026-01-05T09:00:00Z');
    let stored = newSchedule(start);
    let reference = createEmptyCard(start);
    const scheduler = fsrs();
    let now = start;
    for (const rating of SCRIPT) {
      stored = reviewSchedule(stored.fsrs, rating, now);
      reference = scheduler.next(reference, now, GRADE[rating]).card;
      expect(stored.dueAt.toISOString()).toBe(reference.due.toISOString());
      expect(stored.intervalDays).toBe(reference.scheduled_days);
      now = new Date(reference.due.getTime() + 60 * 60 * 1000);
    }
    expect(stored.reps).toBe(SCRIPT.length);
  });

  it('previews a later due date for each better rating of a new card', () => {
    const now = new Date('2026-01-05T09:00:00Z');
    const preview = previewDue(newSchedule(now).fsrs, now);
    const times = REVIEW_RATINGS.map((rating) => preview[rating].getTime());
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    expect(times[3]! - now.getTime()).toBeGreaterThanOrEqual(24 * 60 * 60 * 1000);
  });

  it('takes a review dated before the last one (clocks of two servers apart) as given at the last one', () => {
    const now = new Date('2026-01-05T09:00:00Z');
    const reviewed = reviewSchedule(newSchedule(now).fsrs, 'good', now);
    const earlier = new Date(now.getTime() - 3_000);
    expect(reviewSchedule(reviewed.fsrs, 'easy', earlier)).toEqual(reviewSchedule(reviewed.fsrs, 'easy', now));
    expect(previewDue(reviewed.fsrs, earlier)).toEqual(previewDue(reviewed.fsrs, now));
  });
});
