import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Study progress: when a student first read each chapter's notes. */
export class SummaryReads1764080000000 implements MigrationInterface {
  name = 'SummaryReads1764080000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE TABLE chapter_summary_reads (
      owner_id varchar(36) NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      chapter_id varchar(36) NOT NULL REFERENCES chapters (id) ON DELETE CASCADE,
      book_id varchar(36) NOT NULL REFERENCES books (id) ON DELETE CASCADE,
      read_at datetime NOT NULL,
      PRIMARY KEY (owner_id, chapter_id)
    )`);
    await db.query(`CREATE INDEX chapter_summary_reads_book ON chapter_summary_reads (owner_id, book_id)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE chapter_summary_reads`);
  }
}
