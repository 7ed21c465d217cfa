import type { PlanDay, PlanReading } from '@chapterwise/shared';
import { createEmptyCard, fsrs, Rating } from 'ts-fsrs';
import { difficultyAfterGood, intervalDays, recallProbability, stabilityAfterGood } from './fsrs-projection.js';
import { addDays, daysBetween, DayIndex, localDate, startOfLocalDay } from './local-date.js';

/*
 * The study plan to an exam, as pure functions: reading sized from the chapters' length, FSRS reviews projected
 * day by day with the exam date in view, the last days kept for practice exams, and missed work moved forward.
 */

/** Study reading of a textbook: slower than leisure reading (200-250 wpm) since the student takes notes. */
export const STUDY_WORDS_PER_MINUTE = 150;
/** Average characters per English word, spaces included. */
const CHARS_PER_WORD = 6;
/** A page with little text (a figure, a scan without text) still takes a look. */
const MIN_PAGE_MINUTES = 1;
/** One flashcard review: read, recall, flip, rate. */
export const REVIEW_SECONDS = 20;
/** A practice exam of about 30 questions. */
export const PRACTICE_MINUTES = 45;
const DAY_MS = 86_400_000;
/** Projected reviews per card before the exam: more than enough for any exam up to a year away. */
const MAX_REVIEWS_PER_CARD = 12;
/** The most of a reading day kept for reading ahead of reviews. */
const MAX_READING_SHARE = 0.6;

const scheduler = fsrs();

/** Minutes to study a page of `chars` characters of text. */
export function pageReadingMinutes(chars: number): number {
  return Math.max(MIN_PAGE_MINUTES, chars / CHARS_PER_WORD / STUDY_WORDS_PER_MINUTE);
}

export interface PlanChapter {
  id: string;
  bookId: string;
  title: string;
  /** The student has read it: nothing left to plan for reading. */
  read: boolean;
  /** Its pages in order: physical page number (1-based) and minutes to read it. */
  pages: Array<{ number: number; minutes: number }>;
}

/** A flashcard as the plan sees it: its FSRS memory (stability, difficulty) and when it is due. */
export interface PlanCard {
  id: string;
  chapterId: string;
  bookId: string;
  /** Reviewed at least once; a new card is first reviewed after its chapter is read. */
  reviewed: boolean;
  dueAt: number;
  stability: number;
  difficulty: number;
  /** Last review (ms), null for new cards. */
  lastReview: number | null;
}

/** What an earlier plan put on each day, kept so a missed day can be told apart from a day with nothing to do. */
export type PlanSnapshot = Record<string, { reading: string[]; reviews: number }>;

export interface PlanInput {
  now: Date;
  examAt: Date;
  timeZone: string;
  dailyMinutes: number;
  /** In book order (the order the exam lists its chapters). */
  chapters: PlanChapter[];
  cards: PlanCard[];
  snapshot: PlanSnapshot;
}

export interface StudyPlan {
  days: PlanDay[];
  unplannedReadingMinutes: number;
  unplannedReviews: number;
  cardsTotal: number;
  /** The plan's days as the next plan will compare them (past days of the old snapshot kept). */
  snapshot: PlanSnapshot;
  /** Day index of each card's first planned review (-1 when it did not fit), for checks and tests. */
  firstReviewDay: Map<string, number>;
}

/** Days from today kept at the end for practice exams: two when the plan is a week or more, one from four days. */
export function practiceDayCount(studyDays: number): number {
  return studyDays >= 8 ? 2 : studyDays >= 4 ? 1 : 0;
}

/** Minutes of a practice day given to the practice exam, leaving the rest for the last reviews. */
export function practiceMinutesOf(dailyMinutes: number): number {
  return Math.min(PRACTICE_MINUTES, Math.max(10, Math.round(dailyMinutes * 0.6)), dailyMinutes);
}

/**
 * The day (index) a card whose next review would fall on or after the exam is reviewed instead: one of the final
 * days (the practice days, or the last day), spread by card so they do not all land on one evening.
 */
export function cutReviewDay(cardId: string, studyDays: number): number {
  const finalDays = Math.max(1, Math.min(studyDays, practiceDayCount(studyDays)));
  return studyDays - 1 - (stableHash(cardId) % finalDays);
}

function stableHash(text: string): number {
  let hash = 2166136261;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 16777619);
  }
  return hash >>> 0;
}

// Days after its first review (a new card rated Good each time) that a card comes back: the same for every new
// card with the default parameters, so it is worked out once.
let newCardLadder: number[] | undefined;
function newCardOffsets(): number[] {
  if (newCardLadder) return newCardLadder;
  const start = new Date(Date.UTC(2000, 0, 1, 12));
  let card = createEmptyCard(start);
  let at = start;
  const offsets = [0];
  while (offsets.length < MAX_REVIEWS_PER_CARD) {
    card = scheduler.next(card, at, Rating.Good).card;
    at = card.due;
    const offset = Math.round((card.due.getTime() - start.getTime()) / DAY_MS);
    if (offset > offsets[offsets.length - 1]!) offsets.push(offset);
    if (offset > 3650) break;
  }
  return (newCardLadder = offsets);
}

