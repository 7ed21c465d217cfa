import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Why a book summary failed, as a code ('rate_limited', 'unavailable', 'failed'): the API never parses the message. */
export class SummaryErrorCode1764010000000 implements MigrationInterface {
  name = 'SummaryErrorCode1764010000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE books ADD COLUMN summary_error_code varchar(32) NULL`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE books DROP COLUMN summary_error_code`);
  }
}
