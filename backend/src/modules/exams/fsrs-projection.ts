import { fsrs, Rating, S_MIN } from 'ts-fsrs';

/*
 * FSRS's memory formulas for looking ahead, on plain numbers: ts-fsrs reads its parameters through a Proxy on every
 * call, which made projecting thousands of cards the plan's slowest part. Same default parameters as the studio's
 * scheduler (fsrs-scheduler.ts); fsrs-projection.spec.ts holds each formula to ts-fsrs' own.
 */

const scheduler = fsrs();
const w = [...scheduler.parameters.w];
const maximumInterval = scheduler.parameters.maximum_interval;
const intervalModifier = scheduler.interval_modifier;
const decay = -w[20]!;
const factor = Math.exp(Math.log(0.9) / decay) - 1;
const easyInitialDifficulty = w[4]! - Math.exp((Rating.Easy - 1) * w[5]!) + 1;
const MAX_STABILITY = 36500;

/** Probability of recall `elapsedDays` after the last review of a card of this stability. */
export function recallProbability(elapsedDays: number, stability: number): number {
  return Math.pow(1 + (factor * elapsedDays) / stability, decay);
}

/** Stability after a successful (Good) review at recall probability `recall`. */
export function stabilityAfterGood(difficulty: number, stability: number, recall: number): number {
  const grown =
    stability *
    (1 + Math.exp(w[8]!) * (11 - difficulty) * Math.pow(stability, -w[9]!) * (Math.exp((1 - recall) * w[10]!) - 1));
  return Math.min(Math.max(grown, S_MIN), MAX_STABILITY);
}

/** Difficulty after a Good review: unchanged by the grade, drawn a little toward the easy start (mean reversion). */
export function difficultyAfterGood(difficulty: number): number {
  return Math.min(Math.max(w[7]! * easyInitialDifficulty + (1 - w[7]!) * difficulty, 1), 10);
}

/** Days to the next review of a card of this stability (the scheduler's requested retention, no fuzz). */
export function intervalDays(stability: number): number {
  return Math.min(Math.max(1, Math.round(stability * intervalModifier)), maximumInterval);
}