/** Review days of a card first reviewed on `firstDay`, rated Good each time, with the exam's cut applied. */
function projectReviews(card: PlanCard, firstDay: number, studyDays: number, dayIndex: DayIndex): number[] {
  const cutFrom = studyDays - Math.max(1, practiceDayCount(studyDays));
  const reviews: number[] = [];
  let day = firstDay;
  if (day >= studyDays) day = cutReviewDay(card.id, studyDays);
  reviews.push(day);
  if (!card.reviewed) {
    for (const offset of newCardOffsets().slice(1)) {
      if (firstDay + offset >= studyDays) break;
      day = firstDay + offset;
      reviews.push(day);
    }
  } else {
    let stability = card.stability;
    let difficulty = card.difficulty;
    let lastReview = card.lastReview ?? card.dueAt;
    while (reviews.length < MAX_REVIEWS_PER_CARD) {
      const at = dayIndex.startOf(day) + DAY_MS / 2;
      const elapsed = Math.max(0, (at - lastReview) / DAY_MS);
      const recall = recallProbability(elapsed, stability);
      stability = stabilityAfterGood(difficulty, stability, recall);
      difficulty = difficultyAfterGood(difficulty);
      lastReview = at;
      const next = day + intervalDays(stability);
      if (next >= studyDays) break;
      day = next;
      reviews.push(day);
    }
  }
  // The interval that would run past the exam is cut: one more review in the final days.
  const last = reviews[reviews.length - 1]!;
  if (last < cutFrom) {
    const cut = cutReviewDay(card.id, studyDays);
    if (cut > last) reviews.push(cut);
  }
  return reviews;
}

interface ReadingPart {
  chapter: PlanChapter;
  pages: PlanChapter['pages'];
}

