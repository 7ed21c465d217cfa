import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import { In, LessThanOrEqual, type DataSource, type Repository } from 'typeorm';
import type { ReviewRating } from '@chapterwise/shared';
import type { FlashcardDraft } from '../../providers/llm/study-engine.port.js';
import { ExamChapterEntity, ExamEntity } from '../exams/exams.entities.js';
import { newSchedule, type ScheduledCard } from './fsrs-scheduler.js';
import {
  FlashcardEntity,
  FlashcardReviewEntity,
  QuizAttemptEntity,
  QuizEntity,
  SummaryReadEntity,
  type StoredQuizQuestion,
} from './studio.entities.js';

export interface CardOwner {
  ownerId: string;
  bookId: string;
  chapterId: string;
}

@Injectable()
export class StudioRepository {
  private readonly cards: Repository<FlashcardEntity>;
  private readonly quizzes: Repository<QuizEntity>;
  private readonly attempts: Repository<QuizAttemptEntity>;
  private readonly summaryReads: Repository<SummaryReadEntity>;

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {
    this.cards = dataSource.getRepository(FlashcardEntity);
    this.quizzes = dataSource.getRepository(QuizEntity);
    this.attempts = dataSource.getRepository(QuizAttemptEntity);
    this.summaryReads = dataSource.getRepository(SummaryReadEntity);
  }

  /** Marks the chapter's notes read (keeping the first time) or unread; returns when they were first read. */
  async setSummaryRead(owner: CardOwner, read: boolean, now: Date): Promise<Date | null> {
    const key = { ownerId: owner.ownerId, chapterId: owner.chapterId };
    if (!read) {
      await this.summaryReads.delete(key);
      return null;
    }
    const existing = await this.summaryReads.findOneBy(key);
    if (existing) return existing.readAt;
    // Two tabs may mark the same chapter at once: the second insert finds the row the first made.
    await this.summaryReads
      .createQueryBuilder()
      .insert()
      .values({ ...key, bookId: owner.bookId, readAt: now })
      .orIgnore()
      .execute();
    return (await this.summaryReads.findOneBy(key))?.readAt ?? now;
  }

  listChapterCards(ownerId: string, chapterId: string): Promise<FlashcardEntity[]> {
    return this.cards.find({ where: { ownerId, chapterId }, order: { position: 'ASC', createdAt: 'ASC' } });
  }

  listBookCards(ownerId: string, bookId: string): Promise<FlashcardEntity[]> {
    return this.cards.find({ where: { ownerId, bookId }, order: { position: 'ASC', createdAt: 'ASC' } });
  }

  findOwnedCard(ownerId: string, id: string): Promise<FlashcardEntity | null> {
    return this.cards.findOneBy({ id, ownerId });
  }

  /** Reviewed and hand-made cards survive regeneration; a new draft asking what a kept card asks is skipped. */
  async replaceUnreviewed(owner: CardOwner, drafts: FlashcardDraft[], now: Date): Promise<void> {
    await this.dataSource.transaction(async (tx) => {
      await tx.delete(FlashcardEntity, { ownerId: owner.ownerId, chapterId: owner.chapterId, manual: false, reps: 0 });
      const kept = await tx.find(FlashcardEntity, { where: { ownerId: owner.ownerId, chapterId: owner.chapterId } });
      const asked = new Set(kept.map((card) => card.front.trim().toLowerCase()));
      const rows = drafts
        .filter((draft) => !asked.has(draft.front.trim().toLowerCase()))
        .map((draft, position) => this.row(owner, draft, position, false, newSchedule(now)));
      if (rows.length) await tx.insert(FlashcardEntity, rows);
    });
  }

  async insertCard(owner: CardOwner, draft: FlashcardDraft, now: Date): Promise<FlashcardEntity> {
    const last = await this.cards.findOne({
      where: { ownerId: owner.ownerId, chapterId: owner.chapterId },
      order: { position: 'DESC' },
    });
    const row = this.row(owner, draft, (last?.position ?? -1) + 1, true, newSchedule(now));
    await this.cards.insert(row);
    return row;
  }

  countChapterCards(ownerId: string, chapterId: string): Promise<number> {
    return this.cards.countBy({ ownerId, chapterId });
  }

  async updateCard(card: FlashcardEntity, fields: Partial<Pick<FlashcardEntity, 'front' | 'back' | 'pageLabel'>>) {
    await this.cards.update({ id: card.id, ownerId: card.ownerId }, fields);
    return { ...card, ...fields };
  }

  async deleteOwnedCard(ownerId: string, id: string): Promise<boolean> {
    const result = await this.cards.delete({ id, ownerId });
    return (result.affected ?? 0) > 0;
  }

  /** Stores the new schedule and the review in one transaction. */
  async recordReview(card: FlashcardEntity, rating: ReviewRating, next: ScheduledCard, now: Date) {
    const fields = {
      fsrs: next.fsrs,
      state: next.state,
      dueAt: next.dueAt,
      intervalDays: next.intervalDays,
      reps: next.reps,
    };
    await this.dataSource.transaction(async (tx) => {
      await tx.update(FlashcardEntity, { id: card.id, ownerId: card.ownerId }, fields);
      await tx.insert(FlashcardReviewEntity, {
        id: randomUUID(),
        cardId: card.id,
        rating,
        reviewedAt: now,
        intervalDays: next.intervalDays,
        dueAt: next.dueAt,
      });
    });
    return { ...card, ...fields };
  }

