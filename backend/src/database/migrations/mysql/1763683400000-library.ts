import type { MigrationInterface, QueryRunner } from 'typeorm';

const TABLE = 'ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci';

export class Library1763683400000 implements MigrationInterface {
  name = 'Library1763683400000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE TABLE books (
      id varchar(36) NOT NULL PRIMARY KEY,
      owner_id varchar(36) NOT NULL,
      title varchar(300) NOT NULL,
      status varchar(32) NOT NULL,
      progress int NOT NULL DEFAULT 0,
      status_detail varchar(200) NULL,
      error text NULL,
      total_pages int NOT NULL DEFAULT 0,
      file_key varchar(200) NOT NULL,
      file_name varchar(300) NOT NULL,
      file_sha256 varchar(64) NOT NULL,
      file_size bigint NOT NULL,
      ocr_pages int NOT NULL DEFAULT 0,
      language varchar(8) NULL,
      source_url varchar(2000) NULL,
      full_summary mediumtext NULL,
      summary_status varchar(16) NULL,
      summary_progress int NOT NULL DEFAULT 0,
      summary_error text NULL,
      upload_period varchar(7) NULL,
      created_at datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6),
      updated_at datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6) ON UPDATE CURRENT_TIMESTAMP(6),
      UNIQUE KEY books_owner_file (owner_id, file_sha256),
      KEY books_owner_created (owner_id, created_at),
      CONSTRAINT books_owner_fk FOREIGN KEY (owner_id) REFERENCES users (id) ON DELETE CASCADE
    ) ${TABLE}`);
    await db.query(`CREATE TABLE pages (
      book_id varchar(36) NOT NULL,
      number int NOT NULL,
      label varchar(32) NOT NULL,
      text mediumtext NOT NULL,
      source varchar(8) NOT NULL,
      ocr_confidence float NULL,
      PRIMARY KEY (book_id, number),
      CONSTRAINT pages_book_fk FOREIGN KEY (book_id) REFERENCES books (id) ON DELETE CASCADE
    ) ${TABLE}`);
    await db.query(`CREATE TABLE chapters (
      id varchar(36) NOT NULL PRIMARY KEY,
      book_id varchar(36) NOT NULL,
      chapter_number int NOT NULL,
      title varchar(300) NOT NULL,
      start_page int NOT NULL,
      end_page int NOT NULL,
      start_label varchar(32) NULL,
      end_label varchar(32) NULL,
      detection_method varchar(16) NOT NULL,
      summary mediumtext NULL,
      KEY chapters_book (book_id, chapter_number),
      CONSTRAINT chapters_book_fk FOREIGN KEY (book_id) REFERENCES books (id) ON DELETE CASCADE
    ) ${TABLE}`);
    await db.query(`CREATE TABLE topics (
      id varchar(36) NOT NULL PRIMARY KEY,
      chapter_id varchar(36) NOT NULL,
      position int NOT NULL,
      title varchar(300) NOT NULL,
      pages text NOT NULL,
      eli12_summary text NULL,
      KEY topics_chapter (chapter_id, position),
      CONSTRAINT topics_chapter_fk FOREIGN KEY (chapter_id) REFERENCES chapters (id) ON DELETE CASCADE
    ) ${TABLE}`);
    await db.query(`CREATE TABLE upload_usage (
      user_id varchar(36) NOT NULL,
      period varchar(7) NOT NULL,
      used int NOT NULL DEFAULT 0,
      PRIMARY KEY (user_id, period),
      CONSTRAINT upload_usage_user_fk FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE CASCADE
    ) ${TABLE}`);
    await db.query(`CREATE TABLE assets (
      id varchar(36) NOT NULL PRIMARY KEY,
      owner_id varchar(36) NOT NULL,
      book_id varchar(36) NOT NULL,
      kind varchar(16) NOT NULL,
      subject varchar(16) NOT NULL,
      subject_id varchar(36) NOT NULL,
      content_hash varchar(64) NOT NULL,
      file_key varchar(200) NOT NULL,
      meta text NULL,
      created_at datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6),
      UNIQUE KEY assets_cache (kind, subject, subject_id, content_hash),
      KEY assets_book (book_id),
      CONSTRAINT assets_owner_fk FOREIGN KEY (owner_id) REFERENCES users (id) ON DELETE CASCADE,
      CONSTRAINT assets_book_fk FOREIGN KEY (book_id) REFERENCES books (id) ON DELETE CASCADE
    ) ${TABLE}`);
    await db.query(`CREATE TABLE llm_usage (
      id varchar(36) NOT NULL PRIMARY KEY,
      user_id varchar(36) NOT NULL,
      book_id varchar(36) NOT NULL,
      operation varchar(32) NOT NULL,
      model varchar(120) NOT NULL,
      input_tokens int NOT NULL,
      output_tokens int NOT NULL,
      created_at datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6),
      KEY llm_usage_user_day (user_id, created_at)
    ) ${TABLE}`);
  }

  async down(db: QueryRunner): Promise<void> {
    for (const table of ['llm_usage', 'assets', 'upload_usage', 'topics', 'chapters', 'pages', 'books']) {
      await db.query(`DROP TABLE ${table}`);
    }
  }
}