/** The plan from today (in the exam's time zone) to the day before the exam. */
export function planExam(input: PlanInput): StudyPlan {
  const today = localDate(input.now, input.timeZone);
  const examDay = localDate(input.examAt, input.timeZone);
  const studyDays = Math.max(0, daysBetween(today, examDay));
  const dayIndex = new DayIndex(today, studyDays, input.timeZone);
  const practiceDays = practiceDayCount(studyDays);
  const readingDays = studyDays - practiceDays;
  const practiceMinutes = practiceMinutesOf(input.dailyMinutes);
  const daily = input.dailyMinutes;
  const firstReviewDay = new Map<string, number>();

  // Reviews waiting on each day (the card, for its book's link and its first review) and those the day takes.
  // Cards are numbered (their index in examCards) so the day-by-day work runs on plain number arrays.
  const chapterOrder = new Map(input.chapters.map((chapter, index) => [chapter.id, index]));
  const examCards = input.cards.filter((card) => chapterOrder.has(card.chapterId));
  const queued: number[][] = Array.from({ length: studyDays }, () => []);
  const taken: number[][] = Array.from({ length: studyDays }, () => []);
  const schedule = (index: number, firstDay: number) => {
    for (const day of projectReviews(examCards[index]!, firstDay, studyDays, dayIndex)) queued[day]!.push(index);
  };

  const newCardsByChapter = new Map<string, number[]>();
  let overdue = 0;
  if (studyDays > 0) {
    for (const [index, card] of examCards.entries()) {
      if (card.reviewed) {
        const due = dayIndex.of(card.dueAt);
        if (due < 0) overdue++;
        schedule(index, Math.max(0, due));
      } else {
        const list = newCardsByChapter.get(card.chapterId) ?? [];
        list.push(index);
        newCardsByChapter.set(card.chapterId, list);
      }
    }
  }
  const introduce = (chapterId: string, day: number) => {
    for (const index of newCardsByChapter.get(chapterId) ?? []) schedule(index, day);
    newCardsByChapter.delete(chapterId);
  };
  // Cards of chapters already read are learned from today; the others the day after their reading ends.
  for (const chapter of input.chapters) if (chapter.read || chapter.pages.length === 0) introduce(chapter.id, 0);

  const toRead: ReadingPart[] = input.chapters
    .filter((chapter) => !chapter.read && chapter.pages.length > 0)
    .map((chapter) => ({ chapter, pages: [...chapter.pages] }));
  let readingLeft = toRead.reduce((sum, part) => sum + sumMinutes(part.pages), 0);

  const days: PlanDay[] = [];
  const readingOf: PlanReading[][] = [];
  const readingMinutesOf: number[] = [];
  // A reading day keeps room for its share of the reading (up to 60% of the day) before reviews fill it, so a pile
  // of reviews cannot push the reading past the practice days; reviews that do not fit move on.
  const reviewCapacity = (day: number) => {
    const kept =
      day >= readingDays
        ? practiceMinutes
        : toRead.length > 0
          ? Math.min(readingLeft / (readingDays - day), daily * MAX_READING_SHARE)
          : 0;
    return Math.max(0, Math.floor(((daily - kept) * 60) / REVIEW_SECONDS));
  };
  let carry: number[] = [];
  // Cards with a review taken so far: when a day is full, a card's first review goes before another's repeat.
  const seen = new Uint8Array(examCards.length);
  for (let day = 0; day < studyDays; day++) {
    let waiting = carry.concat(queued[day]!);
    const capacity = reviewCapacity(day);
    if (waiting.length > capacity) {
      const ordered: number[] = [];
      for (const index of waiting) if (!seen[index]) ordered.push(index);
      for (const index of waiting) if (seen[index]) ordered.push(index);
      waiting = ordered;
    }
    taken[day] = waiting.slice(0, capacity);
    for (const index of taken[day]!) seen[index] = 1;
    carry = waiting.slice(capacity);
    const reviewMinutes = (taken[day]!.length * REVIEW_SECONDS) / 60;

    const reading: PlanReading[] = [];
    let readMinutes = 0;
    if (day < readingDays && toRead.length > 0) {
      const budget = daily - reviewMinutes;
      // The reading left, spread evenly over the reading days left.
      const target = readingLeft / (readingDays - day);
      while (toRead.length > 0) {
        const part = toRead[0]!;
        const pages: PlanChapter['pages'] = [];
        let partMinutes = 0;
        while (part.pages.length > 0) {
          const page = part.pages[0]!;
          const after = readMinutes + partMinutes + page.minutes;
          // Never past the day's budget; past the even share only to take at least one page.
          if (after > budget + 1e-9 || (after > target + 1e-9 && readMinutes + partMinutes > 0)) break;
          pages.push(part.pages.shift()!);
          partMinutes += page.minutes;
        }
        if (pages.length === 0) break;
        readMinutes += partMinutes;
        readingLeft -= partMinutes;
        const finishes = part.pages.length === 0;
        reading.push({
          chapter_id: part.chapter.id,
          book_id: part.chapter.bookId,
          title: part.chapter.title,
          minutes: Math.max(1, Math.round(partMinutes)),
          start_page: pages[0]!.number,
          end_page: pages[pages.length - 1]!.number,
          finishes_chapter: finishes,
        });
        if (!finishes) break;
        toRead.shift();
        // Its cards start the next day (spaced from the reading), or today when no day is left.
        if (day + 1 < studyDays) introduce(part.chapter.id, day + 1);
        else {
          const before = queued[day]!.length;
          introduce(part.chapter.id, day);
          carry.push(...queued[day]!.slice(before));
        }
      }
    }
    readingOf[day] = reading;
    readingMinutesOf[day] = readMinutes;
  }
  // Reviews that did not fit by the last day move back to the latest days with room (reviewed a little early).
  for (let day = studyDays - 1; day >= 0 && carry.length > 0; day--) {
    const used =
      readingMinutesOf[day]! + (taken[day]!.length * REVIEW_SECONDS) / 60 + (day >= readingDays ? practiceMinutes : 0);
    const room = Math.floor(((daily - used) * 60) / REVIEW_SECONDS);
    if (room <= 0) continue;
    const moved = carry.splice(0, room);
    for (const index of moved) {
      taken[day]!.push(index);
      seen[index] = 1;
    }
  }
  // Still a card never seen: it takes the place of another card's repeat review, latest day first.
  const unseen = [...new Set(carry.filter((index) => !seen[index]))];
  if (unseen.length > 0) {
    const reviewsTaken = new Int32Array(examCards.length);
    for (const list of taken) for (const index of list) reviewsTaken[index]!++;
    for (let day = studyDays - 1; day >= 0 && unseen.length > 0; day--) {
      const list = taken[day]!;
      for (let slot = list.length - 1; slot >= 0 && unseen.length > 0; slot--) {
        const repeat = list[slot]!;
        if (reviewsTaken[repeat]! < 2) continue;
        const card = unseen.pop()!;
        list[slot] = card;
        reviewsTaken[repeat]!--;
        reviewsTaken[card] = 1;
        seen[card] = 1;
        carry.splice(carry.indexOf(card), 1, repeat);
      }
    }
  }

  const missed = missedWork(input, today);
  for (let day = 0; day < studyDays; day++) {
    const reviews = taken[day]!.length;
    const reviewMinutes = (reviews * REVIEW_SECONDS) / 60;
    const practice = day >= readingDays;
    const total = readingMinutesOf[day]! + reviewMinutes + (practice ? practiceMinutes : 0);
    const byBook = new Map<string, number>();
    for (const index of taken[day]!) {
      const { bookId } = examCards[index]!;
      byBook.set(bookId, (byBook.get(bookId) ?? 0) + 1);
    }
    days.push({
      date: addDays(today, day),
      minutes: Math.min(daily, Math.round(total)),
      reading: readingOf[day]!,
      reviews,
      review_minutes: Math.ceil(reviewMinutes),
      review_books: [...byBook].map(([book_id, count]) => ({ book_id, count })),
      practice,
      practice_minutes: practice ? practiceMinutes : 0,
      moved_from: [],
      note: null,
    });
  }
  noteMovedWork(days, missed, overdue, input.chapters);

  const firstDays = new Int32Array(examCards.length).fill(-1);
  for (let day = studyDays - 1; day >= 0; day--) for (const index of taken[day]!) firstDays[index] = day;
  for (const [index, card] of examCards.entries()) firstReviewDay.set(card.id, firstDays[index]!);

  const snapshot: PlanSnapshot = {};
  for (const [date, entry] of Object.entries(input.snapshot).sort(([a], [b]) => a.localeCompare(b))) {
    if (date < today && daysBetween(date, today) <= 60) snapshot[date] = entry;
  }
  for (const day of days) {
    snapshot[day.date] = { reading: day.reading.map((item) => item.chapter_id), reviews: day.reviews };
  }
  return {
    days,
    unplannedReadingMinutes: Math.round(readingLeft),
    unplannedReviews: carry.length,
    cardsTotal: examCards.length,
    snapshot,
    firstReviewDay,
  };
}

