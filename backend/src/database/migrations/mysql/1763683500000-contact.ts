import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Contact1763683500000 implements MigrationInterface {
  name = 'Contact1763683500000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE TABLE contact_messages (
      id varchar(36) NOT NULL PRIMARY KEY,
      name varchar(120) NOT NULL,
      email varchar(254) NOT NULL,
      subject varchar(200) NOT NULL,
      message text NOT NULL,
      mailed tinyint(1) NOT NULL DEFAULT 0,
      created_at datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6)
    ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE contact_messages`);
  }
}
