import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Highlights1764060000000 implements MigrationInterface {
  name = 'Highlights1764060000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE TABLE highlights (
      id varchar(36) NOT NULL PRIMARY KEY,
      owner_id varchar(36) NOT NULL,
      book_id varchar(36) NOT NULL,
      page int NOT NULL,
      text text NOT NULL,
      note text NULL,
      color varchar(16) NOT NULL,
      created_at datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6),
      updated_at datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6),
      KEY highlights_owner_book (owner_id, book_id, page),
      CONSTRAINT highlights_owner_fk FOREIGN KEY (owner_id) REFERENCES users (id) ON DELETE CASCADE,
      CONSTRAINT highlights_book_fk FOREIGN KEY (book_id) REFERENCES books (id) ON DELETE CASCADE
    ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE highlights`);
  }
}
