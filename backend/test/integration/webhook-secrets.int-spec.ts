import { DataSource } from 'typeorm';
import { SecretBox } from '../../src/common/secret-box.js';
import { SealedWebhookSecrets1764040100000 as MysqlMigration } from '../../src/database/migrations/mysql/1764040100000-sealed-webhook-secrets.js';
import { SealedWebhookSecrets1764040100000 as SqliteMigration } from '../../src/database/migrations/sqlite/1764040100000-sealed-webhook-secrets.js';
import { UserEntity } from '../../src/modules/users/user.entity.js';
import { verifyWebhookSignature } from '../../src/modules/webhooks/webhook-signature.js';
import { WebhookReceiver } from '../fakes/webhook-receiver.js';
import { testDatabases } from '../support/databases.js';
import { createTestApp, registerUser, type TestApp } from '../support/test-app.js';

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
const SECRETS_KEY = 'test-secrets-key-'.padEnd(40, 'x');

describe.each(testDatabases())('Webhook signing secrets encrypted at rest on %s', (database) => {
  let t: TestApp;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    t = await createTestApp({ database, env: { SECRETS_KEY } });
    receiver = await WebhookReceiver.start();
  });
  afterAll(async () => {
    await receiver.close();
    await t.close();
  });

  async function premiumUser() {
    const user = await registerUser(t);
    await t.app.get(DataSource).getRepository(UserEntity).update({ id: user.id }, { plan: 'premium' });
    return user;
  }

  it('stores the secret sealed, shows it once in clear, and signs deliveries with it', async () => {
    const { token } = await premiumUser();
    const created = await t.http.post('/api/webhooks').set(auth(token)).send({ url: receiver.url }).expect(201);
    const secret = created.body.secret as string;
    const [row] = (await t.app
      .get(DataSource)
      .query(`SELECT secret FROM webhooks WHERE id = ?`, [created.body.id])) as { secret: string }[];
    expect(row!.secret).toMatch(/^enc:v1:/);
    expect(row!.secret).not.toContain(secret.slice(6));
    expect(new SecretBox(SECRETS_KEY).open(row!.secret)).toBe(secret);

    await t.http.post(`/api/webhooks/${created.body.id}/test`).set(auth(token)).expect(202);
    const [request] = await receiver.waitFor(1);
    const signature = String(request!.headers['x-chapterwise-signature']);
    expect(verifyWebhookSignature(signature, request!.body, secret)).toBe(true);
  });

  it('seals rows stored in clear before the migration, which a second run leaves alone', async () => {
    const { id: ownerId } = await premiumUser();
    const dataSource = t.app.get(DataSource);
    const plain = `whsec_${'p'.repeat(43)}`;
    await dataSource.query(`INSERT INTO webhooks (id, owner_id, url, secret, events) VALUES (?, ?, ?, ?, ?)`, [
      'legacy-webhook-0000-0000-000000000000'.slice(0, 36),
      ownerId,
      receiver.url,
      plain,
      'book.completed',
    ]);
    const migration = database === 'mysql' ? new MysqlMigration() : new SqliteMigration();
    const runner = dataSource.createQueryRunner();
    try {
      await migration.up(runner);
      const [first] = (await dataSource.query(`SELECT secret FROM webhooks WHERE owner_id = ?`, [ownerId])) as {
        secret: string;
      }[];
      expect(first!.secret).toMatch(/^enc:v1:/);
      expect(new SecretBox(SECRETS_KEY).open(first!.secret)).toBe(plain);
      await migration.up(runner);
      const [second] = (await dataSource.query(`SELECT secret FROM webhooks WHERE owner_id = ?`, [ownerId])) as {
        secret: string;
      }[];
      expect(second!.secret).toBe(first!.secret);
    } finally {
      await runner.release();
    }
  });
});
