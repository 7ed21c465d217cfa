import type { ChapterExamState, Readiness } from '@chapterwise/shared';
import { recallProbability } from './fsrs-projection.js';

const DAY_MS = 86_400_000;

/** Weights of the one readiness figure: what FSRS expects recalled weighs most; reading and practice share the rest. */
export const READINESS_WEIGHTS = { recall: 0.6, chaptersRead: 0.2, practice: 0.2 } as const;
/** A chapter is ready when its cards are expected recalled and its last practice score both reach this share. */
export const READY_SHARE = 0.8;

export const READINESS_RULE =
  'Readiness = 60% × the share of cards FSRS expects you to recall at the exam time + 20% × the share of chapters read + 20% × the last practice score.';

export const CHAPTER_STATE_RULES: Record<ChapterExamState, string> = {
  ready: `Read, cards expected recalled at ${READY_SHARE * 100}% or more on the exam date, and ${READY_SHARE * 100}% or more of its questions right in the last practice exam.`,
  practising: 'Read, with cards reviewed or questions practised, but not yet at the ready mark.',
  reading:
    'Started (cards reviewed or questions answered) but not read yet, or read with nothing reviewed or practised.',
  not_started: 'Not read, no card reviewed and no practice question answered.',
};

export interface ReadinessCard {
  chapterId: string;
  reviewed: boolean;
  stability: number;
  /** Last review (ms); null for a card never reviewed. */
  lastReview: number | null;
}

export interface ReadinessChapter {
  id: string;
  bookId: string;
  title: string;
  read: boolean;
  /** Share right in the last practice exam that asked this chapter; null before any. */
  lastPracticeScore: number | null;
}

/** FSRS's probability of recalling a card at `at`: 0 for a card never reviewed (nothing learned yet). */
export function recallAt(card: ReadinessCard, at: number): number {
  if (!card.reviewed || card.lastReview === null || card.stability <= 0) return 0;
  return recallProbability(Math.max(0, (at - card.lastReview) / DAY_MS), card.stability);
}

export function examReadiness(input: {
  examId: string;
  examAt: Date;
  chapters: ReadinessChapter[];
  cards: ReadinessCard[];
  lastPracticeScore: number | null;
}): Readiness {
  const at = input.examAt.getTime();
  const byChapter = new Map<string, { sum: number; count: number; reviewed: number }>();
  let recallSum = 0;
  let cardsTotal = 0;
  const chapterIds = new Set(input.chapters.map((chapter) => chapter.id));
  for (const card of input.cards) {
    if (!chapterIds.has(card.chapterId)) continue;
    const recall = recallAt(card, at);
    recallSum += recall;
    cardsTotal++;
    const entry = byChapter.get(card.chapterId) ?? { sum: 0, count: 0, reviewed: 0 };
    entry.sum += recall;
    entry.count++;
    if (card.reviewed) entry.reviewed++;
    byChapter.set(card.chapterId, entry);
  }
  const recall = cardsTotal ? recallSum / cardsTotal : 0;
  const chaptersRead = input.chapters.filter((chapter) => chapter.read).length;
  const readShare = input.chapters.length ? chaptersRead / input.chapters.length : 0;
  const readiness =
    READINESS_WEIGHTS.recall * recall +
    READINESS_WEIGHTS.chaptersRead * readShare +
    READINESS_WEIGHTS.practice * (input.lastPracticeScore ?? 0);
  return {
    exam_id: input.examId,
    readiness: round(readiness),
    parts: {
      recall: round(recall),
      recall_weight: READINESS_WEIGHTS.recall,
      cards_total: cardsTotal,
      chapters_read: chaptersRead,
      chapters_total: input.chapters.length,
      chapters_read_weight: READINESS_WEIGHTS.chaptersRead,
      last_practice_score: input.lastPracticeScore === null ? null : round(input.lastPracticeScore),
      practice_weight: READINESS_WEIGHTS.practice,
    },
    rule: READINESS_RULE,
    chapters: input.chapters.map((chapter) => {
      const cards = byChapter.get(chapter.id);
      const chapterRecall = cards && cards.count ? cards.sum / cards.count : null;
      const state = chapterState({
        read: chapter.read,
        reviewedCards: cards?.reviewed ?? 0,
        recall: chapterRecall,
        lastPracticeScore: chapter.lastPracticeScore,
      });
      return {
        chapter_id: chapter.id,
        book_id: chapter.bookId,
        title: chapter.title,
        state,
        rule: CHAPTER_STATE_RULES[state],
        read: chapter.read,
        cards_total: cards?.count ?? 0,
        recall: chapterRecall === null ? null : round(chapterRecall),
        last_practice_score: chapter.lastPracticeScore === null ? null : round(chapter.lastPracticeScore),
      };
    }),
  };
}

/** The state of one chapter, by the rules in CHAPTER_STATE_RULES (checked from the top). */
export function chapterState(chapter: {
  read: boolean;
  reviewedCards: number;
  /** Mean recall of its cards at the exam; null without cards. */
  recall: number | null;
  lastPracticeScore: number | null;
}): ChapterExamState {
  const practised = chapter.reviewedCards > 0 || chapter.lastPracticeScore !== null;
  if (chapter.read) {
    const recalled = chapter.recall === null || chapter.recall >= READY_SHARE;
    if (recalled && chapter.lastPracticeScore !== null && chapter.lastPracticeScore >= READY_SHARE) return 'ready';
    return practised ? 'practising' : 'reading';
  }
  return practised ? 'reading' : 'not_started';
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}
