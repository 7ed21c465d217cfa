import type { FlashcardKind, FlashcardState, ReviewRating } from '@chapterwise/shared';
import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

@Entity('flashcards')
export class FlashcardEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id!: string;

  @Column({ name: 'owner_id', type: 'varchar', length: 36 })
  ownerId!: string;

  @Column({ name: 'book_id', type: 'varchar', length: 36 })
  bookId!: string;

  @Column({ name: 'chapter_id', type: 'varchar', length: 36 })
  chapterId!: string;

  @Column({ type: 'int' })
  position!: number;

  @Column({ type: 'varchar', length: 8 })
  kind!: FlashcardKind;

  @Column({ type: 'text' })
  front!: string;

  @Column({ type: 'text' })
  back!: string;

  @Column({ name: 'page_label', type: 'varchar', length: 32 })
  pageLabel!: string;

  @Column({ type: 'boolean' })
  manual!: boolean;

  @Column({ type: 'varchar', length: 16 })
  state!: FlashcardState;

  @Column({ name: 'due_at', type: 'datetime' })
  dueAt!: Date;

  @Column({ name: 'interval_days', type: 'float' })
  intervalDays!: number;

  @Column({ type: 'int' })
  reps!: number;

  /** The ts-fsrs card (stability, difficulty, steps…) as JSON: the scheduler's whole memory of the card. */
  @Column({ type: 'text' })
  fsrs!: string;

  @CreateDateColumn({ name: 'created_at', type: 'datetime' })
  createdAt!: Date;
}

@Entity('flashcard_reviews')
export class FlashcardReviewEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id!: string;

  @Column({ name: 'card_id', type: 'varchar', length: 36 })
  cardId!: string;

  @Column({ type: 'varchar', length: 8 })
  rating!: ReviewRating;

  @Column({ name: 'reviewed_at', type: 'datetime' })
  reviewedAt!: Date;

  @Column({ name: 'interval_days', type: 'float' })
  intervalDays!: number;

  @Column({ name: 'due_at', type: 'datetime' })
  dueAt!: Date;
}

/** A stored question, with its answer: only the prompt, options and page ever leave the server before grading. */
export interface StoredQuizQuestion {
  id: string;
  prompt: string;
  options: string[];
  answer: number;
  explanation: string;
  page_label: string;
}

@Entity('quizzes')
export class QuizEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id!: string;

  @Column({ name: 'owner_id', type: 'varchar', length: 36 })
  ownerId!: string;

  @Column({ name: 'book_id', type: 'varchar', length: 36 })
  bookId!: string;

  @Column({ name: 'chapter_id', type: 'varchar', length: 36 })
  chapterId!: string;

  @Column({ type: 'simple-json' })
  questions!: StoredQuizQuestion[];

  @CreateDateColumn({ name: 'created_at', type: 'datetime' })
  createdAt!: Date;
}

@Entity('quiz_attempts')
export class QuizAttemptEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id!: string;

  @Column({ name: 'quiz_id', type: 'varchar', length: 36 })
  quizId!: string;

  @Column({ name: 'chapter_id', type: 'varchar', length: 36 })
  chapterId!: string;

  @Column({ type: 'simple-json' })
  answers!: Array<{ question_id: string; choice: number }>;

  @Column({ type: 'int' })
  score!: number;

  @Column({ type: 'int' })
  total!: number;

  @CreateDateColumn({ name: 'created_at', type: 'datetime' })
  createdAt!: Date;
}

/** The first time a student read a chapter's notes: the "summary read" part of the chapter's progress. */
@Entity('chapter_summary_reads')
export class SummaryReadEntity {
  @PrimaryColumn({ name: 'owner_id', type: 'varchar', length: 36 })
  ownerId!: string;

  @PrimaryColumn({ name: 'chapter_id', type: 'varchar', length: 36 })
  chapterId!: string;

  @Column({ name: 'book_id', type: 'varchar', length: 36 })
  bookId!: string;

  @Column({ name: 'read_at', type: 'datetime' })
  readAt!: Date;
}
