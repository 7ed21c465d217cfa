import type { MigrationInterface, QueryRunner } from 'typeorm';
import { migrationSecretBox, SecretBox } from '../../../common/secret-box.js';

/** Webhook signing secrets are stored encrypted (SECRETS_KEY): rows written before are sealed now. */
export class SealedWebhookSecrets1764040100000 implements MigrationInterface {
  name = 'SealedWebhookSecrets1764040100000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE webhooks MODIFY secret varchar(255) NOT NULL`);
    const rows = (await db.query(`SELECT id, secret FROM webhooks`)) as { id: string; secret: string }[];
    const box = rows.some((row) => !SecretBox.isSealed(row.secret)) ? migrationSecretBox() : undefined;
    for (const row of rows) {
      if (box && !SecretBox.isSealed(row.secret)) {
        await db.query(`UPDATE webhooks SET secret = ? WHERE id = ?`, [box.seal(row.secret), row.id]);
      }
    }
  }

  async down(db: QueryRunner): Promise<void> {
    const box = migrationSecretBox();
    const rows = (await db.query(`SELECT id, secret FROM webhooks`)) as { id: string; secret: string }[];
    for (const row of rows)
      await db.query(`UPDATE webhooks SET secret = ? WHERE id = ?`, [box.open(row.secret), row.id]);
    await db.query(`ALTER TABLE webhooks MODIFY secret varchar(100) NOT NULL`);
  }
}
