import type { MigrationInterface, QueryRunner } from 'typeorm';

/** One vector per page (float32 little-endian), made when an embeddings model is configured. */
export class PageEmbeddings1763683900000 implements MigrationInterface {
  name = 'PageEmbeddings1763683900000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE TABLE page_embeddings (
      book_id varchar(36) NOT NULL REFERENCES books (id) ON DELETE CASCADE,
      page integer NOT NULL,
      model varchar(120) NOT NULL,
      vector blob NOT NULL,
      PRIMARY KEY (book_id, page)
    )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE page_embeddings`);
  }
}
