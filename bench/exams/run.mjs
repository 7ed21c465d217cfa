// Exam plan timing: the plan to an exam 14 days ahead for a 40-chapter book (600 pages) and 5,000 FSRS cards
// (3,000 with review histories, 2,000 new), as GET /exams/{id}/plan computes it from the stored cards; against a
// reference measured in the same run: one plain loop over the same cards (parse each stored card, sum its stability).
// Target: the plan's typical answer (p50) under 200 ms; min and p95 reported too. Usage: node bench/exams/run.mjs   (needs `npm run build`; reads backend/dist)
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { createEmptyCard, fsrs, Rating } from 'ts-fsrs';

const here = dirname(fileURLToPath(import.meta.url));
const dist = join(here, '..', '..', 'backend', 'dist', 'modules', 'exams');
const { planExam, pageReadingMinutes } = await import(join(dist, 'plan.js'));
const { planCardOf } = await import(join(dist, 'exam-context.js'));

const CHAPTERS = 40;
const PAGES_PER_CHAPTER = 15;
const CARDS = 5000;
const REVIEWED = 3000;
const RUNS = Number(process.env.RUNS ?? 30);
const TARGET_MS = 200;
// A student cramming 40 chapters and 5,000 cards in two weeks: enough daily time for the whole plan to fit.
const DAILY_MINUTES = 360;
const DAY_MS = 86_400_000;
const now = new Date('2026-12-06T08:00:00Z');

// A deterministic generator: the same book and cards every run.
let seed = 41;
const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;

const chapters = Array.from({ length: CHAPTERS }, (_, index) => ({
  id: `chapter-${index}`,
  bookId: 'book',
  title: `Chapter ${index + 1}`,
  read: index < 10,
  pages: Array.from({ length: PAGES_PER_CHAPTER }, (_, page) => ({
    number: 10 + index * PAGES_PER_CHAPTER + page,
    minutes: pageReadingMinutes(1500 + Math.floor(random() * 2500)),
  })),
}));

const scheduler = fsrs();
const stored = Array.from({ length: CARDS }, (_, index) => {
  const chapter = index < REVIEWED ? Math.floor(random() * 10) : 10 + Math.floor(random() * 30);
  let card = createEmptyCard(new Date(now.getTime() - 60 * DAY_MS));
  let reps = 0;
  if (index < REVIEWED) {
    // Reviewed from 1 to 5 times over the last two months.
    let at = new Date(now.getTime() - Math.floor(20 + random() * 40) * DAY_MS);
    for (let review = 1 + Math.floor(random() * 5); review > 0 && at < now; review--) {
      card = scheduler.next(card, at, random() < 0.15 ? Rating.Again : Rating.Good).card;
      at = card.due;
      reps++;
    }
  }
  return {
    id: `card-${index}`,
    bookId: 'book',
    chapterId: `chapter-${chapter}`,
    reps,
    dueAt: new Date(card.due),
    fsrs: JSON.stringify(card),
  };
});

const examAt = new Date(now.getTime() + 14 * DAY_MS);
function plan() {
  return planExam({
    now,
    examAt,
    timeZone: 'Europe/Paris',
    dailyMinutes: DAILY_MINUTES,
    chapters,
    cards: stored.map(planCardOf),
    snapshot: {},
  });
}
function reference() {
  let sum = 0;
  for (const card of stored) sum += JSON.parse(card.fsrs).stability;
  return sum;
}

const time = (work) => {
  const start = performance.now();
  work();
  return performance.now() - start;
};
for (let warm = 0; warm < 3; warm++) {
  plan();
  reference();
}
const planMs = [];
const referenceMs = [];
for (let run = 0; run < RUNS; run++) {
  planMs.push(time(plan));
  referenceMs.push(time(reference));
}
const pct = (values, p) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))];
const sample = plan();
const result = {
  chapters: CHAPTERS,
  pages: CHAPTERS * PAGES_PER_CHAPTER,
  cards: CARDS,
  reviewedCards: REVIEWED,
  days: sample.days.length,
  plannedReviews: sample.days.reduce((sum, day) => sum + day.reviews, 0),
  unplannedReviews: sample.unplannedReviews,
  unplannedReadingMinutes: sample.unplannedReadingMinutes,
  cardsSeenBeforeExam: [...sample.firstReviewDay.values()].filter((day) => day >= 0).length,
  runs: RUNS,
  // The best run is the cost with the machine to itself; p50 and p95 include the other work on the host.
  planMinMs: Math.min(...planMs),
  planP50Ms: pct(planMs, 0.5),
  planP95Ms: pct(planMs, 0.95),
  referenceMinMs: Math.min(...referenceMs),
  referenceP50Ms: pct(referenceMs, 0.5),
  referenceP95Ms: pct(referenceMs, 0.95),
  targetMs: TARGET_MS,
};
// The typical answer is held to the target; p95 is reported with the host's load, which other work on a shared
// machine drives up (the reference's own p95 rises with it).
result.loadAverage = loadavg()[0];
result.pass = result.planP50Ms < TARGET_MS;

const rows = [
  ['measure', 'min ms', 'p50 ms', 'p95 ms'],
  [
    'plan (40 chapters, 5,000 cards, 14 days)',
    result.planMinMs.toFixed(1),
    result.planP50Ms.toFixed(1),
    result.planP95Ms.toFixed(1),
  ],
  [
    'reference: one loop parsing the 5,000 cards',
    result.referenceMinMs.toFixed(1),
    result.referenceP50Ms.toFixed(1),
    result.referenceP95Ms.toFixed(1),
  ],
];
const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
for (const row of rows) console.log(row.map((cell, column) => cell.padEnd(widths[column])).join('  '));
console.log(
  `plan p50 ${result.planP50Ms.toFixed(1)} ms = ${(result.planP50Ms / result.referenceP50Ms).toFixed(1)}× the reference ` +
    `(p95 ${result.planP95Ms.toFixed(1)} ms, load average ${result.loadAverage.toFixed(1)}); ` +
    `target p50 < ${TARGET_MS} ms: ${result.pass ? 'met' : 'NOT met'}. ${result.plannedReviews} reviews planned over ${result.days} days, ` +
    `${result.cardsSeenBeforeExam} of ${CARDS} cards seen before the exam, ${result.unplannedReviews} reviews and ` +
    `${result.unplannedReadingMinutes} reading minutes that did not fit in ${DAILY_MINUTES} min a day.`,
);

const file = join(here, '..', 'results', 'exams.json');
mkdirSync(dirname(file), { recursive: true });
let all = {};
try {
  all = JSON.parse(readFileSync(file, 'utf8'));
} catch {
  // first run
}
writeFileSync(
  file,
  JSON.stringify({ ...all, plan: { ...result, measuredAt: new Date().toISOString() } }, null, 2) + '\n',
);
if (!result.pass) process.exitCode = 1;

// The question banks over the corpus, in their own process (bank.mjs).
const bank = spawnSync(process.execPath, [join(here, 'bank.mjs')], { stdio: 'inherit' });
if (bank.status !== 0) process.exitCode = 1;
