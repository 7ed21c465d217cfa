import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Library1763683400000 implements MigrationInterface {
  name = 'Library1763683400000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE TABLE books (
      id varchar(36) PRIMARY KEY NOT NULL,
      owner_id varchar(36) NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      title varchar(300) NOT NULL,
      status varchar(32) NOT NULL,
      progress integer NOT NULL DEFAULT (0),
      status_detail varchar(200),
      error text,
      total_pages integer NOT NULL DEFAULT (0),
      file_key varchar(200) NOT NULL,
      file_name varchar(300) NOT NULL,
      file_sha256 varchar(64) NOT NULL,
      file_size bigint NOT NULL,
      ocr_pages integer NOT NULL DEFAULT (0),
      language varchar(8),
      source_url varchar(2000),
      full_summary text,
      summary_status varchar(16),
      summary_progress integer NOT NULL DEFAULT (0),
      summary_error text,
      upload_period varchar(7),
      created_at datetime NOT NULL DEFAULT (datetime('now')),
      updated_at datetime NOT NULL DEFAULT (datetime('now'))
    )`);
    await db.query(`CREATE UNIQUE INDEX books_owner_file ON books (owner_id, file_sha256)`);
    await db.query(`CREATE INDEX books_owner_created ON books (owner_id, created_at)`);
    await db.query(`CREATE TABLE pages (
      book_id varchar(36) NOT NULL REFERENCES books (id) ON DELETE CASCADE,
      number integer NOT NULL,
      label varchar(32) NOT NULL,
      text text NOT NULL,
      source varchar(8) NOT NULL,
      ocr_confidence float,
      PRIMARY KEY (book_id, number)
    )`);
    await db.query(`CREATE TABLE chapters (
      id varchar(36) PRIMARY KEY NOT NULL,
      book_id varchar(36) NOT NULL REFERENCES books (id) ON DELETE CASCADE,
      chapter_number integer NOT NULL,
      title varchar(300) NOT NULL,
      start_page integer NOT NULL,
      end_page integer NOT NULL,
      start_label varchar(32),
      end_label varchar(32),
      detection_method varchar(16) NOT NULL,
      summary text
    )`);
    await db.query(`CREATE INDEX chapters_book ON chapters (book_id, chapter_number)`);
    await db.query(`CREATE TABLE topics (
      id varchar(36) PRIMARY KEY NOT NULL,
      chapter_id varchar(36) NOT NULL REFERENCES chapters (id) ON DELETE CASCADE,
      position integer NOT NULL,
      title varchar(300) NOT NULL,
      pages text NOT NULL,
      eli12_summary text
    )`);
    await db.query(`CREATE INDEX topics_chapter ON topics (chapter_id, position)`);
    await db.query(`CREATE TABLE upload_usage (
      user_id varchar(36) NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      period varchar(7) NOT NULL,
      used integer NOT NULL DEFAULT (0),
      PRIMARY KEY (user_id, period)
    )`);
    await db.query(`CREATE TABLE assets (
      id varchar(36) PRIMARY KEY NOT NULL,
      owner_id varchar(36) NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      book_id varchar(36) NOT NULL REFERENCES books (id) ON DELETE CASCADE,
      kind varchar(16) NOT NULL,
      subject varchar(16) NOT NULL,
      subject_id varchar(36) NOT NULL,
      content_hash varchar(64) NOT NULL,
      file_key varchar(200) NOT NULL,
      meta text,
      created_at datetime NOT NULL DEFAULT (datetime('now'))
    )`);
    await db.query(`CREATE UNIQUE INDEX assets_cache ON assets (kind, subject, subject_id, content_hash)`);
    await db.query(`CREATE INDEX assets_book ON assets (book_id)`);
    await db.query(`CREATE TABLE llm_usage (
      id varchar(36) PRIMARY KEY NOT NULL,
      user_id varchar(36) NOT NULL,
      book_id varchar(36) NOT NULL,
      operation varchar(32) NOT NULL,
      model varchar(120) NOT NULL,
      input_tokens integer NOT NULL,
      output_tokens integer NOT NULL,
      created_at datetime NOT NULL DEFAULT (datetime('now'))
    )`);
    await db.query(`CREATE INDEX llm_usage_user_day ON llm_usage (user_id, created_at)`);
  }

  async down(db: QueryRunner): Promise<void> {
    for (const table of ['llm_usage', 'assets', 'upload_usage', 'topics', 'chapters', 'pages', 'books']) {
      await db.query(`DROP TABLE ${table}`);
    }
  }
}
