import type { MigrationInterface, QueryRunner } from 'typeorm';

const TABLE = 'ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci';

export class Webhooks1763683800000 implements MigrationInterface {
  name = 'Webhooks1763683800000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE TABLE webhooks (
      id varchar(36) NOT NULL PRIMARY KEY,
      owner_id varchar(36) NOT NULL,
      url varchar(2000) NOT NULL,
      secret varchar(100) NOT NULL,
      events varchar(200) NOT NULL,
      created_at datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6),
      KEY webhooks_owner_created (owner_id, created_at),
      CONSTRAINT webhooks_owner_fk FOREIGN KEY (owner_id) REFERENCES users (id) ON DELETE CASCADE
    ) ${TABLE}`);
    await db.query(`CREATE TABLE webhook_deliveries (
      id varchar(36) NOT NULL PRIMARY KEY,
      webhook_id varchar(36) NOT NULL,
      owner_id varchar(36) NOT NULL,
      event_id varchar(36) NOT NULL,
      event_type varchar(32) NOT NULL,
      payload mediumtext NOT NULL,
      status varchar(16) NOT NULL,
      attempt_count int NOT NULL DEFAULT 0,
      next_attempt_at datetime(6) NULL,
      created_at datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6),
      updated_at datetime(6) NOT NULL DEFAULT CURRENT_TIMESTAMP(6) ON UPDATE CURRENT_TIMESTAMP(6),
      UNIQUE KEY webhook_deliveries_event (webhook_id, event_id),
      KEY webhook_deliveries_webhook_created (webhook_id, created_at),
      CONSTRAINT webhook_deliveries_webhook_fk FOREIGN KEY (webhook_id) REFERENCES webhooks (id) ON DELETE CASCADE
    ) ${TABLE}`);
    await db.query(`CREATE TABLE webhook_delivery_attempts (
      id varchar(36) NOT NULL PRIMARY KEY,
      delivery_id varchar(36) NOT NULL,
      attempt int NOT NULL,
      status_code int NULL,
      error varchar(500) NULL,
      duration_ms int NOT NULL,
      attempted_at datetime(6) NOT NULL,
      next_retry_at datetime(6) NULL,
      UNIQUE KEY webhook_delivery_attempts_number (delivery_id, attempt),
      CONSTRAINT webhook_delivery_attempts_delivery_fk FOREIGN KEY (delivery_id) REFERENCES webhook_deliveries (id) ON DELETE CASCADE
    ) ${TABLE}`);
  }

  async down(db: QueryRunner): Promise<void> {
    for (const table of ['webhook_delivery_attempts', 'webhook_deliveries', 'webhooks']) {
      await db.query(`DROP TABLE ${table}`);
    }
  }
}
