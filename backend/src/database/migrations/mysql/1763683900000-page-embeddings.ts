import type { MigrationInterface, QueryRunner } from 'typeorm';

/** One vector per page (float32 little-endian), made when an embeddings model is configured. */
export class PageEmbeddings1763683900000 implements MigrationInterface {
  name = 'PageEmbeddings1763683900000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE TABLE page_embeddings (
      book_id varchar(36) NOT NULL,
      page int NOT NULL,
      model varchar(120) NOT NULL,
      vector mediumblob NOT NULL,
      PRIMARY KEY (book_id, page),
      CONSTRAINT page_embeddings_book_fk FOREIGN KEY (book_id) REFERENCES books (id) ON DELETE CASCADE
    ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE page_embeddings`);
  }
}
