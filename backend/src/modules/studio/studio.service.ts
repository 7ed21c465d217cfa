import { Injectable } from '@nestjs/common';
import {
  FLASHCARD_MAX_PER_CHAPTER,
  FLASHCARD_TEXT_MAX_CHARS,
  type ChapterProgress,
  type CreateFlashcardRequest,
  type DueQueue,
  type Flashcard,
  type Quiz,
  type QuizAnswersRequest,
  type QuizAttempt,
  type QuizResult,
  type ReviewRating,
  type SummaryRead,
  type UpdateFlashcardRequest,
} from '@chapterwise/shared';
import { randomUUID } from 'node:crypto';
import { AppError } from '../../common/app-error.js';
import {
  StudyBudgetExceededError,
  StudyEngine,
  StudyEngineUnavailableError,
  type ChapterInput,
} from '../../providers/llm/study-engine.port.js';
import { BookIndexService } from '../books/book-index.service.js';
import { BookRepository } from '../books/book.repository.js';
import type { BookEntity } from '../books/entities/book.entity.js';
import type { ChapterEntity } from '../books/entities/chapter.entity.js';
import { cutDueForExam } from '../exams/plan.js';
import { previewDue, reviewSchedule } from './fsrs-scheduler.js';
import { flashcardsCsv, flashcardsApkg } from './flashcard-export.js';
import type { FlashcardEntity } from './studio.entities.js';
import { StudioRepository } from './studio.repository.js';
import { studyPageOf } from '../books/study-page.js';

const DUE_QUEUE_LIMIT = 200;
const MIN_QUIZ_QUESTIONS = 5;
const QUIZ_SAMPLE_CHAPTERS = 4;
const QUIZ_SAMPLE_PAGES = 3;

@Injectable()
export class StudioService {
  constructor(
    private readonly books: BookRepository,
    private readonly bookIndex: BookIndexService,
    private readonly studio: StudioRepository,
    private readonly engine: StudyEngine,
  ) {}

  /** The chapter's cards after generation, and how many model cards were dropped as unsupported by their page. */
  async generateFlashcards(ownerId: string, chapterId: string): Promise<{ cards: Flashcard[]; unsupported: number }> {
    const { book, chapter } = await this.ownedChapterOfReadyBook(ownerId, chapterId);
    const bookCards = await this.otherChaptersCards(ownerId, book.id, chapterId);
    const drafts = await this.study(async () =>
      this.engine.generateFlashcards(
        { ...(await this.chapterInput(book, chapter)), bookCards },
        { userId: ownerId, bookId: book.id },
      ),
    );
    const now = new Date();
    await this.studio.replaceUnreviewed({ ownerId, bookId: book.id, chapterId }, drafts.cards, now);
    return { cards: await this.listFlashcards(ownerId, chapterId), unsupported: drafts.unsupported };
  }

  async listFlashcards(ownerId: string, chapterId: string): Promise<Flashcard[]> {
    const owned = await this.books.findOwnedChapter(ownerId, chapterId);
    if (!owned) throw AppError.notFound('Chapter not found');
    const now = new Date();
    return (await this.studio.listChapterCards(ownerId, chapterId)).map((card) => toFlashcard(card, now));
  }

  async addFlashcard(ownerId: string, chapterId: string, body: Required<CreateFlashcardRequest>): Promise<Flashcard> {
    const owned = await this.books.findOwnedChapter(ownerId, chapterId);
    if (!owned) throw AppError.notFound('Chapter not found');
    if ((await this.studio.countChapterCards(ownerId, chapterId)) >= FLASHCARD_MAX_PER_CHAPTER)
      throw AppError.validation(`A chapter can have at most ${FLASHCARD_MAX_PER_CHAPTER} cards`);
    const now = new Date();
    const card = await this.studio.insertCard(
      { ownerId, bookId: owned.book.id, chapterId },
      { kind: body.kind, front: body.front, back: body.back, pageLabel: body.page_label },
      now,
    );
    return toFlashcard(card, now);
  }

