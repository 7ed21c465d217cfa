import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Library cards: the first page as a small cover image, and when the owner last opened the book. */
export class BookCoverOpened1764070000000 implements MigrationInterface {
  name = 'BookCoverOpened1764070000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE books ADD COLUMN cover_key varchar(200) NULL`);
    await db.query(`ALTER TABLE books ADD COLUMN last_opened_at datetime NULL`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE books DROP COLUMN last_opened_at`);
    await db.query(`ALTER TABLE books DROP COLUMN cover_key`);
  }
}
