import type { MigrationInterface, QueryRunner } from 'typeorm';

export class ApiTokens1763683700000 implements MigrationInterface {
  name = 'ApiTokens1763683700000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE TABLE api_tokens (
      id varchar(36) NOT NULL PRIMARY KEY,
      user_id varchar(36) NOT NULL,
      name varchar(60) NOT NULL,
      public_id varchar(16) NOT NULL,
      token_hash varchar(64) NOT NULL,
      created_at datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6),
      last_used_at datetime(6) NULL,
      UNIQUE KEY api_tokens_public_id_unique (public_id),
      KEY api_tokens_user (user_id, created_at),
      CONSTRAINT api_tokens_user_fk FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE CASCADE
    ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE api_tokens`);
  }
}
