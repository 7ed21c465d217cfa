import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The number a book prints for a chapter ('2', 'IV', 'A'), kept apart from its title; null when unnumbered. */
export class ChapterLabels1764020000000 implements MigrationInterface {
  name = 'ChapterLabels1764020000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE chapters ADD COLUMN label varchar(32) NULL`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE chapters DROP COLUMN label`);
  }
}
