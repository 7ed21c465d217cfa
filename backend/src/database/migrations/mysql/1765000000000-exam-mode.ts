import type { MigrationInterface, QueryRunner } from 'typeorm';

const TABLE = 'ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci';

/** Exam mode: exams and their chapters, the question bank, practice exams and their answers. */
export class ExamMode1765000000000 implements MigrationInterface {
  name = 'ExamMode1765000000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE TABLE exams (
      id varchar(36) NOT NULL PRIMARY KEY,
      owner_id varchar(36) NOT NULL,
      name varchar(120) NOT NULL,
      exam_at datetime(6) NOT NULL,
      time_zone varchar(64) NOT NULL,
      daily_minutes int NOT NULL,
      plan_snapshot mediumtext NOT NULL,
      created_at datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6),
      KEY exams_owner_exam_at (owner_id, exam_at),
      CONSTRAINT exams_owner_fk FOREIGN KEY (owner_id) REFERENCES users (id) ON DELETE CASCADE
    ) ${TABLE}`);
    await db.query(`CREATE TABLE exam_chapters (
      exam_id varchar(36) NOT NULL,
      chapter_id varchar(36) NOT NULL,
      book_id varchar(36) NOT NULL,
      position int NOT NULL,
      PRIMARY KEY (exam_id, chapter_id),
      KEY exam_chapters_chapter (chapter_id),
      CONSTRAINT exam_chapters_exam_fk FOREIGN KEY (exam_id) REFERENCES exams (id) ON DELETE CASCADE,
      CONSTRAINT exam_chapters_chapter_fk FOREIGN KEY (chapter_id) REFERENCES chapters (id) ON DELETE CASCADE,
      CONSTRAINT exam_chapters_book_fk FOREIGN KEY (book_id) REFERENCES books (id) ON DELETE CASCADE
    ) ${TABLE}`);
    await db.query(`CREATE TABLE questions (
      id varchar(36) NOT NULL PRIMARY KEY,
      owner_id varchar(36) NOT NULL,
      book_id varchar(36) NOT NULL,
      chapter_id varchar(36) NOT NULL,
      kind varchar(16) NOT NULL,
      prompt text NOT NULL,
      options text NOT NULL,
      answer int NULL,
      answer_text text NOT NULL,
      explanation text NOT NULL,
      page int NOT NULL,
      page_label varchar(32) NOT NULL,
      source varchar(10) NOT NULL,
      flagged tinyint NOT NULL DEFAULT 0,
      flag_reason varchar(500) NULL,
      last_asked_at datetime(6) NULL,
      times_asked int NOT NULL DEFAULT 0,
      created_at datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6),
      KEY questions_owner_book (owner_id, book_id, chapter_id),
      KEY questions_chapter (chapter_id),
      CONSTRAINT questions_owner_fk FOREIGN KEY (owner_id) REFERENCES users (id) ON DELETE CASCADE,
      CONSTRAINT questions_book_fk FOREIGN KEY (book_id) REFERENCES books (id) ON DELETE CASCADE,
      CONSTRAINT questions_chapter_fk FOREIGN KEY (chapter_id) REFERENCES chapters (id) ON DELETE CASCADE
    ) ${TABLE}`);
    await db.query(`CREATE TABLE question_bank_builds (
      owner_id varchar(36) NOT NULL,
      chapter_id varchar(36) NOT NULL,
      book_id varchar(36) NOT NULL,
      built_at datetime(6) NOT NULL,
      PRIMARY KEY (owner_id, chapter_id),
      CONSTRAINT question_bank_builds_owner_fk FOREIGN KEY (owner_id) REFERENCES users (id) ON DELETE CASCADE,
      CONSTRAINT question_bank_builds_chapter_fk FOREIGN KEY (chapter_id) REFERENCES chapters (id) ON DELETE CASCADE,
      CONSTRAINT question_bank_builds_book_fk FOREIGN KEY (book_id) REFERENCES books (id) ON DELETE CASCADE
    ) ${TABLE}`);
    await db.query(`CREATE TABLE practice_exams (
      id varchar(36) NOT NULL PRIMARY KEY,
      owner_id varchar(36) NOT NULL,
      exam_id varchar(36) NOT NULL,
      time_limit_s int NULL,
      total int NOT NULL,
      score int NULL,
      late tinyint NOT NULL DEFAULT 0,
      cards_due int NOT NULL DEFAULT 0,
      submitted_at datetime(6) NULL,
      created_at datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6),
      KEY practice_exams_exam (exam_id, created_at),
      CONSTRAINT practice_exams_owner_fk FOREIGN KEY (owner_id) REFERENCES users (id) ON DELETE CASCADE,
      CONSTRAINT practice_exams_exam_fk FOREIGN KEY (exam_id) REFERENCES exams (id) ON DELETE CASCADE
    ) ${TABLE}`);
    await db.query(`CREATE TABLE practice_answers (
      practice_id varchar(36) NOT NULL,
      question_id varchar(36) NOT NULL,
      chapter_id varchar(36) NOT NULL,
      position int NOT NULL,
      choice int NULL,
      correct tinyint NULL,
      PRIMARY KEY (practice_id, question_id),
      KEY practice_answers_question (question_id),
      CONSTRAINT practice_answers_practice_fk FOREIGN KEY (practice_id) REFERENCES practice_exams (id) ON DELETE CASCADE,
      CONSTRAINT practice_answers_question_fk FOREIGN KEY (question_id) REFERENCES questions (id) ON DELETE CASCADE,
      CONSTRAINT practice_answers_chapter_fk FOREIGN KEY (chapter_id) REFERENCES chapters (id) ON DELETE CASCADE
    ) ${TABLE}`);
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
