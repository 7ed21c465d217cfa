import type { QuestionKind } from '@chapterwise/shared';
import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

@Entity('exams')
export class ExamEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id!: string;

  @Column({ name: 'owner_id', type: 'varchar', length: 36 })
  ownerId!: string;

  @Column({ type: 'varchar', length: 120 })
  name!: string;

  @Column({ name: 'exam_at', type: 'datetime' })
  examAt!: Date;

  /** IANA name of the student's time zone: the plan's days are its days. */
  @Column({ name: 'time_zone', type: 'varchar', length: 64 })
  timeZone!: string;

  @Column({ name: 'daily_minutes', type: 'int' })
  dailyMinutes!: number;

  /** What the last plan put on each day (JSON PlanSnapshot), so a missed day is told apart and its work moved. */
  @Column({ name: 'plan_snapshot', type: 'text' })
  planSnapshot!: string;

  @CreateDateColumn({ name: 'created_at', type: 'datetime' })
  createdAt!: Date;
}

/** A chapter an exam covers; `position` keeps the order the student chose (book order by default). */
@Entity('exam_chapters')
export class ExamChapterEntity {
  @PrimaryColumn({ name: 'exam_id', type: 'varchar', length: 36 })
  examId!: string;

  @PrimaryColumn({ name: 'chapter_id', type: 'varchar', length: 36 })
  chapterId!: string;

  @Column({ name: 'book_id', type: 'varchar', length: 36 })
  bookId!: string;

  @Column({ type: 'int' })
  position!: number;
}

/** A question of a book's bank. Only prompt, options and kind leave the server in a practice exam before grading. */
@Entity('questions')
export class QuestionEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id!: string;

  @Column({ name: 'owner_id', type: 'varchar', length: 36 })
  ownerId!: string;

  @Column({ name: 'book_id', type: 'varchar', length: 36 })
  bookId!: string;

  @Column({ name: 'chapter_id', type: 'varchar', length: 36 })
  chapterId!: string;

  @Column({ type: 'varchar', length: 16 })
  kind!: QuestionKind;

  @Column({ type: 'text' })
  prompt!: string;

  @Column({ type: 'simple-json' })
  options!: string[];

  @Column({ type: 'int', nullable: true })
  answer!: number | null;

  @Column({ name: 'answer_text', type: 'text' })
  answerText!: string;

  @Column({ type: 'text' })
  explanation!: string;

  /** Physical PDF page (1-based) the key stands on, and its printed label. */
  @Column({ type: 'int' })
  page!: number;

  @Column({ name: 'page_label', type: 'varchar', length: 32 })
  pageLabel!: string;

  /** A book exercise's printed answer: the physical page it stands on and its label; null without one. */
  @Column({ name: 'answer_page', type: 'int', nullable: true })
  answerPage!: number | null;

  @Column({ name: 'answer_page_label', type: 'varchar', length: 32, nullable: true })
  answerPageLabel!: string | null;

  @Column({ type: 'varchar', length: 10 })
  source!: 'generated' | 'book' | 'student';

  @Column({ type: 'boolean' })
  flagged!: boolean;

  @Column({ name: 'flag_reason', type: 'varchar', length: 500, nullable: true })
  flagReason!: string | null;

  @Column({ name: 'last_asked_at', type: 'datetime', nullable: true })
  lastAskedAt!: Date | null;

  @Column({ name: 'times_asked', type: 'int' })
  timesAsked!: number;

  @CreateDateColumn({ name: 'created_at', type: 'datetime' })
  createdAt!: Date;
}

/** Which chapters of a book have had their bank built, so an empty result is not rebuilt on every visit. */
@Entity('question_bank_builds')
export class QuestionBankBuildEntity {
  @PrimaryColumn({ name: 'owner_id', type: 'varchar', length: 36 })
  ownerId!: string;

  @PrimaryColumn({ name: 'chapter_id', type: 'varchar', length: 36 })
  chapterId!: string;

  @Column({ name: 'book_id', type: 'varchar', length: 36 })
  bookId!: string;

  @Column({ name: 'built_at', type: 'datetime' })
  builtAt!: Date;
}

@Entity('practice_exams')
export class PracticeExamEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id!: string;

  @Column({ name: 'owner_id', type: 'varchar', length: 36 })
  ownerId!: string;

  @Column({ name: 'exam_id', type: 'varchar', length: 36 })
  examId!: string;

  @Column({ name: 'time_limit_s', type: 'int', nullable: true })
  timeLimitS!: number | null;

  @Column({ type: 'int' })
  total!: number;

  @Column({ type: 'int', nullable: true })
  score!: number | null;

  @Column({ type: 'boolean' })
  late!: boolean;

  @Column({ name: 'cards_due', type: 'int' })
  cardsDue!: number;

  @Column({ name: 'submitted_at', type: 'datetime', nullable: true })
  submittedAt!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'datetime' })
  createdAt!: Date;
}

/** One question of a practice exam and, once graded, the choice made. */
@Entity('practice_answers')
export class PracticeAnswerEntity {
  @PrimaryColumn({ name: 'practice_id', type: 'varchar', length: 36 })
  practiceId!: string;

  @PrimaryColumn({ name: 'question_id', type: 'varchar', length: 36 })
  questionId!: string;

  @Column({ name: 'chapter_id', type: 'varchar', length: 36 })
  chapterId!: string;

  @Column({ type: 'int' })
  position!: number;

  @Column({ type: 'int', nullable: true })
  choice!: number | null;

  @Column({ type: 'boolean', nullable: true })
  correct!: boolean | null;
}
