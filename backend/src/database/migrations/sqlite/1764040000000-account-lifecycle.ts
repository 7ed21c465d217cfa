import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Signed-out sessions, llm_usage deleted with its user, payment facts kept (unlinked) after account deletion. */
export class AccountLifecycle1764040000000 implements MigrationInterface {
  name = 'AccountLifecycle1764040000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE TABLE revoked_sessions (
      session_id varchar(36) PRIMARY KEY NOT NULL,
      user_id varchar(36) NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      expires_at datetime NOT NULL
    )`);
    await db.query(`CREATE INDEX revoked_sessions_user ON revoked_sessions (user_id)`);
    await db.query(`CREATE INDEX revoked_sessions_expiry ON revoked_sessions (expires_at)`);
    // SQLite cannot add a foreign key to a table: rebuild llm_usage with one.
    await db.query(`CREATE TABLE llm_usage_new (
      id varchar(36) PRIMARY KEY NOT NULL,
      user_id varchar(36) NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      book_id varchar(36) NOT NULL,
      operation varchar(32) NOT NULL,
      model varchar(120) NOT NULL,
      input_tokens integer NOT NULL,
      output_tokens integer NOT NULL,
      created_at datetime NOT NULL DEFAULT (datetime('now'))
    )`);
    await db.query(`INSERT INTO llm_usage_new SELECT * FROM llm_usage WHERE user_id IN (SELECT id FROM users)`);
    await db.query(`DROP TABLE llm_usage`);
    await db.query(`ALTER TABLE llm_usage_new RENAME TO llm_usage`);
    await db.query(`CREATE INDEX llm_usage_user_day ON llm_usage (user_id, created_at)`);
    await db.query(`CREATE TABLE retained_payments (
      id varchar(36) PRIMARY KEY NOT NULL,
      provider varchar(16) NOT NULL,
      provider_ref varchar(64) NOT NULL,
      plan varchar(16) NOT NULL,
      currency varchar(3) NOT NULL,
      amount_minor integer NOT NULL,
      status varchar(16) NOT NULL,
      subscribed_at datetime NOT NULL,
      current_period_end datetime,
      account_deleted_at datetime NOT NULL
    )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE retained_payments`);
    await db.query(`DROP TABLE revoked_sessions`);
  }
}
