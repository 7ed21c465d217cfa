import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Webhooks1763683800000 implements MigrationInterface {
  name = 'Webhooks1763683800000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE TABLE webhooks (
      id varchar(36) PRIMARY KEY NOT NULL,
      owner_id varchar(36) NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      url varchar(2000) NOT NULL,
      secret varchar(100) NOT NULL,
      events varchar(200) NOT NULL,
      created_at datetime NOT NULL DEFAULT (datetime('now'))
    )`);
    await db.query(`CREATE INDEX webhooks_owner_created ON webhooks (owner_id, created_at)`);
    await db.query(`CREATE TABLE webhook_deliveries (
      id varchar(36) PRIMARY KEY NOT NULL,
      webhook_id varchar(36) NOT NULL REFERENCES webhooks (id) ON DELETE CASCADE,
      owner_id varchar(36) NOT NULL,
      event_id varchar(36) NOT NULL,
      event_type varchar(32) NOT NULL,
      payload text NOT NULL,
      status varchar(16) NOT NULL,
      attempt_count integer NOT NULL DEFAULT (0),
      next_attempt_at datetime,
      created_at datetime NOT NULL DEFAULT (datetime('now')),
      updated_at datetime NOT NULL DEFAULT (datetime('now'))
    )`);
    await db.query(`CREATE UNIQUE INDEX webhook_deliveries_event ON webhook_deliveries (webhook_id, event_id)`);
    await db.query(`CREATE INDEX webhook_deliveries_webhook_created ON webhook_deliveries (webhook_id, created_at)`);
    await db.query(`CREATE TABLE webhook_delivery_attempts (
      id varchar(36) PRIMARY KEY NOT NULL,
      delivery_id varchar(36) NOT NULL REFERENCES webhook_deliveries (id) ON DELETE CASCADE,
      attempt integer NOT NULL,
      status_code integer,
      error varchar(500),
      duration_ms integer NOT NULL,
      attempted_at datetime NOT NULL,
      next_retry_at datetime
    )`);
    await db.query(
      `CREATE UNIQUE INDEX webhook_delivery_attempts_number ON webhook_delivery_attempts (delivery_id, attempt)`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    for (const table of ['webhook_delivery_attempts', 'webhook_deliveries', 'webhooks']) {
      await db.query(`DROP TABLE ${table}`);
    }
  }
}
