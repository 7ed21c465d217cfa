import type { MigrationInterface, QueryRunner } from 'typeorm';

/** InnoDB FULLTEXT over page text; rows go with their book by the foreign-key cascade. */
export class Search1763683600000 implements MigrationInterface {
  name = 'Search1763683600000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE pages ADD FULLTEXT INDEX pages_text_fulltext (text)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE pages DROP INDEX pages_text_fulltext`);
  }
}
