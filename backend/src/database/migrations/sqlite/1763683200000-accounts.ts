import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Accounts1763683200000 implements MigrationInterface {
  name = 'Accounts1763683200000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE TABLE users (
      id varchar(36) PRIMARY KEY NOT NULL,
      name varchar(120) NOT NULL,
      email varchar(254) NOT NULL,
      password_hash varchar(255) NOT NULL,
      plan varchar(16) NOT NULL DEFAULT ('free'),
      plan_renews_at datetime,
      token_version integer NOT NULL DEFAULT (0),
      created_at datetime NOT NULL DEFAULT (datetime('now'))
    )`);
    await db.query(`CREATE UNIQUE INDEX users_email_unique ON users (email)`);
    await db.query(`CREATE TABLE password_resets (
      id varchar(36) PRIMARY KEY NOT NULL,
      user_id varchar(36) NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      code_hash varchar(64) NOT NULL,
      expires_at datetime NOT NULL,
      attempts integer NOT NULL DEFAULT (0),
      used_at datetime,
      created_at datetime NOT NULL DEFAULT (datetime('now'))
    )`);
    await db.query(`CREATE INDEX password_resets_user ON password_resets (user_id)`);
    await db.query(`CREATE TABLE jobs (
      id varchar(191) PRIMARY KEY NOT NULL,
      name varchar(64) NOT NULL,
      payload text NOT NULL,
      status varchar(16) NOT NULL,
      attempts integer NOT NULL DEFAULT (0),
      max_attempts integer NOT NULL,
      run_at datetime NOT NULL,
      last_error text,
      created_at datetime NOT NULL DEFAULT (datetime('now')),
      updated_at datetime NOT NULL DEFAULT (datetime('now'))
    )`);
    await db.query(`CREATE INDEX jobs_due ON jobs (status, run_at)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE jobs`);
    await db.query(`DROP TABLE password_resets`);
    await db.query(`DROP TABLE users`);
  }
}
