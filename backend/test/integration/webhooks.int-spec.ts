import {
  WEBHOOK_MAX_ATTEMPTS,
  WebhookEventSchema,
  type CreatedWebhook,
  type Webhook,
  type WebhookDelivery,
  type WebhookEvent,
} from '@chapterwise/shared';
import { DataSource } from 'typeorm';
import { UserEntity } from '../../src/modules/users/user.entity.js';
import { WebhookDeliveryEntity } from '../../src/modules/webhooks/entities/webhook-delivery.entity.js';
import { verifyWebhookSignature } from '../../src/modules/webhooks/webhook-signature.js';
import { WebhookReceiver, type ReceivedWebhook } from '../fakes/webhook-receiver.js';
import { testDatabases, testRedisUrl } from '../support/databases.js';
import { sampleBookPdf, upload, waitForBook } from '../support/library.js';
import { createTestApp, registerUser, type TestApp } from '../support/test-app.js';

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
const redisUrl = testRedisUrl();
// SQLite runs jobs in-process; MySQL/MariaDB runs them on BullMQ when Redis is there, so both queues deliver.
const setups = testDatabases().map((database) => ({
  database,
  redisUrl: database === 'mysql' ? redisUrl : undefined,
  label: database === 'mysql' && redisUrl ? 'mysql + BullMQ' : database,
}));

function parseEvent(received: ReceivedWebhook): WebhookEvent {
  return WebhookEventSchema.parse(JSON.parse(received.body));
}

function signatureOf(received: ReceivedWebhook): string | undefined {
  return received.headers['x-chapterwise-signature'] as string | undefined;
}

