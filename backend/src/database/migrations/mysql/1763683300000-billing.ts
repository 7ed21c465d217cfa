import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Billing1763683300000 implements MigrationInterface {
  name = 'Billing1763683300000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE TABLE subscriptions (
      id varchar(36) NOT NULL PRIMARY KEY,
      user_id varchar(36) NOT NULL,
      provider varchar(16) NOT NULL,
      provider_ref varchar(64) NOT NULL,
      plan varchar(16) NOT NULL,
      currency varchar(3) NOT NULL,
      amount_minor int NOT NULL,
      status varchar(16) NOT NULL,
      session_id varchar(64) NOT NULL,
      current_period_end datetime(3) NULL,
      last_event_at datetime(3) NULL,
      created_at datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6),
      updated_at datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6) ON UPDATE CURRENT_TIMESTAMP(6),
      UNIQUE KEY subscriptions_provider_ref_unique (provider, provider_ref),
      UNIQUE KEY subscriptions_session_unique (session_id),
      KEY subscriptions_user (user_id),
      KEY subscriptions_renewal_due (status, current_period_end),
      CONSTRAINT subscriptions_user_fk FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE CASCADE
    ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`);
    await db.query(`CREATE TABLE webhook_events (
      provider varchar(16) NOT NULL,
      event_id varchar(191) NOT NULL,
      received_at datetime(3) NOT NULL,
      PRIMARY KEY (provider, event_id)
    ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`);
    await db.query(`CREATE INDEX users_plan_renewal ON users (plan, plan_renews_at)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX users_plan_renewal ON users`);
    await db.query(`DROP TABLE webhook_events`);
    await db.query(`DROP TABLE subscriptions`);
  }
}
