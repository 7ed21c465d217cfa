import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Accounts1763683200000 implements MigrationInterface {
  name = 'Accounts1763683200000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE TABLE users (
      id varchar(36) NOT NULL PRIMARY KEY,
      name varchar(120) NOT NULL,
      email varchar(254) NOT NULL,
      password_hash varchar(255) NOT NULL,
      plan varchar(16) NOT NULL DEFAULT 'free',
      plan_renews_at datetime NULL,
      token_version int NOT NULL DEFAULT 0,
      created_at datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6),
      UNIQUE KEY users_email_unique (email)
    ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`);
    await db.query(`CREATE TABLE password_resets (
      id varchar(36) NOT NULL PRIMARY KEY,
      user_id varchar(36) NOT NULL,
      code_hash varchar(64) NOT NULL,
      expires_at datetime NOT NULL,
      attempts int NOT NULL DEFAULT 0,
      used_at datetime NULL,
      created_at datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6),
      KEY password_resets_user (user_id),
      CONSTRAINT password_resets_user_fk FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE CASCADE
    ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`);
    await db.query(`CREATE TABLE jobs (
      id varchar(191) NOT NULL PRIMARY KEY,
      name varchar(64) NOT NULL,
      payload text NOT NULL,
      status varchar(16) NOT NULL,
      attempts int NOT NULL DEFAULT 0,
      max_attempts int NOT NULL,
      run_at datetime(3) NOT NULL,
      last_error text NULL,
      created_at datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6),
      updated_at datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6) ON UPDATE CURRENT_TIMESTAMP(6),
      KEY jobs_due (status, run_at)
    ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE jobs`);
    await db.query(`DROP TABLE password_resets`);
    await db.query(`DROP TABLE users`);
  }
}
