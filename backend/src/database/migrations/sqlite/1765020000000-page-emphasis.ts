import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The phrases a page sets in bold or italic, as JSON: the study kit reads a textbook's key terms from them. */
export class PageEmphasis1765020000000 implements MigrationInterface {
  name = 'PageEmphasis1765020000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE pages ADD COLUMN emphasis text NULL`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE pages DROP COLUMN emphasis`);
  }
}