  async updateFlashcard(ownerId: string, id: string, body: UpdateFlashcardRequest): Promise<Flashcard> {
    const card = await this.ownedCard(ownerId, id);
    const updated = await this.studio.updateCard(card, {
      ...(body.front !== undefined ? { front: body.front } : {}),
      ...(body.back !== undefined ? { back: body.back } : {}),
      ...(body.page_label !== undefined ? { pageLabel: body.page_label } : {}),
    });
    return toFlashcard(updated, new Date());
  }

  async deleteFlashcard(ownerId: string, id: string): Promise<void> {
    if (!(await this.studio.deleteOwnedCard(ownerId, id))) throw AppError.notFound('Flashcard not found');
  }

  async review(ownerId: string, id: string, rating: ReviewRating, now = new Date()): Promise<Flashcard> {
    const card = await this.ownedCard(ownerId, id);
    const next = reviewSchedule(card.fsrs, rating, now);
    const exam = await this.studio.nextExamOfChapter(ownerId, card.chapterId, now);
    if (exam) next.dueAt = cutDueForExam(card.id, next.dueAt, now, exam);
    return toFlashcard(await this.studio.recordReview(card, rating, next, now), now);
  }

  /**
   * Cards from a practice exam's wrong answers, due now: the chapter's card asking the same is made due, otherwise a
   * new card is added (kept by regeneration, like a hand-made one). Returns how many cards are due from them.
   */
  async addMistakeCards(
    ownerId: string,
    mistakes: Array<{ bookId: string; chapterId: string; front: string; back: string; pageLabel: string }>,
    now = new Date(),
  ): Promise<number> {
    let due = 0;
    for (const mistake of mistakes) {
      const front = mistake.front.slice(0, FLASHCARD_TEXT_MAX_CHARS);
      const existing = await this.studio.findChapterCardByFront(ownerId, mistake.chapterId, front);
      if (existing) {
        if (existing.dueAt.getTime() > now.getTime()) await this.studio.makeDue(existing, now);
        due++;
        continue;
      }
      if ((await this.studio.countChapterCards(ownerId, mistake.chapterId)) >= FLASHCARD_MAX_PER_CHAPTER) continue;
      await this.studio.insertCard(
        { ownerId, bookId: mistake.bookId, chapterId: mistake.chapterId },
        { kind: 'qa', front, back: mistake.back.slice(0, FLASHCARD_TEXT_MAX_CHARS), pageLabel: mistake.pageLabel },
        now,
      );
      due++;
    }
    return due;
  }

  async due(ownerId: string, bookId: string | null): Promise<DueQueue> {
    if (bookId && !(await this.books.findOwned(ownerId, bookId))) throw AppError.notFound('Book not found');
    const now = new Date();
    const due = await this.studio.due(ownerId, bookId, now, DUE_QUEUE_LIMIT);
    return { due_count: due.total, by_book: due.byBook, cards: due.cards.map((card) => toFlashcard(card, now)) };
  }

  async export(ownerId: string, bookId: string, format: 'apkg' | 'csv') {
    const book = await this.books.findOwned(ownerId, bookId);
    if (!book) throw AppError.notFound('Book not found');
    const chapters = new Map((await this.books.listChapters(bookId)).map((chapter) => [chapter.id, chapter]));
    const cards = (await this.studio.listBookCards(ownerId, bookId))
      .map((card) => ({ card, chapter: chapters.get(card.chapterId) }))
      .sort((a, b) => (a.chapter?.chapterNumber ?? 0) - (b.chapter?.chapterNumber ?? 0))
      .map(({ card, chapter }) => ({
        kind: card.kind,
        front: card.front,
        back: card.back,
        pageLabel: card.pageLabel,
        chapterTitle: chapter?.title ?? '',
      }));
    const slug =
      book.title
        .replace(/[^\p{L}\p{N}]+/gu, '-')
        .replace(/^-|-$/g, '')
        .slice(0, 60) || 'flashcards';
    if (format === 'csv')
      return {
        body: Buffer.from(flashcardsCsv(cards), 'utf8'),
        type: 'text/csv; charset=utf-8',
        name: `${slug}-flashcards.csv`,
      };
    return { body: await flashcardsApkg(book.title, cards), type: 'application/octet-stream', name: `${slug}.apkg` };
  }