  listReviews(cardId: string): Promise<FlashcardReviewEntity[]> {
    return this.dataSource
      .getRepository(FlashcardReviewEntity)
      .find({ where: { cardId }, order: { reviewedAt: 'ASC' } });
  }

  /** Cards due at `now`, oldest first, and how many are due in all and per book. */
  async due(ownerId: string, bookId: string | null, now: Date, limit: number) {
    const where = { ownerId, dueAt: LessThanOrEqual(now), ...(bookId ? { bookId } : {}) };
    const cards = await this.cards.find({ where, order: { dueAt: 'ASC', position: 'ASC' }, take: limit });
    const counts = await this.cards
      .createQueryBuilder('card')
      .select('card.book_id', 'bookId')
      .addSelect('COUNT(*)', 'count')
      .where('card.owner_id = :ownerId AND card.due_at <= :now', { ownerId, now })
      .andWhere(bookId ? 'card.book_id = :bookId' : '1 = 1', { bookId })
      .groupBy('card.book_id')
      .getRawMany<{ bookId: string; count: string | number }>();
    const byBook = Object.fromEntries(counts.map((row) => [row.bookId, Number(row.count)]));
    return { cards, byBook, total: Object.values(byBook).reduce((sum, count) => sum + count, 0) };
  }

  /** Concepts of a book's cards outside one chapter (cloze answers), for quiz distractors. */
  async bookConcepts(ownerId: string, bookId: string, exceptChapterId: string): Promise<string[]> {
    const cards = await this.cards.find({ where: { ownerId, bookId, kind: 'cloze' }, take: 300 });
    return cards.filter((card) => card.chapterId !== exceptChapterId).map((card) => card.back);
  }

  async insertQuiz(owner: CardOwner, questions: StoredQuizQuestion[]): Promise<QuizEntity> {
    const quiz = Object.assign(new QuizEntity(), { id: randomUUID(), ...owner, questions, createdAt: new Date() });
    await this.quizzes.insert(quiz);
    return quiz;
  }

  findOwnedQuiz(ownerId: string, id: string): Promise<QuizEntity | null> {
    return this.quizzes.findOneBy({ id, ownerId });
  }

  async insertAttempt(attempt: Omit<QuizAttemptEntity, 'createdAt'>): Promise<void> {
    await this.attempts.insert(attempt);
  }

  async listChapterAttempts(ownerId: string, chapterId: string): Promise<QuizAttemptEntity[]> {
    const quizzes = await this.quizzes.find({ where: { ownerId, chapterId }, select: { id: true } });
    if (!quizzes.length) return [];
    return this.attempts.find({
      where: { quizId: In(quizzes.map((quiz) => quiz.id)) },
      order: { createdAt: 'DESC', id: 'ASC' },
    });
  }

  /** The soonest exam still ahead that covers the chapter, for cutting review intervals at its date. */
  async nextExamOfChapter(ownerId: string, chapterId: string, now: Date): Promise<ExamEntity | null> {
    return this.dataSource
      .getRepository(ExamEntity)
      .createQueryBuilder('exam')
      .innerJoin(ExamChapterEntity, 'covered', 'covered.exam_id = exam.id')
      .where('exam.owner_id = :ownerId AND covered.chapter_id = :chapterId AND exam.exam_at > :now', {
        ownerId,
        chapterId,
        now,
      })
      .orderBy('exam.exam_at', 'ASC')
      .getOne();
  }

  /** The chapter's card asking `front` (case aside), if any. */
  findChapterCardByFront(ownerId: string, chapterId: string, front: string): Promise<FlashcardEntity | null> {
    return this.cards
      .createQueryBuilder('card')
      .where('card.owner_id = :ownerId AND card.chapter_id = :chapterId AND LOWER(card.front) = :front', {
        ownerId,
        chapterId,
        front: front.trim().toLowerCase(),
      })
      .getOne();
  }

  async makeDue(card: FlashcardEntity, now: Date): Promise<void> {
    await this.cards.update({ id: card.id, ownerId: card.ownerId }, { dueAt: now });
  }

  /** Per chapter of a book: cards total, learned (FSRS review state) and due; best quiz score (0..1). */
  async progress(ownerId: string, bookId: string, now: Date) {
    const cards = await this.cards.find({
      where: { ownerId, bookId },
      select: { id: true, chapterId: true, state: true, dueAt: true },
    });
    const quizzes = await this.quizzes.find({ where: { ownerId, bookId }, select: { id: true } });
    const attempts = quizzes.length
      ? await this.attempts.find({ where: { quizId: In(quizzes.map((quiz) => quiz.id)) } })
      : [];
    const reads = await this.summaryReads.find({ where: { ownerId, bookId }, select: { chapterId: true } });
    return { cards, attempts, readChapters: new Set(reads.map((row) => row.chapterId)), now };
  }

  private row(owner: CardOwner, draft: FlashcardDraft, position: number, manual: boolean, schedule: ScheduledCard) {
    return Object.assign(new FlashcardEntity(), {
      id: randomUUID(),
      ...owner,
      position,
      kind: draft.kind,
      front: draft.front,
      back: draft.back,
      pageLabel: draft.pageLabel,
      manual,
      ...schedule,
      createdAt: new Date(),
    });
  }
}
