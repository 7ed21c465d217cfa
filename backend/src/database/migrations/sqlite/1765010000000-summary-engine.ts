import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Which engine wrote a chapter's notes and a book's summary: extractive stand-ins for a model's unusable notes are labelled. */
export class SummaryEngine1765010000000 implements MigrationInterface {
  name = 'SummaryEngine1765010000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE chapters ADD COLUMN summary_engine varchar(16) NULL`);
    await db.query(`ALTER TABLE books ADD COLUMN full_summary_engine varchar(16) NULL`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE books DROP COLUMN full_summary_engine`);
    await db.query(`ALTER TABLE chapters DROP COLUMN summary_engine`);
  }
}
