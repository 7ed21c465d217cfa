import type { MigrationInterface, QueryRunner } from 'typeorm';

const TABLE = 'ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci';

export class StudyStudio1764050000000 implements MigrationInterface {
  name = 'StudyStudio1764050000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE TABLE flashcards (
      id varchar(36) NOT NULL PRIMARY KEY,
      owner_id varchar(36) NOT NULL,
      book_id varchar(36) NOT NULL,
      chapter_id varchar(36) NOT NULL,
      position int NOT NULL,
      kind varchar(8) NOT NULL,
      front text NOT NULL,
      back text NOT NULL,
      page_label varchar(32) NOT NULL,
      manual tinyint NOT NULL DEFAULT 0,
      state varchar(16) NOT NULL,
      due_at datetime(6) NOT NULL,
      interval_days double NOT NULL DEFAULT 0,
      reps int NOT NULL DEFAULT 0,
      fsrs text NOT NULL,
      created_at datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6),
      KEY flashcards_owner_due (owner_id, due_at),
      KEY flashcards_chapter_position (chapter_id, position),
      KEY flashcards_book_due (book_id, due_at),
      CONSTRAINT flashcards_owner_fk FOREIGN KEY (owner_id) REFERENCES users (id) ON DELETE CASCADE,
      CONSTRAINT flashcards_book_fk FOREIGN KEY (book_id) REFERENCES books (id) ON DELETE CASCADE,
      CONSTRAINT flashcards_chapter_fk FOREIGN KEY (chapter_id) REFERENCES chapters (id) ON DELETE CASCADE
    ) ${TABLE}`);
    await db.query(`CREATE TABLE flashcard_reviews (
      id varchar(36) NOT NULL PRIMARY KEY,
      card_id varchar(36) NOT NULL,
      rating varchar(8) NOT NULL,
      reviewed_at datetime(6) NOT NULL,
      interval_days double NOT NULL,
      due_at datetime(6) NOT NULL,
      KEY flashcard_reviews_card (card_id, reviewed_at),
      CONSTRAINT flashcard_reviews_card_fk FOREIGN KEY (card_id) REFERENCES flashcards (id) ON DELETE CASCADE
    ) ${TABLE}`);
    await db.query(`CREATE TABLE quizzes (
      id varchar(36) NOT NULL PRIMARY KEY,
      owner_id varchar(36) NOT NULL,
      book_id varchar(36) NOT NULL,
      chapter_id varchar(36) NOT NULL,
      questions mediumtext NOT NULL,
      created_at datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6),
      KEY quizzes_chapter (chapter_id, created_at),
      CONSTRAINT quizzes_owner_fk FOREIGN KEY (owner_id) REFERENCES users (id) ON DELETE CASCADE,
      CONSTRAINT quizzes_book_fk FOREIGN KEY (book_id) REFERENCES books (id) ON DELETE CASCADE,
      CONSTRAINT quizzes_chapter_fk FOREIGN KEY (chapter_id) REFERENCES chapters (id) ON DELETE CASCADE
    ) ${TABLE}`);
    await db.query(`CREATE TABLE quiz_attempts (
      id varchar(36) NOT NULL PRIMARY KEY,
      quiz_id varchar(36) NOT NULL,
      chapter_id varchar(36) NOT NULL,
      answers text NOT NULL,
      score int NOT NULL,
      total int NOT NULL,
      created_at datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6),
      KEY quiz_attempts_chapter (chapter_id),
      CONSTRAINT quiz_attempts_quiz_fk FOREIGN KEY (quiz_id) REFERENCES quizzes (id) ON DELETE CASCADE
    ) ${TABLE}`);
  }

  async down(db: QueryRunner): Promise<void> {
    for (const table of ['quiz_attempts', 'quizzes', 'flashcard_reviews', 'flashcards']) {
      await db.query(`DROP TABLE ${table}`);
    }
  }
}
