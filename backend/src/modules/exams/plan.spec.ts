import { createEmptyCard, fsrs, Rating } from 'ts-fsrs';
import { addDays, localDate, startOfLocalDay } from './local-date.js';
import {
  cutDueForExam,
  cutReviewDay,
  pageReadingMinutes,
  planExam,
  practiceDayCount,
  type PlanCard,
  type PlanChapter,
  type PlanInput,
} from './plan.js';

const DAY_MS = 86_400_000;
const NOW = new Date('2026-12-06T08:00:00Z');
const TZ = 'Europe/Paris';

function chapter(id: string, pages: number, firstPage: number, read = false): PlanChapter {
  return {
    id,
    bookId: 'book-1',
    title: `Chapter ${id}`,
    read,
    pages: Array.from({ length: pages }, (_, index) => ({
      number: firstPage + index,
      minutes: pageReadingMinutes(2400),
    })),
  };
}

function newCards(chapterId: string, count: number): PlanCard[] {
  return Array.from({ length: count }, (_, index) => ({
    id: `${chapterId}-card-${index}`,
    chapterId,
    bookId: 'book-1',
    reviewed: false,
    dueAt: NOW.getTime() - DAY_MS,
    stability: 0,
    difficulty: 0,
    lastReview: null,
  }));
}

/** A card reviewed `daysAgo` with Good, due when FSRS says. */
function reviewedCard(id: string, chapterId: string, daysAgo: number): PlanCard {
  const scheduler = fsrs();
  const reviewedAt = new Date(NOW.getTime() - daysAgo * DAY_MS);
  let card = scheduler.next(createEmptyCard(reviewedAt), reviewedAt, Rating.Good).card;
  card = scheduler.next(card, reviewedAt, Rating.Good).card;
  return {
    id,
    chapterId,
    bookId: 'book-1',
    reviewed: true,
    dueAt: card.due.getTime(),
    stability: card.stability,
    difficulty: card.difficulty,
    lastReview: reviewedAt.getTime(),
  };
}

function tenDayExam(overrides: Partial<PlanInput> = {}): PlanInput {
  const chapters = [chapter('a', 12, 10), chapter('b', 10, 22), chapter('c', 14, 32)];
  return {
    now: NOW,
    examAt: new Date('2026-12-16T09:00:00+01:00'),
    timeZone: TZ,
    dailyMinutes: 60,
    chapters,
    cards: [...newCards('a', 20), ...newCards('b', 15), ...newCards('c', 25)],
    snapshot: {},
    ...overrides,
  };
}

