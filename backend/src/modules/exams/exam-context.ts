import type { ExamChapter } from '@chapterwise/shared';
import type { BookEntity } from '../books/entities/book.entity.js';
import type { ChapterEntity } from '../books/entities/chapter.entity.js';
import type { FlashcardEntity } from '../studio/studio.entities.js';
import type { PageSize } from './exam.repository.js';
import type { ExamEntity } from './exams.entities.js';
import { pageReadingMinutes, type PlanCard, type PlanChapter, type PlanSnapshot } from './plan.js';
import type { ReadinessCard } from './readiness.js';

/** What an exam's plan, readiness and screens are computed from, loaded once per request. */
export interface ExamContext {
  exam: ExamEntity;
  chapters: Array<{ chapter: ChapterEntity; book: BookEntity; pages: PageSize[]; read: boolean }>;
  cards: FlashcardEntity[];
}

interface StoredFsrsCard {
  stability?: number;
  difficulty?: number;
  last_review?: string | null;
}

/** A card's FSRS memory from the studio's stored ts-fsrs card. */
export function memoryOf(card: FlashcardEntity): { stability: number; difficulty: number; lastReview: number | null } {
  let stored: StoredFsrsCard = {};
  try {
    stored = JSON.parse(card.fsrs) as StoredFsrsCard;
  } catch {
    // A card the scheduler never wrote counts as new.
  }
  const lastReview = stored.last_review ? new Date(stored.last_review).getTime() : null;
  return {
    stability: Number(stored.stability ?? 0),
    difficulty: Number(stored.difficulty ?? 0),
    lastReview: Number.isFinite(lastReview) ? lastReview : null,
  };
}

export function planCardOf(card: FlashcardEntity): PlanCard {
  const memory = memoryOf(card);
  return {
    id: card.id,
    chapterId: card.chapterId,
    bookId: card.bookId,
    reviewed: card.reps > 0 && memory.lastReview !== null,
    dueAt: new Date(card.dueAt).getTime(),
    ...memory,
  };
}

export function readinessCardOf(card: FlashcardEntity): ReadinessCard {
  const memory = memoryOf(card);
  return {
    chapterId: card.chapterId,
    reviewed: card.reps > 0 && memory.lastReview !== null,
    stability: memory.stability,
    lastReview: memory.lastReview,
  };
}

export function planChapterOf(entry: ExamContext['chapters'][number]): PlanChapter {
  return {
    id: entry.chapter.id,
    bookId: entry.book.id,
    title: entry.chapter.title,
    read: entry.read,
    pages: entry.pages.map((page) => ({ number: page.number, minutes: pageReadingMinutes(page.chars) })),
  };
}

export function parseSnapshot(stored: string): PlanSnapshot {
  try {
    const parsed = JSON.parse(stored) as unknown;
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as PlanSnapshot) : {};
  } catch {
    return {};
  }
}

export function examChapterOf(entry: ExamContext['chapters'][number]): ExamChapter {
  const { chapter, book, pages, read } = entry;
  const minutes = pages.reduce((sum, page) => sum + pageReadingMinutes(page.chars), 0);
  return {
    chapter_id: chapter.id,
    book_id: book.id,
    book_title: book.title,
    chapter_number: chapter.chapterNumber,
    title: chapter.title,
    start_page: chapter.startPage,
    end_page: chapter.endPage,
    start_page_label: pages[0]?.label ?? chapter.startLabel ?? String(chapter.startPage),
    end_page_label: pages[pages.length - 1]?.label ?? chapter.endLabel ?? String(chapter.endPage),
    pages: chapter.endPage - chapter.startPage + 1,
    reading_minutes: Math.round(minutes),
    read,
  };
}
