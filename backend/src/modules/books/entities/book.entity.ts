import type { JobFailureCode } from '../../../jobs/job-queue.port.js';
import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import type { BookStatus } from '@chapterwise/shared';

@Entity('books')
export class BookEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id!: string;

  @Column({ name: 'owner_id', type: 'varchar', length: 36 })
  ownerId!: string;

  @Column({ type: 'varchar', length: 300 })
  title!: string;

  @Column({ type: 'varchar', length: 32 })
  status!: BookStatus;

  @Column({ type: 'int', default: 0 })
  progress!: number;

  @Column({ name: 'status_detail', type: 'varchar', length: 200, nullable: true })
  statusDetail!: string | null;

  @Column({ type: 'text', nullable: true })
  error!: string | null;

  @Column({ name: 'total_pages', type: 'int', default: 0 })
  totalPages!: number;

  @Column({ name: 'file_key', type: 'varchar', length: 200 })
  fileKey!: string;

  @Column({ name: 'file_name', type: 'varchar', length: 300 })
  fileName!: string;

  @Column({ name: 'file_sha256', type: 'varchar', length: 64 })
  fileSha256!: string;

  @Column({
    name: 'file_size',
    type: 'bigint',
    transformer: { to: (v: number) => v, from: (v: string | number) => Number(v) },
  })
  fileSize!: number;

  @Column({ name: 'ocr_pages', type: 'int', default: 0 })
  ocrPages!: number;

  @Column({ type: 'varchar', length: 8, nullable: true })
  language!: string | null;

  @Column({ name: 'source_url', type: 'varchar', length: 2000, nullable: true })
  sourceUrl!: string | null;

  @Column({ name: 'full_summary', type: 'text', nullable: true })
  fullSummary!: string | null;

  /** Which engine wrote `fullSummary` (as `ChapterEntity.summaryEngine`). */
  @Column({ name: 'full_summary_engine', type: 'varchar', length: 16, nullable: true })
  fullSummaryEngine!: 'offline' | 'llm' | null;

  @Column({ name: 'summary_status', type: 'varchar', length: 16, nullable: true })
  summaryStatus!: 'generating' | 'failed' | null;

  @Column({ name: 'summary_progress', type: 'int', default: 0 })
  summaryProgress!: number;

  @Column({ name: 'summary_error', type: 'text', nullable: true })
  summaryError!: string | null;

  @Column({ name: 'summary_error_code', type: 'varchar', length: 32, nullable: true })
  summaryErrorCode!: JobFailureCode | null;

  /** "Prepare all chapters" with a model: 'running' | 'failed' | null (never asked, or finished). */
  @Column({ name: 'prepare_status', type: 'varchar', length: 16, nullable: true })
  prepareStatus!: 'running' | 'failed' | null;

  @Column({ name: 'prepare_error', type: 'text', nullable: true })
  prepareError!: string | null;

  /** The upload period whose slot this book took ('YYYY-MM'); a failed ingestion gives it back. */
  @Column({ name: 'upload_period', type: 'varchar', length: 7, nullable: true })
  uploadPeriod!: string | null;

  @Column({ name: 'cover_key', type: 'varchar', length: 200, nullable: true })
  coverKey!: string | null;

  @Column({ name: 'last_opened_at', type: 'datetime', nullable: true })
  lastOpenedAt!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'datetime' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'datetime' })
  updatedAt!: Date;
}