describe(planExam.name, () => {
  it('plans every day from today to the day before the exam, each within the daily time', () => {
    const plan = planExam(tenDayExam());
    expect(plan.days.map((day) => day.date)).toEqual(
      Array.from({ length: 10 }, (_, index) => addDays('2026-12-06', index)),
    );
    for (const day of plan.days) expect(day.minutes).toBeLessThanOrEqual(60);
    expect(plan.days.every((day) => day.date < '2026-12-16')).toBe(true);
  });

  it('plans the reading of every chapter, in book order, by two days before the exam', () => {
    const plan = planExam(tenDayExam());
    const finished = plan.days.flatMap((day) =>
      day.reading.filter((item) => item.finishes_chapter).map((item) => ({ chapter: item.chapter_id, date: day.date })),
    );
    expect(finished.map((entry) => entry.chapter)).toEqual(['a', 'b', 'c']);
    for (const entry of finished) expect(entry.date <= '2026-12-14').toBe(true);
    expect(plan.unplannedReadingMinutes).toBe(0);
    // Pages in order, none twice, none left out.
    const pages = plan.days.flatMap((day) =>
      day.reading.flatMap((item) =>
        Array.from({ length: item.end_page - item.start_page + 1 }, (_, index) => item.start_page + index),
      ),
    );
    expect(pages).toEqual([...Array.from({ length: 36 }, (_, index) => 10 + index)]);
  });

  it('keeps the last two days for practice exams, with no reading', () => {
    const plan = planExam(tenDayExam());
    expect(plan.days.slice(-2).every((day) => day.practice && day.reading.length === 0)).toBe(true);
    expect(plan.days.slice(0, -2).some((day) => day.practice)).toBe(false);
    expect(practiceDayCount(10)).toBe(2);
  });

  it('has every card reviewed at least once before the exam, and the last review of each in the final days', () => {
    const input = tenDayExam({
      cards: [...newCards('a', 20), reviewedCard('old-1', 'b', 3), reviewedCard('old-2', 'c', 40)],
    });
    const plan = planExam(input);
    expect(plan.unplannedReviews).toBe(0);
    for (const card of input.cards) {
      const first = plan.firstReviewDay.get(card.id)!;
      expect(first).toBeGreaterThanOrEqual(0);
      expect(first).toBeLessThan(10);
    }
    const reviews = plan.days.reduce((sum, day) => sum + day.reviews, 0);
    expect(reviews).toBeGreaterThanOrEqual(input.cards.length * 2);
    expect(plan.days.slice(-2).reduce((sum, day) => sum + day.reviews, 0)).toBeGreaterThanOrEqual(input.cards.length);
  });

  it("starts a chapter's new cards the day after its reading ends", () => {
    const plan = planExam(tenDayExam({ cards: newCards('b', 15) }));
    const finishedB = plan.days.findIndex((day) =>
      day.reading.some((item) => item.chapter_id === 'b' && item.finishes_chapter),
    );
    expect(plan.days.slice(0, finishedB + 1).every((day) => day.reviews === 0)).toBe(true);
    expect(plan.days[finishedB + 1]!.reviews).toBe(15);
  });

  it('keeps room for the reading when 1,500 overdue reviews are waiting, so the reading still ends before the practice days', () => {
    const pile = Array.from({ length: 1500 }, (_, index) => reviewedCard(`pile-${index}`, 'a', 30));
    const plan = planExam(tenDayExam({ cards: pile }));
    expect(plan.unplannedReadingMinutes).toBe(0);
    const lastReading = plan.days.filter((day) => day.reading.length > 0).pop()!;
    expect(lastReading.date <= '2026-12-13').toBe(true);
    for (const day of plan.days) expect(day.minutes).toBeLessThanOrEqual(60);
    expect(plan.days[0]!.reviews).toBeGreaterThan(0);
  });

  it('never plans more than the daily time, moving reviews that do not fit and saying what did not fit', () => {
    const plan = planExam(tenDayExam({ dailyMinutes: 20, cards: newCards('a', 500) }));
    for (const day of plan.days) expect(day.minutes).toBeLessThanOrEqual(20);
    expect(plan.unplannedReadingMinutes + plan.unplannedReviews).toBeGreaterThan(0);
  });

  it('moves the reading of a missed day forward and says so', () => {
    const first = planExam(tenDayExam());
    const dayOne = first.days[0]!;
    expect(dayOne.reading[0]!.chapter_id).toBe('a');
    // Two days later, chapter a still unread.
    const later = planExam(tenDayExam({ now: new Date(NOW.getTime() + 2 * DAY_MS), snapshot: first.snapshot }));
    const moved = later.days.find((day) => day.reading.some((item) => item.chapter_id === 'a'))!;
    expect(moved.date).toBe('2026-12-08');
    expect(moved.moved_from).toContain('2026-12-06');
    expect(moved.note).toMatch(/^Moved here from missed days: reading of Chapter a \(planned 2026-12-06/);
    // A day whose work was done is not missed.
    const done = planExam(
      tenDayExam({
        now: new Date(NOW.getTime() + 2 * DAY_MS),
        snapshot: first.snapshot,
        chapters: [chapter('a', 12, 10, true), chapter('b', 10, 22), chapter('c', 14, 32)],
      }),
    );
    expect(done.days.some((day) => day.note !== null)).toBe(false);
  });

  it('moves overdue reviews to today and says so', () => {
    const overdue = reviewedCard('late', 'a', 30);
    const first = planExam(tenDayExam({ cards: [overdue] }));
    const snapshot = { ...first.snapshot, '2026-12-05': { reading: [], reviews: 4 } };
    const plan = planExam(tenDayExam({ cards: [overdue], snapshot }));
    expect(plan.days[0]!.reviews).toBeGreaterThanOrEqual(1);
    expect(plan.days[0]!.moved_from).toEqual(['2026-12-05']);
    expect(plan.days[0]!.note).toContain('1 review (due 2026-12-05)');
  });

  it('plans nothing on or after the exam day', () => {
    expect(planExam(tenDayExam({ examAt: new Date('2026-12-06T18:00:00+01:00') })).days).toEqual([]);
  });

  it('uses the time zone for dates: late evening in Los Angeles is still the same day there', () => {
    const plan = planExam(
      tenDayExam({
        now: new Date('2026-12-07T06:30:00Z'),
        timeZone: 'America/Los_Angeles',
        examAt: new Date('2026-12-12T17:00:00Z'),
      }),
    );
    expect(plan.days[0]!.date).toBe('2026-12-06');
    expect(plan.days[plan.days.length - 1]!.date).toBe('2026-12-11');
  });
});

describe(cutDueForExam.name, () => {
  const exam = { examAt: new Date('2026-12-16T09:00:00+01:00'), timeZone: TZ };

  it('cuts an interval that runs past the exam to one of its final days', () => {
    const cut = cutDueForExam('card-1', new Date('2027-01-20T10:00:00Z'), NOW, exam);
    expect(cut.getTime()).toBeLessThan(exam.examAt.getTime());
    const day = localDate(cut, TZ);
    expect(['2026-12-14', '2026-12-15']).toContain(day);
    expect(cut.getTime()).toBe(startOfLocalDay(day, TZ).getTime());
    expect(addDays('2026-12-06', cutReviewDay('card-1', 10))).toBe(day);
  });

  it('leaves an interval that ends before the exam, and a review made in the final days', () => {
    const soon = new Date('2026-12-09T10:00:00Z');
    expect(cutDueForExam('card-1', soon, NOW, exam)).toBe(soon);
    const finalDay = new Date('2026-12-15T12:00:00+01:00');
    const after = new Date('2027-01-20T10:00:00Z');
    const card = ['a', 'b', 'c', 'd'].find((id) => cutReviewDay(id, 1) === 0)!;
    expect(cutDueForExam(card, after, finalDay, exam)).toBe(after);
  });
});
