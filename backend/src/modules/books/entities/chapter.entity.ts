import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { Chapter } from '@chapterwise/shared';

@Entity('chapters')
export class ChapterEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id!: string;

  @Column({ name: 'book_id', type: 'varchar', length: 36 })
  bookId!: string;

  @Column({ name: 'chapter_number', type: 'int' })
  chapterNumber!: number;

  @Column({ type: 'varchar', length: 300 })
  title!: string;

  /** The number the book prints ('2', 'IV', 'A'); null for unnumbered parts such as a preface. */
  @Column({ type: 'varchar', length: 32, nullable: true })
  label!: string | null;

  @Column({ name: 'start_page', type: 'int' })
  startPage!: number;

  @Column({ name: 'end_page', type: 'int' })
  endPage!: number;

  @Column({ name: 'start_label', type: 'varchar', length: 32, nullable: true })
  startLabel!: string | null;

  @Column({ name: 'end_label', type: 'varchar', length: 32, nullable: true })
  endLabel!: string | null;

  @Column({ name: 'detection_method', type: 'varchar', length: 16 })
  detectionMethod!: Chapter['detection_method'];

  @Column({ type: 'text', nullable: true })
  summary!: string | null;

  /** Which engine wrote `summary`: 'offline' when a model's notes were unusable and extractive ones stand in; null when unknown (older notes: the book's engine) or no summary. */
  @Column({ name: 'summary_engine', type: 'varchar', length: 16, nullable: true })
  summaryEngine!: 'offline' | 'llm' | null;
}