  async createQuiz(ownerId: string, chapterId: string): Promise<Quiz> {
    const { book, chapter } = await this.ownedChapterOfReadyBook(ownerId, chapterId);
    const bookConcepts = await this.studio.bookConcepts(ownerId, book.id, chapterId);
    const bookPages = await this.otherChaptersSample(chapter);
    const drafts = await this.study(async () =>
      this.engine.generateQuiz(
        { chapter: await this.chapterInput(book, chapter), bookConcepts, bookPages },
        { userId: ownerId, bookId: book.id },
      ),
    );
    if (drafts.length < MIN_QUIZ_QUESTIONS)
      throw AppError.conflict('This chapter has too little text to make a quiz from.');
    const quiz = await this.studio.insertQuiz(
      { ownerId, bookId: book.id, chapterId },
      drafts.map((draft, index) => ({
        id: `q${index + 1}`,
        prompt: draft.prompt,
        options: draft.options,
        answer: draft.answer,
        explanation: draft.explanation,
        page_label: draft.pageLabel,
      })),
    );
    return {
      id: quiz.id,
      chapter_id: chapterId,
      questions: quiz.questions.map(({ id, prompt, options, page_label }) => ({ id, prompt, options, page_label })),
    };
  }

  async answerQuiz(ownerId: string, quizId: string, body: QuizAnswersRequest): Promise<QuizResult> {
    const quiz = await this.studio.findOwnedQuiz(ownerId, quizId);
    if (!quiz) throw AppError.notFound('Quiz not found');
    const choices = new Map<string, number>();
    for (const answer of body.answers) {
      if (!quiz.questions.some((question) => question.id === answer.question_id))
        throw AppError.validation(`${answer.question_id} is not a question of this quiz`);
      if (choices.has(answer.question_id)) throw AppError.validation(`${answer.question_id} is answered twice`);
      choices.set(answer.question_id, answer.choice);
    }
    const results = quiz.questions.map((question) => {
      const choice = choices.get(question.id) ?? null;
      return {
        question_id: question.id,
        choice,
        correct: choice === question.answer,
        correct_choice: question.answer,
        explanation: question.explanation,
        page_label: question.page_label,
      };
    });
    const score = results.filter((result) => result.correct).length;
    const attemptId = randomUUID();
    await this.studio.insertAttempt({
      id: attemptId,
      quizId,
      chapterId: quiz.chapterId,
      answers: body.answers,
      score,
      total: results.length,
    });
    return { attempt_id: attemptId, score, total: results.length, results };
  }

  async quizAttempts(ownerId: string, chapterId: string): Promise<QuizAttempt[]> {
    if (!(await this.books.findOwnedChapter(ownerId, chapterId))) throw AppError.notFound('Chapter not found');
    const attempts = await this.studio.listChapterAttempts(ownerId, chapterId);
    return attempts.map((attempt) => ({
      id: attempt.id,
      quiz_id: attempt.quizId,
      score: attempt.score,
      total: attempt.total,
      created_at: attempt.createdAt.toISOString(),
    }));
  }

  async progress(ownerId: string, bookId: string): Promise<ChapterProgress[]> {
    const book = await this.books.findOwned(ownerId, bookId);
    if (!book) throw AppError.notFound('Book not found');
    const chapters = await this.books.listChapters(bookId);
    const { cards, attempts, readChapters, now } = await this.studio.progress(ownerId, bookId, new Date());
    return chapters.map((chapter) => {
      const own = cards.filter((card) => card.chapterId === chapter.id);
      const scores = attempts
        .filter((attempt) => attempt.chapterId === chapter.id && attempt.total > 0)
        .map((attempt) => attempt.score / attempt.total);
      return {
        chapter_id: chapter.id,
        summary_read: readChapters.has(chapter.id),
        cards_total: own.length,
        cards_learned: own.filter((card) => card.state === 'review').length,
        cards_due: own.filter((card) => card.dueAt.getTime() <= now.getTime()).length,
        best_quiz_score: scores.length ? Math.max(...scores) : null,
        quiz_attempts: scores.length,
      };
    });
  }