function sumMinutes(pages: PlanChapter['pages']): number {
  return pages.reduce((sum, page) => sum + page.minutes, 0);
}

interface MissedWork {
  /** Chapter id -> past dates its reading was planned on and it is still unread. */
  reading: Map<string, string[]>;
  /** Past dates that had reviews planned. */
  reviewDates: string[];
}

function missedWork(input: PlanInput, today: string): MissedWork {
  const unread = new Set(input.chapters.filter((chapter) => !chapter.read).map((chapter) => chapter.id));
  const reading = new Map<string, string[]>();
  const reviewDates: string[] = [];
  for (const [date, entry] of Object.entries(input.snapshot).sort(([a], [b]) => a.localeCompare(b))) {
    if (date >= today) continue;
    for (const chapterId of entry.reading) {
      if (!unread.has(chapterId)) continue;
      reading.set(chapterId, [...(reading.get(chapterId) ?? []), date]);
    }
    if (entry.reviews > 0) reviewDates.push(date);
  }
  return { reading, reviewDates };
}

/** Says on the day that takes it over what moved from a missed day. */
function noteMovedWork(days: PlanDay[], missed: MissedWork, overdueReviews: number, chapters: PlanChapter[]): void {
  const titles = new Map(chapters.map((chapter) => [chapter.id, chapter.title]));
  const notes = new Map<PlanDay, string[]>();
  const addNote = (day: PlanDay, note: string, dates: string[]) => {
    notes.set(day, [...(notes.get(day) ?? []), note]);
    day.moved_from = [...new Set([...day.moved_from, ...dates])].sort();
  };
  for (const [chapterId, dates] of missed.reading) {
    const day = days.find((candidate) => candidate.reading.some((item) => item.chapter_id === chapterId));
    if (day) addNote(day, `reading of ${titles.get(chapterId) ?? 'a chapter'} (planned ${dates.join(', ')})`, dates);
  }
  if (overdueReviews > 0 && missed.reviewDates.length > 0 && days[0]) {
    addNote(
      days[0],
      `${overdueReviews} review${overdueReviews === 1 ? '' : 's'} (due ${missed.reviewDates.join(', ')})`,
      missed.reviewDates,
    );
  }
  for (const [day, parts] of notes) day.note = `Moved here from missed days: ${parts.join('; ')}.`;
}

/**
 * Where a review's next due date goes when the card's chapter is in an upcoming exam: an interval that would run
 * past the exam is cut so the card comes back in the exam's final days (its last review before the exam).
 */
export function cutDueForExam(
  cardId: string,
  nextDue: Date,
  now: Date,
  exam: { examAt: Date; timeZone: string },
): Date {
  const today = localDate(now, exam.timeZone);
  const examDay = localDate(exam.examAt, exam.timeZone);
  const studyDays = daysBetween(today, examDay);
  if (studyDays <= 0 || nextDue.getTime() < startOfLocalDay(examDay, exam.timeZone).getTime()) return nextDue;
  const cutDay = cutReviewDay(cardId, studyDays);
  // Reviewed today in the final days: that was its last review before the exam.
  if (cutDay <= 0) return nextDue;
  return startOfLocalDay(addDays(today, cutDay), exam.timeZone);
}
