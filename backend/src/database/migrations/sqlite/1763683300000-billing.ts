import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Billing1763683300000 implements MigrationInterface {
  name = 'Billing1763683300000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE TABLE subscriptions (
      id varchar(36) PRIMARY KEY NOT NULL,
      user_id varchar(36) NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      provider varchar(16) NOT NULL,
      provider_ref varchar(64) NOT NULL,
      plan varchar(16) NOT NULL,
      currency varchar(3) NOT NULL,
      amount_minor integer NOT NULL,
      status varchar(16) NOT NULL,
      session_id varchar(64) NOT NULL,
      current_period_end datetime,
      last_event_at datetime,
      created_at datetime NOT NULL DEFAULT (datetime('now')),
      updated_at datetime NOT NULL DEFAULT (datetime('now'))
    )`);
    await db.query(`CREATE UNIQUE INDEX subscriptions_provider_ref_unique ON subscriptions (provider, provider_ref)`);
    await db.query(`CREATE UNIQUE INDEX subscriptions_session_unique ON subscriptions (session_id)`);
    await db.query(`CREATE INDEX subscriptions_user ON subscriptions (user_id)`);
    await db.query(`CREATE INDEX subscriptions_renewal_due ON subscriptions (status, current_period_end)`);
    await db.query(`CREATE TABLE webhook_events (
      provider varchar(16) NOT NULL,
      event_id varchar(191) NOT NULL,
      received_at datetime NOT NULL,
      PRIMARY KEY (provider, event_id)
    )`);
    await db.query(`CREATE INDEX users_plan_renewal ON users (plan, plan_renews_at)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX users_plan_renewal`);
    await db.query(`DROP TABLE webhook_events`);
    await db.query(`DROP TABLE subscriptions`);
  }
}