  async markSummaryRead(ownerId: string, chapterId: string, read: boolean, now = new Date()): Promise<SummaryRead> {
    const owned = await this.books.findOwnedChapter(ownerId, chapterId);
    if (!owned) throw AppError.notFound('Chapter not found');
    if (read && owned.chapter.summary === null)
      throw AppError.conflict("This chapter's notes are not written yet, so they cannot be marked read.");
    const readAt = await this.studio.setSummaryRead({ ownerId, bookId: owned.book.id, chapterId }, read, now);
    return {
      chapter_id: chapterId,
      summary_read: readAt !== null,
      read_at: readAt ? new Date(readAt).toISOString() : null,
    };
  }

  private async ownedCard(ownerId: string, id: string): Promise<FlashcardEntity> {
    const card = await this.studio.findOwnedCard(ownerId, id);
    if (!card) throw AppError.notFound('Flashcard not found');
    return card;
  }

  // With the book's index entries for the chapter: cards and quiz ask about the terms the book itself lists.
  private async chapterInput(book: BookEntity, chapter: ChapterEntity): Promise<ChapterInput> {
    const pages = await this.books.pagesOf(book.id, chapter.startPage, chapter.endPage);
    return {
      bookTitle: book.title,
      chapterTitle: chapter.title,
      language: book.language,
      pages: pages.map(studyPageOf),
      indexTerms: await this.bookIndex.indexTermsOf(book, chapter),
    };
  }

  // The cards the student has of the book's other chapters: the new cards repeat none of them. The chapter's own
  // cards are not among them, since regenerating it replaces them.
  private async otherChaptersCards(ownerId: string, bookId: string, chapterId: string) {
    const cards = await this.studio.listBookCards(ownerId, bookId);
    return cards.filter((card) => card.chapterId !== chapterId).map(({ front, back }) => ({ front, back }));
  }

  // The opening pages of the nearest other chapters: real concepts of the same book for a short chapter's distractors.
  private async otherChaptersSample(chapter: ChapterEntity) {
    const pages = await this.books.openingPagesOfNearestChapters(chapter, {
      chapters: QUIZ_SAMPLE_CHAPTERS,
      pagesEach: QUIZ_SAMPLE_PAGES,
    });
    return pages.map(studyPageOf);
  }

  private async ownedChapterOfReadyBook(ownerId: string, chapterId: string) {
    const owned = await this.books.findOwnedChapter(ownerId, chapterId);
    if (!owned) throw AppError.notFound('Chapter not found');
    if (owned.book.status !== 'completed')
      throw AppError.conflict('This book is still being processed. The studio opens once it is ready.');
    return owned;
  }

  // The engine's errors become the API's: 429 for the daily budget, 503 when the model is unreachable.
  private async study<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof StudyBudgetExceededError) throw new AppError('RATE_LIMITED', error.message);
      if (error instanceof StudyEngineUnavailableError) throw new AppError('UNAVAILABLE', error.message);
      throw error;
    }
  }
}

export function toFlashcard(card: FlashcardEntity, now: Date): Flashcard {
  const next = previewDue(card.fsrs, now);
  return {
    id: card.id,
    book_id: card.bookId,
    chapter_id: card.chapterId,
    kind: card.kind,
    front: card.front,
    back: card.back,
    page_label: card.pageLabel,
    due_at: new Date(card.dueAt).toISOString(),
    state: card.state,
    interval_days: card.intervalDays,
    reps: card.reps,
    manual: Boolean(card.manual),
    next_due: {
      again: next.again.toISOString(),
      hard: next.hard.toISOString(),
      good: next.good.toISOString(),
      easy: next.easy.toISOString(),
    },
  };
}
