import type { FlashcardState, ReviewRating } from '@chapterwise/shared';
import { createEmptyCard, fsrs, Rating, State, type Card, type CardInput, type Grade } from 'ts-fsrs';

// Default FSRS parameters (ts-fsrs' own, fuzz off): the same review history always gives the same dates.
const scheduler = fsrs();

const GRADES: Record<ReviewRating, Grade> = {
  again: Rating.Again,
  hard: Rating.Hard,
  good: Rating.Good,
  easy: Rating.Easy,
};
const STATES: Record<State, FlashcardState> = {
  [State.New]: 'new',
  [State.Learning]: 'learning',
  [State.Review]: 'review',
  [State.Relearning]: 'relearning',
};

export interface ScheduledCard {
  fsrs: string;
  state: FlashcardState;
  dueAt: Date;
  intervalDays: number;
  reps: number;
}

export function newSchedule(now: Date): ScheduledCard {
  return toScheduled(createEmptyCard(now));
}

export function reviewSchedule(stored: string, rating: ReviewRating, now: Date): ScheduledCard {
  const card = parseCard(stored);
  return toScheduled(scheduler.next(card, notBeforeLastReview(card, now), GRADES[rating]).card);
}

/** When each rating would make the card due next: the intervals the review buttons show. */
export function previewDue(stored: string, now: Date): Record<ReviewRating, Date> {
  const card = parseCard(stored);
  const preview = scheduler.repeat(card, notBeforeLastReview(card, now));
  return {
    again: preview[Rating.Again].card.due,
    hard: preview[Rating.Hard].card.due,
    good: preview[Rating.Good].card.due,
    easy: preview[Rating.Easy].card.due,
  };
}

function toScheduled(card: Card): ScheduledCard {
  return {
    fsrs: JSON.stringify(card),
    state: STATES[card.state],
    dueAt: new Date(card.due),
    intervalDays: card.scheduled_days,
    reps: card.reps,
  };
}

// ts-fsrs throws on a review dated before the last one; two API servers whose clocks differ by a few seconds can
// ask for exactly that. The review then counts as given at the moment of the last one.
function notBeforeLastReview(card: CardInput, now: Date): Date {
  const last = card.last_review ? new Date(card.last_review).getTime() : NaN;
  return last > now.getTime() ? new Date(last) : now;
}

function parseCard(stored: string): CardInput {
  return JSON.parse(stored) as CardInput;
}
