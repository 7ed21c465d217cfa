import type { MigrationInterface, QueryRunner } from 'typeorm';

const TABLE = 'ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci';

/** Study progress: when a student first read each chapter's notes. */
export class SummaryReads1764080000000 implements MigrationInterface {
  name = 'SummaryReads1764080000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE TABLE chapter_summary_reads (
      owner_id varchar(36) NOT NULL,
      chapter_id varchar(36) NOT NULL,
      book_id varchar(36) NOT NULL,
      read_at datetime(6) NOT NULL,
      PRIMARY KEY (owner_id, chapter_id),
      KEY chapter_summary_reads_book (owner_id, book_id),
      CONSTRAINT chapter_summary_reads_owner_fk FOREIGN KEY (owner_id) REFERENCES users (id) ON DELETE CASCADE,
      CONSTRAINT chapter_summary_reads_book_fk FOREIGN KEY (book_id) REFERENCES books (id) ON DELETE CASCADE,
      CONSTRAINT chapter_summary_reads_chapter_fk FOREIGN KEY (chapter_id) REFERENCES chapters (id) ON DELETE CASCADE
    ) ${TABLE}`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE chapter_summary_reads`);
  }
}
