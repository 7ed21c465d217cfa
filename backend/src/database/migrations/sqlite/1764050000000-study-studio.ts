import type { MigrationInterface, QueryRunner } from 'typeorm';

export class StudyStudio1764050000000 implements MigrationInterface {
  name = 'StudyStudio1764050000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE TABLE flashcards (
      id varchar(36) PRIMARY KEY NOT NULL,
      owner_id varchar(36) NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      book_id varchar(36) NOT NULL REFERENCES books (id) ON DELETE CASCADE,
      chapter_id varchar(36) NOT NULL REFERENCES chapters (id) ON DELETE CASCADE,
      position integer NOT NULL,
      kind varchar(8) NOT NULL,
      front text NOT NULL,
      back text NOT NULL,
      page_label varchar(32) NOT NULL,
      manual boolean NOT NULL DEFAULT (0),
      state varchar(16) NOT NULL,
      due_at datetime NOT NULL,
      interval_days float NOT NULL DEFAULT (0),
      reps integer NOT NULL DEFAULT (0),
      fsrs text NOT NULL,
      created_at datetime NOT NULL DEFAULT (datetime('now'))
    )`);
    await db.query(`CREATE INDEX flashcards_owner_due ON flashcards (owner_id, due_at)`);
    await db.query(`CREATE INDEX flashcards_chapter_position ON flashcards (chapter_id, position)`);
    await db.query(`CREATE INDEX flashcards_book_due ON flashcards (book_id, due_at)`);
    await db.query(`CREATE TABLE flashcard_reviews (
      id varchar(36) PRIMARY KEY NOT NULL,
      card_id varchar(36) NOT NULL REFERENCES flashcards (id) ON DELETE CASCADE,
      rating varchar(8) NOT NULL,
      reviewed_at datetime NOT NULL,
      interval_days float NOT NULL,
      due_at datetime NOT NULL
    )`);
    await db.query(`CREATE INDEX flashcard_reviews_card ON flashcard_reviews (card_id, reviewed_at)`);
    await db.query(`CREATE TABLE quizzes (
      id varchar(36) PRIMARY KEY NOT NULL,
      owner_id varchar(36) NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      book_id varchar(36) NOT NULL REFERENCES books (id) ON DELETE CASCADE,
      chapter_id varchar(36) NOT NULL REFERENCES chapters (id) ON DELETE CASCADE,
      questions text NOT NULL,
      created_at datetime NOT NULL DEFAULT (datetime('now'))
    )`);
    await db.query(`CREATE INDEX quizzes_chapter ON quizzes (chapter_id, created_at)`);
    await db.query(`CREATE TABLE quiz_attempts (
      id varchar(36) PRIMARY KEY NOT NULL,
      quiz_id varchar(36) NOT NULL REFERENCES quizzes (id) ON DELETE CASCADE,
      chapter_id varchar(36) NOT NULL,
      answers text NOT NULL,
      score integer NOT NULL,
      total integer NOT NULL,
      created_at datetime NOT NULL DEFAULT (datetime('now'))
    )`);
    await db.query(`CREATE INDEX quiz_attempts_chapter ON quiz_attempts (chapter_id)`);
  }

  async down(db: QueryRunner): Promise<void> {
    for (const table of ['quiz_attempts', 'quizzes', 'flashcard_reviews', 'flashcards']) {
      await db.query(`DROP TABLE ${table}`);
    }
  }
}
