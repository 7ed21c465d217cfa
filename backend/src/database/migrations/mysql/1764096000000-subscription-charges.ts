import type { MigrationInterface, QueryRunner } from 'typeorm';

const TABLE = 'ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci';

/** One receipt per successful charge; each paid subscription so far becomes its first charge. */
export class SubscriptionCharges1764096000000 implements MigrationInterface {
  name = 'SubscriptionCharges1764096000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE TABLE subscription_charges (
      id varchar(36) NOT NULL PRIMARY KEY,
      user_id varchar(36) NOT NULL,
      subscription_id varchar(36) NOT NULL,
      provider varchar(16) NOT NULL,
      charge_ref varchar(64) NOT NULL,
      plan varchar(16) NOT NULL,
      currency varchar(3) NOT NULL,
      amount_minor int NOT NULL,
      status varchar(16) NOT NULL DEFAULT 'paid',
      charged_at datetime(3) NOT NULL,
      UNIQUE KEY subscription_charges_ref_unique (provider, charge_ref),
      KEY subscription_charges_user (user_id, charged_at),
      CONSTRAINT subscription_charges_user_fk FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE CASCADE,
      CONSTRAINT subscription_charges_subscription_fk FOREIGN KEY (subscription_id) REFERENCES subscriptions (id) ON DELETE CASCADE
    ) ${TABLE}`);
    await db.query(`INSERT INTO subscription_charges
      (id, user_id, subscription_id, provider, charge_ref, plan, currency, amount_minor, charged_at)
      SELECT id, user_id, id, provider, provider_ref, plan, currency, amount_minor, created_at
      FROM subscriptions WHERE status <> 'pending' AND current_period_end IS NOT NULL`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE subscription_charges`);
  }
}
