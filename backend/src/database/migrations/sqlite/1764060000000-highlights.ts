import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Highlights1764060000000 implements MigrationInterface {
  name = 'Highlights1764060000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE TABLE highlights (
      id varchar(36) PRIMARY KEY NOT NULL,
      owner_id varchar(36) NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      book_id varchar(36) NOT NULL REFERENCES books (id) ON DELETE CASCADE,
      page integer NOT NULL,
      text text NOT NULL,
      note text,
      color varchar(16) NOT NULL,
      created_at datetime NOT NULL DEFAULT (datetime('now')),
      updated_at datetime NOT NULL DEFAULT (datetime('now'))
    )`);
    await db.query(`CREATE INDEX highlights_owner_book ON highlights (owner_id, book_id, page)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE highlights`);
  }
}
