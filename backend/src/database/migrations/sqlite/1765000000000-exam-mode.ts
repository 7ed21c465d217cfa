import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Exam mode: exams and their chapters, the question bank, practice exams and their answers. */
export class ExamMode1765000000000 implements MigrationInterface {
  name = 'ExamMode1765000000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE TABLE exams (
      id varchar(36) PRIMARY KEY NOT NULL,
      owner_id varchar(36) NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      name varchar(120) NOT NULL,
      exam_at datetime NOT NULL,
      time_zone varchar(64) NOT NULL,
      daily_minutes integer NOT NULL,
      plan_snapshot text NOT NULL,
      created_at datetime NOT NULL DEFAULT (datetime('now'))
    )`);
    await db.query(`CREATE INDEX exams_owner_exam_at ON exams (owner_id, exam_at)`);
    await db.query(`CREATE TABLE exam_chapters (
      exam_id varchar(36) NOT NULL REFERENCES exams (id) ON DELETE CASCADE,
      chapter_id varchar(36) NOT NULL REFERENCES chapters (id) ON DELETE CASCADE,
      book_id varchar(36) NOT NULL REFERENCES books (id) ON DELETE CASCADE,
      position integer NOT NULL,
      PRIMARY KEY (exam_id, chapter_id)
    )`);
    await db.query(`CREATE INDEX exam_chapters_chapter ON exam_chapters (chapter_id)`);
    await db.query(`CREATE TABLE questions (
      id varchar(36) PRIMARY KEY NOT NULL,
      owner_id varchar(36) NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      book_id varchar(36) NOT NULL REFERENCES books (id) ON DELETE CASCADE,
      chapter_id varchar(36) NOT NULL REFERENCES chapters (id) ON DELETE CASCADE,
      kind varchar(16) NOT NULL,
      prompt text NOT NULL,
      options text NOT NULL,
      answer integer,
      answer_text text NOT NULL,
      explanation text NOT NULL,
      page integer NOT NULL,
      page_label varchar(32) NOT NULL,
      source varchar(10) NOT NULL,
      flagged boolean NOT NULL DEFAULT (0),
      flag_reason varchar(500),
      last_asked_at datetime,
      times_asked integer NOT NULL DEFAULT (0),
      created_at datetime NOT NULL DEFAULT (datetime('now'))
    )`);
    await db.query(`CREATE INDEX questions_owner_book ON questions (owner_id, book_id, chapter_id)`);
    await db.query(`CREATE INDEX questions_chapter ON questions (chapter_id)`);
    await db.query(`CREATE TABLE question_bank_builds (
      owner_id varchar(36) NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      chapter_id varchar(36) NOT NULL REFERENCES chapters (id) ON DELETE CASCADE,
      book_id varchar(36) NOT NULL REFERENCES books (id) ON DELETE CASCADE,
      built_at datetime NOT NULL,
      PRIMARY KEY (owner_id, chapter_id)
    )`);
    await db.query(`CREATE TABLE practice_exams (
      id varchar(36) PRIMARY KEY NOT NULL,
      owner_id varchar(36) NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      exam_id varchar(36) NOT NULL REFERENCES exams (id) ON DELETE CASCADE,
      time_limit_s integer,
      total integer NOT NULL,
      score integer,
      late boolean NOT NULL DEFAULT (0),
      cards_due integer NOT NULL DEFAULT (0),
      submitted_at datetime,
      created_at datetime NOT NULL DEFAULT (datetime('now'))
    )`);
    await db.query(`CREATE INDEX practice_exams_exam ON practice_exams (exam_id, created_at)`);
    await db.query(`CREATE TABLE practice_answers (
      practice_id varchar(36) NOT NULL REFERENCES practice_exams (id) ON DELETE CASCADE,
      question_id varchar(36) NOT NULL REFERENCES questions (id) ON DELETE CASCADE,
      chapter_id varchar(36) NOT NULL REFERENCES chapters (id) ON DELETE CASCADE,
      position integer NOT NULL,
      choice integer,
      correct boolean,
      PRIMARY KEY (practice_id, question_id)
    )`);
    await db.query(`CREATE INDEX practice_answers_question ON practice_answers (question_id)`);
  }

  async down(db: QueryRunner): Promise<void> {
    for (const table of [
      'practice_answers',
      'practice_exams',
      'question_bank_builds',
      'questions',
      'exam_chapters',
      'exams',
    ])
      await db.query(`DROP TABLE ${table}`);
  }
}
