import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Where a book exercise's printed answer stands (the book's "Solutions to Exercises" page), shown beside the answer. */
export class QuestionAnswerPage1765030000000 implements MigrationInterface {
  name = 'QuestionAnswerPage1765030000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE questions ADD COLUMN answer_page int NULL`);
    await db.query(`ALTER TABLE questions ADD COLUMN answer_page_label varchar(32) NULL`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE questions DROP COLUMN answer_page_label`);
    await db.query(`ALTER TABLE questions DROP COLUMN answer_page`);
  }
}
