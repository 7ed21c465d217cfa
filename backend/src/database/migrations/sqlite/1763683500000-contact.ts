import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Contact1763683500000 implements MigrationInterface {
  name = 'Contact1763683500000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE TABLE contact_messages (
      id varchar(36) PRIMARY KEY NOT NULL,
      name varchar(120) NOT NULL,
      email varchar(254) NOT NULL,
      subject varchar(200) NOT NULL,
      message text NOT NULL,
      mailed boolean NOT NULL DEFAULT (0),
      created_at datetime NOT NULL DEFAULT (datetime('now'))
    )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE contact_messages`);
  }
}