describe.each(setups)('Webhooks on $label', ({ database, redisUrl }) => {
  let t: TestApp;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    // Fast retries so the backoff schedule runs within a test.
    t = await createTestApp({ database, redisUrl, env: { WEBHOOK_RETRY_BASE_S: '0.05', WEBHOOK_TIMEOUT_S: '3' } });
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    receiver = await WebhookReceiver.start();
  });
  afterEach(async () => {
    await receiver.close();
  });

  async function setPlan(userId: string, plan: 'free' | 'pro' | 'premium') {
    await t.app.get(DataSource).getRepository(UserEntity).update({ id: userId }, { plan });
  }

  async function premiumUser() {
    const user = await registerUser(t);
    await setPlan(user.id, 'premium');
    return user;
  }

  async function createWebhook(token: string, body: Record<string, unknown> = { url: receiver.url }) {
    const response = await t.http.post('/api/webhooks').set(auth(token)).send(body).expect(201);
    return response.body as CreatedWebhook;
  }

  async function deliveries(token: string, webhookId: string): Promise<WebhookDelivery[]> {
    const response = await t.http.get(`/api/webhooks/${webhookId}/deliveries`).set(auth(token)).expect(200);
    return response.body as WebhookDelivery[];
  }

  /** Polls the delivery log until the newest delivery is settled. */
  async function settledDelivery(token: string, webhookId: string, timeoutMs = 20_000): Promise<WebhookDelivery> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const [newest] = await deliveries(token, webhookId);
      if (newest && newest.status !== 'pending') return newest;
      if (Date.now() > deadline) throw new Error(`delivery still ${newest?.status ?? 'missing'}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  it('delivers book.completed to the receiver, signed with the secret shown once at creation', async () => {
    const { token } = await premiumUser();
    const webhook = await createWebhook(token);
    expect(webhook).toMatchObject({
      url: receiver.url,
      events: ['book.completed', 'book.failed'],
      last_delivery: null,
      secret: expect.stringMatching(/^whsec_/),
    });
    const list = await t.http.get('/api/webhooks').set(auth(token)).expect(200);
    const { secret: _secret, ...listed } = webhook;
    expect(list.body).toEqual([listed]);
    expect(JSON.stringify(list.body)).not.toContain(webhook.secret);

    const uploaded = await upload(t, token, await sampleBookPdf('The Webhook Book')).expect(201);
    const book = await waitForBook(t, token, uploaded.body.id as string);
    expect(book.status).toBe('completed');

    const [received] = await receiver.waitFor(1);
    expect(received!.method).toBe('POST');
    expect(received!.path).toBe('/hooks/chapterwise');
    expect(received!.headers['content-type']).toBe('application/json');
    expect(verifyWebhookSignature(signatureOf(received!), received!.body, webhook.secret)).toBe(true);
    expect(verifyWebhookSignature(signatureOf(received!), received!.body, 'whsec_wrong')).toBe(false);
    expect(signatureOf(received!)).toMatch(/^t=\d{10},v1=[0-9a-f]{64}$/);
    const event = parseEvent(received!);
    expect(event).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      type: 'book.completed',
      created_at: expect.any(String),
      data: {
        book_id: book.id,
        title: 'The Webhook Book',
        status: 'completed',
        total_pages: book.total_pages,
        chapter_count: 3,
      },
    });
    expect(received!.headers['x-chapterwise-event']).toBe('book.completed');

    const delivery = await settledDelivery(token, webhook.id);
    expect(delivery).toMatchObject({
      id: received!.headers['x-chapterwise-delivery'],
      event_id: event.id,
      event_type: 'book.completed',
      status: 'succeeded',
      next_retry_at: null,
      attempts: [{ attempt: 1, status_code: 200, error: null, next_retry_at: null, duration_ms: expect.any(Number) }],
    });
    const after = (await t.http.get('/api/webhooks').set(auth(token)).expect(200)).body as Webhook[];
    expect(after[0]!.last_delivery).toMatchObject({
      status: 'succeeded',
      event_type: 'book.completed',
      attempt_count: 1,
    });
  }, 90_000);

  it('delivers book.failed with the plain reason for a broken PDF', async () => {
    const { token } = await premiumUser();
    const webhook = await createWebhook(token, { url: receiver.url, events: ['book.failed'] });
    const broken = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(4096, 'x'), Buffer.from('\n%%EOF\n')]);
    const uploaded = await upload(t, token, broken, 'broken.pdf').expect(201);
    const book = await waitForBook(t, token, uploaded.body.id as string);
    expect(book.status).toBe('failed');

    const [received] = await receiver.waitFor(1);
    expect(verifyWebhookSignature(signatureOf(received!), received!.body, webhook.secret)).toBe(true);
    expect(parseEvent(received!)).toMatchObject({
      type: 'book.failed',
      data: { book_id: book.id, title: 'broken', status: 'failed', total_pages: 0, error: book.error },
    });
    expect(book.error).toEqual(expect.any(String));
  }, 90_000);

  it('retries after a dropped connection and a 500, then succeeds; every try is in the log', async () => {
    const { token } = await premiumUser();
    const webhook = await createWebhook(token);
    receiver.answerNext('reset', 500);
    const queued = await t.http.post(`/api/webhooks/${webhook.id}/test`).set(auth(token)).expect(202);
    expect(queued.body).toMatchObject({ event_type: 'webhook.test', status: 'pending', attempts: [] });

    const requests = await receiver.waitFor(3);
    // One event, one delivery: the same ids on every try, each signed afresh.
    expect(new Set(requests.map((request) => request.body)).size).toBe(1);
    expect(new Set(requests.map((request) => request.headers['x-chapterwise-delivery']))).toEqual(
      new Set([queued.body.id]),
    );
    expect(requests.map((request) => request.headers['x-chapterwise-attempt'])).toEqual(['1', '2', '3']);
    for (const request of requests) {
      expect(verifyWebhookSignature(signatureOf(request), request.body, webhook.secret)).toBe(true);
    }
    expect(parseEvent(requests[0]!)).toMatchObject({
      type: 'webhook.test',
      data: { webhook_id: webhook.id, message: expect.any(String) },
    });

    const delivery = await settledDelivery(token, webhook.id);
    expect(delivery.status).toBe('succeeded');
    expect(delivery.attempts).toEqual([
      expect.objectContaining({
        attempt: 1,
        status_code: null,
        error: 'The connection was closed before an answer',
        next_retry_at: expect.any(String),
      }),
      expect.objectContaining({
        attempt: 2,
        status_code: 500,
        error: 'Answered 500; a 2xx status is expected',
        next_retry_at: expect.any(String),
      }),
      expect.objectContaining({ attempt: 3, status_code: 200, error: null, next_retry_at: null }),
    ]);
    // Exponential backoff: the second wait is about four times the first (50 ms, then 200 ms, +/-10%). The wait
    // starts when a try ends: the try's own duration is not part of it (a loaded machine stretched it to 40 ms).
    const wait = (i: number) =>
      Date.parse(delivery.attempts[i]!.next_retry_at!) -
      Date.parse(delivery.attempts[i]!.attempted_at) -
      (delivery.attempts[i]!.duration_ms ?? 0);
    expect(wait(1)).toBeGreaterThan(wait(0) * 2.5);
    expect(requests[2]!.receivedAt - requests[1]!.receivedAt).toBeGreaterThanOrEqual(150);
  }, 60_000);

  it(`gives up after ${WEBHOOK_MAX_ATTEMPTS} tries`, async () => {
    const { token } = await premiumUser();
    const webhook = await createWebhook(token);
    receiver.answerNext(...Array<number>(WEBHOOK_MAX_ATTEMPTS).fill(503));
    await t.http.post(`/api/webhooks/${webhook.id}/test`).set(auth(token)).expect(202);
    const delivery = await settledDelivery(token, webhook.id, 30_000);
    expect(delivery.status).toBe('failed');
    expect(delivery.attempts.map((attempt) => [attempt.attempt, attempt.status_code])).toEqual(
      Array.from({ length: WEBHOOK_MAX_ATTEMPTS }, (_, index) => [index + 1, 503]),
    );
    expect(delivery.attempts.at(-1)!.next_retry_at).toBeNull();
    expect(delivery.next_retry_at).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(receiver.requests).toHaveLength(WEBHOOK_MAX_ATTEMPTS);
    const list = (await t.http.get('/api/webhooks').set(auth(token)).expect(200)).body as Webhook[];
    expect(list[0]!.last_delivery?.status).toBe('failed');
  }, 60_000);

  it('stops delivering once the owner is no longer on Premium', async () => {
    const user = await premiumUser();
    const webhook = await createWebhook(user.token);

    // A retry that comes due after a downgrade is not sent.
    let answerFirst!: () => void;
    const firstAnswered = new Promise<void>((resolve) => (answerFirst = resolve));
    receiver.answerNext(async (response) => {
      await firstAnswered;
      response.writeHead(500).end();
    });
    await t.http.post(`/api/webhooks/${webhook.id}/test`).set(auth(user.token)).expect(202);
    await receiver.waitFor(1);
    await setPlan(user.id, 'free');
    answerFirst();

    // A book finished after the downgrade sends nothing at all.
    const uploaded = await upload(t, user.token, await sampleBookPdf()).expect(201);
    await waitForBook(t, user.token, uploaded.body.id as string);
    const repository = t.app.get(DataSource).getRepository(WebhookDeliveryEntity);
    const deadline = Date.now() + 15_000;
    while ((await repository.findOneByOrFail({ webhookId: webhook.id })).status === 'pending') {
      if (Date.now() > deadline) throw new Error('the retry never ran');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(receiver.requests).toHaveLength(1);
    expect(await repository.countBy({ webhookId: webhook.id })).toBe(1);

    await t.http.get('/api/webhooks').set(auth(user.token)).expect(403);
    await setPlan(user.id, 'premium');
    const [delivery] = await deliveries(user.token, webhook.id);
    expect(delivery).toMatchObject({ event_type: 'webhook.test', status: 'failed' });
    expect(delivery!.attempts).toEqual([
      expect.objectContaining({ attempt: 1, status_code: 500 }),
      expect.objectContaining({
        attempt: 2,
        status_code: null,
        error: 'Not sent: the account is no longer on the Premium plan',
        next_retry_at: null,
      }),
    ]);
  }, 90_000);

  it.each(['free', 'pro'] as const)(
    'answers 403 with upgrade_required on every webhook route for the %s plan',
    async (plan) => {
      const owner = await premiumUser();
      const webhook = await createWebhook(owner.token);
      const user = await registerUser(t);
      await setPlan(user.id, plan);
      const routes: Array<[string, string]> = [
        ['get', '/api/webhooks'],
        ['post', '/api/webhooks'],
        ['delete', `/api/webhooks/${webhook.id}`],
        ['post', `/api/webhooks/${webhook.id}/test`],
        ['get', `/api/webhooks/${webhook.id}/deliveries`],
      ];
      for (const [method, path] of routes) {
        const call = (t.http as unknown as Record<string, (p: string) => ReturnType<typeof t.http.get>>)[method]!(path);
        const response = await call.set(auth(user.token)).send({ url: receiver.url });
        expect([method, path, response.status]).toEqual([method, path, 403]);
        expect(response.body).toEqual({
          detail: expect.stringContaining('Webhooks are part of the Premium plan'),
          code: 'UPGRADE_REQUIRED',
          upgrade_required: true,
          current_plan: plan,
          required_plan: 'premium',
          feature: 'webhooks',
          message: response.body.detail,
        });
      }
    },
  );

  it("answers 404 for another user's webhook and for malformed ids", async () => {
    const owner = await premiumUser();
    const webhook = await createWebhook(owner.token);
    const intruder = await premiumUser();
    const routes: Array<[string, string]> = [
      ['delete', `/api/webhooks/${webhook.id}`],
      ['post', `/api/webhooks/${webhook.id}/test`],
      ['get', `/api/webhooks/${webhook.id}/deliveries`],
      ['get', '/api/webhooks/not-a-uuid/deliveries'],
      ['delete', '/api/webhooks/00000000-0000-4000-8000-000000000000'],
    ];
    for (const [method, path] of routes) {
      const call = (t.http as unknown as Record<string, (p: string) => ReturnType<typeof t.http.get>>)[method]!(path);
      const response = await call.set(auth(intruder.token));
      expect([method, path, response.status]).toEqual([method, path, 404]);
      expect(response.body.code).toBe('NOT_FOUND');
    }
    expect((await t.http.get('/api/webhooks').set(auth(intruder.token)).expect(200)).body).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(receiver.requests).toHaveLength(0);
    expect((await t.http.get('/api/webhooks').set(auth(owner.token)).expect(200)).body).toHaveLength(1);
  });

  it.each([
    ['no url', {}, 'url is required'],
    ['an empty url', { url: '' }, 'url is required'],
    ['text that is not a URL', { url: 'not a url' }, 'Please enter a valid http:// or https:// URL'],
    ['an ftp URL', { url: 'ftp://files.example.com/in' }, 'Please enter a valid http:// or https:// URL'],
    [
      'a URL with credentials',
      { url: 'https://user:secret@hooks.example.com/in' },
      'The URL must not contain a user name or password',
    ],
    [
      'a URL over 2000 characters',
      { url: `https://hooks.example.com/${'a'.repeat(2000)}` },
      'The URL must be at most 2000 characters',
    ],
    ['a number', { url: 42 }, 'url: Invalid input: expected string, received number'],
    ['no events', { url: 'https://93.184.216.34/in', events: [] }, 'Choose at least one event'],
    ['an unknown event', { url: 'https://93.184.216.34/in', events: ['book.deleted'] }, 'events.0: Invalid option'],
    [
      'a private address (even outside production)',
      { url: 'http://10.0.0.8/in' },
      '10.0.0.8 is a private network address',
    ],
    [
      'the cloud metadata address',
      { url: 'http://169.254.169.254/latest/meta-data/' },
      '169.254.169.254 is a link-local address',
    ],
  ])('rejects %s with 400', async (_case, body, detail) => {
    const { token } = await premiumUser();
    const response = await t.http.post('/api/webhooks').set(auth(token)).send(body).expect(400);
    expect(response.body.code).toBe('VALIDATION');
    expect(response.body.detail).toContain(detail);
  });

  it('allows 5 webhooks per user, refuses a 6th and a duplicate URL with 409, and deletes with its log', async () => {
    const { token } = await premiumUser();
    const created: CreatedWebhook[] = [];
    for (let i = 0; i < 5; i++) created.push(await createWebhook(token, { url: `${receiver.url}/${i}` }));
    const sixth = await t.http
      .post('/api/webhooks')
      .set(auth(token))
      .send({ url: `${receiver.url}/6` })
      .expect(409);
    expect(sixth.body.detail).toBe('You can register up to 5 webhooks. Delete one to add another.');

    const removed = await t.http.delete(`/api/webhooks/${created[0]!.id}`).set(auth(token)).expect(200);
    expect(removed.body).toEqual({ message: 'Webhook deleted' });
    await t.http.get(`/api/webhooks/${created[0]!.id}/deliveries`).set(auth(token)).expect(404);
    const duplicate = await t.http.post('/api/webhooks').set(auth(token)).send({ url: created[1]!.url }).expect(409);
    expect(duplicate.body.detail).toBe('This URL is already registered as a webhook.');
    await createWebhook(token, { url: `${receiver.url}/6` });
    const list = (await t.http.get('/api/webhooks').set(auth(token)).expect(200)).body as Webhook[];
    expect(list.map((webhook) => webhook.url)).toEqual([...created.slice(1).map((w) => w.url), `${receiver.url}/6`]);
  });

  it('lets 5 concurrent creations through and no more', async () => {
    const { token } = await premiumUser();
    const responses = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        t.http
          .post('/api/webhooks')
          .set(auth(token))
          .send({ url: `${receiver.url}/c${i}` }),
      ),
    );
    expect(responses.filter((response) => response.status === 201)).toHaveLength(5);
    expect(responses.filter((response) => response.status === 409)).toHaveLength(3);
  });

  it('limits test events per user with 429', async () => {
    const { token } = await premiumUser();
    const webhook = await createWebhook(token);
    for (let i = 0; i < 10; i++) await t.http.post(`/api/webhooks/${webhook.id}/test`).set(auth(token)).expect(202);
    const limited = await t.http.post(`/api/webhooks/${webhook.id}/test`).set(auth(token)).expect(429);
    expect(limited.body.code).toBe('RATE_LIMITED');
  });

  it('needs a session and is listed in the OpenAPI document', async () => {
    await t.http.get('/api/webhooks').expect(401);
    await t.http.post('/api/webhooks').send({ url: receiver.url }).expect(401);
    const document = (await t.http.get('/api/docs/openapi.json').expect(200)).body as {
      paths: Record<string, Record<string, unknown>>;
    };
    expect(Object.keys(document.paths['/webhooks'] ?? {}).sort()).toEqual(['get', 'post']);
    expect(Object.keys(document.paths['/webhooks/{id}'] ?? {})).toEqual(['delete']);
    expect(Object.keys(document.paths['/webhooks/{id}/test'] ?? {})).toEqual(['post']);
    expect(Object.keys(document.paths['/webhooks/{id}/deliveries'] ?? {})).toEqual(['get']);
  });

  describe('in production', () => {
    let production: TestApp;

    beforeAll(async () => {
      production = await createTestApp({
        database,
        env: { NODE_ENV: 'production', JWT_SECRET: 'a-production-secret-of-at-least-32-characters' },
      });
    });
    afterAll(async () => {
      await production.close();
    });

    it.each([
      ['http://93.184.216.34/in', 'Webhook URLs must use https'],
      [`http://127.0.0.1:9/in`, 'Webhook URLs must use https'],
      ['https://127.0.0.1/in', '127.0.0.1 is a loopback address'],
      ['https://localhost/in', 'The host localhost resolves to a loopback address'],
      ['https://[::1]/in', '::1 is a loopback address'],
      ['https://[::ffff:127.0.0.1]/in', 'is a loopback address'],
      ['https://0.0.0.0/in', '0.0.0.0 is an unspecified address'],
      ['https://10.0.0.1/in', '10.0.0.1 is a private network address'],
      ['https://172.16.0.1/in', '172.16.0.1 is a private network address'],
      ['https://192.168.0.10/in', '192.168.0.10 is a private network address'],
      ['https://169.254.169.254/latest/meta-data/', '169.254.169.254 is a link-local address'],
      ['https://[fc00::1]/in', 'fc00::1 is a private network address'],
      ['https://[fe80::1]/in', 'fe80::1 is a link-local address'],
    ])('refuses %s with 400', async (url, detail) => {
      const user = await registerUser(production);
      await production.app.get(DataSource).getRepository(UserEntity).update({ id: user.id }, { plan: 'premium' });
      const response = await production.http.post('/api/webhooks').set(auth(user.token)).send({ url }).expect(400);
      expect(response.body.detail).toContain(detail);
    });

    it('accepts an https URL on a public address', async () => {
      const user = await registerUser(production);
      await production.app.get(DataSource).getRepository(UserEntity).update({ id: user.id }, { plan: 'premium' });
      const response = await production.http
        .post('/api/webhooks')
        .set(auth(user.token))
        .send({ url: 'https://93.184.216.34/hooks#ignored' })
        .expect(201);
      expect(response.body.url).toBe('https://93.184.216.34/hooks');
    });
  });
});
