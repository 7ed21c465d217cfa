import type { MigrationInterface, QueryRunner } from 'typeorm';

/** One receipt per successful charge; each paid subscription so far becomes its first charge. */
export class SubscriptionCharges1764096000000 implements MigrationInterface {
  name = 'SubscriptionCharges1764096000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE TABLE subscription_charges (
      id varchar(36) PRIMARY KEY NOT NULL,
      user_id varchar(36) NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      subscription_id varchar(36) NOT NULL REFERENCES subscriptions (id) ON DELETE CASCADE,
      provider varchar(16) NOT NULL,
      charge_ref varchar(64) NOT NULL,
      plan varchar(16) NOT NULL,
      currency varchar(3) NOT NULL,
      amount_minor integer NOT NULL,
      status varchar(16) NOT NULL DEFAULT 'paid',
      charged_at datetime NOT NULL
    )`);
    await db.query(
      `CREATE UNIQUE INDEX subscription_charges_ref_unique ON subscription_charges (provider, charge_ref)`,
    );
    await db.query(`CREATE INDEX subscription_charges_user ON subscription_charges (user_id, charged_at)`);
    await db.query(`INSERT INTO subscription_charges
      (id, user_id, subscription_id, provider, charge_ref, plan, currency, amount_minor, charged_at)
      SELECT id, user_id, id, provider, provider_ref, plan, currency, amount_minor, created_at
      FROM subscriptions WHERE status <> 'pending' AND current_period_end IS NOT NULL`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE subscription_charges`);
  }
}
