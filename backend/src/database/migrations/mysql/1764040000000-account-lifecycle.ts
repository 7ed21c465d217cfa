import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Signed-out sessions, llm_usage deleted with its user, payment facts kept (unlinked) after account deletion. */
export class AccountLifecycle1764040000000 implements MigrationInterface {
  name = 'AccountLifecycle1764040000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE TABLE revoked_sessions (
      session_id varchar(36) NOT NULL PRIMARY KEY,
      user_id varchar(36) NOT NULL,
      expires_at datetime NOT NULL,
      KEY revoked_sessions_user (user_id),
      KEY revoked_sessions_expiry (expires_at),
      CONSTRAINT revoked_sessions_user_fk FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE CASCADE
    ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`);
    await db.query(`DELETE FROM llm_usage WHERE user_id NOT IN (SELECT id FROM users)`);
    await db.query(
      `ALTER TABLE llm_usage ADD CONSTRAINT llm_usage_user_fk FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE CASCADE`,
    );
    await db.query(`CREATE TABLE retained_payments (
      id varchar(36) NOT NULL PRIMARY KEY,
      provider varchar(16) NOT NULL,
      provider_ref varchar(64) NOT NULL,
      plan varchar(16) NOT NULL,
      currency varchar(3) NOT NULL,
      amount_minor int NOT NULL,
      status varchar(16) NOT NULL,
      subscribed_at datetime NOT NULL,
      current_period_end datetime NULL,
      account_deleted_at datetime NOT NULL
    ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE retained_payments`);
    await db.query(`ALTER TABLE llm_usage DROP FOREIGN KEY llm_usage_user_fk`);
    await db.query(`DROP TABLE revoked_sessions`);
  }
}
