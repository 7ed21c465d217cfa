import type { MigrationInterface, QueryRunner } from 'typeorm';

export class ApiTokens1763683700000 implements MigrationInterface {
  name = 'ApiTokens1763683700000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE TABLE api_tokens (
      id varchar(36) PRIMARY KEY NOT NULL,
      user_id varchar(36) NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      name varchar(60) NOT NULL,
      public_id varchar(16) NOT NULL,
      token_hash varchar(64) NOT NULL,
      created_at datetime NOT NULL DEFAULT (datetime('now')),
      last_used_at datetime
    )`);
    await db.query(`CREATE UNIQUE INDEX api_tokens_public_id_unique ON api_tokens (public_id)`);
    await db.query(`CREATE INDEX api_tokens_user ON api_tokens (user_id, created_at)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE api_tokens`);
  }
}
