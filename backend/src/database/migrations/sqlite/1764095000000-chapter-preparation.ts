import type { MigrationInterface, QueryRunner } from 'typeorm';

/** "Prepare all chapters" with a model: the job's state and why it failed (progress is read off the chapters). */
export class ChapterPreparation1764095000000 implements MigrationInterface {
  name = 'ChapterPreparation1764095000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE books ADD COLUMN prepare_status varchar(16) NULL`);
    await db.query(`ALTER TABLE books ADD COLUMN prepare_error text NULL`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE books DROP COLUMN prepare_error`);
    await db.query(`ALTER TABLE books DROP COLUMN prepare_status`);
  }
}
