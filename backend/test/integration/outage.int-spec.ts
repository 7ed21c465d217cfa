import { MESSAGES } from '@chapterwise/shared';
import { request as httpRequest } from 'node:http';
import { readdirSync } from 'node:fs';
import { createConnection } from 'mysql2/promise';
import { DataSource } from 'typeorm';
import { sampleBookPdf, upload } from '../support/library.js';
import { createTestApp, registerUser, type TestApp } from '../support/test-app.js';
import {
  canRunThrowawayMariadb,
  canRunThrowawayRedis,
  startThrowawayMariadb,
  startThrowawayRedis,
  type ThrowawayService,
} from '../support/throwaway-services.js';

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

/**
 * Sends a PDF upload in two halves and runs `between` after the first: the outage happens while the
 * request is in flight, before the server writes anything.
 */
function uploadWithPause(
  url: string,
  token: string,
  pdf: Buffer,
  between: () => Promise<void>,
): Promise<{ status: number; body: { detail?: string; code?: string } }> {
  const boundary = `----cw${Date.now()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="book.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const body = Buffer.concat([head, pdf, tail]);
  const half = Math.floor(body.length / 2);
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      `${url}/api/books/upload`,
      {
        method: 'POST',
        headers: {
          ...auth(token),
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': body.length,
        },
      },
      (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text || '{}') }));
      },
    );
    request.on('error', reject);
    request.write(body.subarray(0, half));
    void between().then(() => request.end(body.subarray(half)), reject);
  });
}

async function waitReady(t: TestApp, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while ((await t.http.get('/api/health/ready')).status !== 200) {
    if (Date.now() > deadline) throw new Error('not ready again in time');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

function storedBooks(t: TestApp): string[] {
  try {
    return readdirSync(`${t.config.filesDir}/books`);
  } catch {
    return [];
  }
}

const describeRedis = canRunThrowawayRedis() ? describe : describe.skip;
const describeMariadb = canRunThrowawayMariadb() ? describe : describe.skip;

describeRedis('Redis stopped and started again (JOB-3), rate limits shared through Redis', () => {
  let redis: ThrowawayService;
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    redis = await startThrowawayRedis();
    // Two API instances on one Redis, as in scaled mode.
    // Each request names its own client address, so the per-account count is what is tested.
    const env = { REDIS_PREFIX: `cwout${Date.now()}`, AUTH_THROTTLE_LIMIT: '4', TRUST_PROXY: 'true' };
    a = await createTestApp({ redisUrl: redis.url, env });
    b = await createTestApp({ redisUrl: redis.url, env });
  }, 60_000);
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await redis?.remove();
  }, 60_000);

  it('counts sign-in attempts across instances', async () => {
    const email = `shared${Date.now()}@example.com`;
    const login = (app: TestApp, i: number) =>
      app.http
        .post('/api/auth/login')
        .set('X-Forwarded-For', `198.51.100.${i}`)
        .send({ email, password: `wrong ${i}` });
    for (const [i, app] of [a, b, a, b].entries()) expect((await login(app, i)).status).toBe(401);
    // The fifth try is refused by either instance: the count lives in Redis, not in one process.
    const limited = await login(b, 5).expect(429);
    expect(limited.body.detail).toBe(MESSAGES.tooManyRequests);
    await login(a, 6).expect(429);
  });

  it('answers 503 with a message while Redis is down, writes nothing, and resumes when it is back', async () => {
    const email = `outage${Date.now()}@example.com`;
    const registered = await a.http
      .post('/api/auth/register')
      .set('X-Forwarded-For', '198.51.100.50')
      .send({ name: 'Outage Student', email, password: 'correct horse' })
      .expect(201);
    const user = { token: registered.body.token as string, id: registered.body.user.id as string, email };
    const before = storedBooks(a);
    const during = await uploadWithPause(a.url, user.token, await sampleBookPdf(), () => redis.stop());
    expect(during.status).toBe(503);
    expect(during.body.detail).toMatch(/unavailable/i);
    // Nothing half-written: no book row, no slot used, no file.
    const dataSource = a.app.get(DataSource);
    expect(await dataSource.query(`SELECT id FROM books WHERE owner_id = ?`, [user.id])).toEqual([]);
    const usage = await a.http.get('/api/billing/usage').set(auth(user.token)).expect(200);
    expect(usage.body.used).toBe(0);
    expect(storedBooks(a)).toEqual(before);
    // Sign-in needs the shared limiter: 503, not a 500 and not a free pass.
    const login = await a.http
      .post('/api/auth/login')
      .set('X-Forwarded-For', '198.51.100.51')
      .send({ email: user.email, password: 'correct horse' });
    expect(login.status).toBe(503);
    expect((await a.http.get('/api/health/ready')).status).toBe(503);

    await redis.start();
    await waitReady(a);
    const after = await upload(a, user.token, await sampleBookPdf()).expect(201);
    // Not left ingesting: shutting the app down would wait for it.
    await a.http.delete(`/api/books/${after.body.id}`).set(auth(user.token)).expect(200);
    // The limiter's own connection reconnects within about a second.
    const signIn = () =>
      a.http
        .post('/api/auth/login')
        .set('X-Forwarded-For', '198.51.100.52')
        .send({ email: user.email, password: 'correct horse' });
    let status = (await signIn()).status;
    for (let waited = 0; status === 503 && waited < 5000; waited += 250) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      status = (await signIn()).status;
    }
    expect(status).toBe(200);
  }, 60_000);
});

describeMariadb('MariaDB stopped and started again (JOB-3)', () => {
  let mariadb: ThrowawayService;
  let t: TestApp;

  beforeAll(async () => {
    mariadb = await startThrowawayMariadb();
    const admin = await createConnection(`${mariadb.url}/mysql`);
    await admin.query('CREATE DATABASE chapterwise CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci');
    await admin.end();
    t = await createTestApp({ env: { DATABASE_URL: `${mariadb.url}/chapterwise` } });
  }, 90_000);
  afterAll(async () => {
    await t?.close().catch(() => undefined);
    await mariadb?.remove();
  }, 60_000);

  it('answers 503 with a message while the database is down, writes nothing, and resumes when it is back', async () => {
    const user = await registerUser(t);
    const before = storedBooks(t);
    const during = await uploadWithPause(t.url, user.token, await sampleBookPdf(), () => mariadb.stop());
    expect(during.status).toBe(503);
    expect(during.body.detail).toMatch(/unavailable/i);
    expect(storedBooks(t)).toEqual(before);
    const me = await t.http.get('/api/auth/me').set(auth(user.token));
    expect(me.status).toBe(503);
    expect(me.body.detail).toMatch(/unavailable/i);
    expect((await t.http.get('/api/health/ready')).status).toBe(503);

    await mariadb.start();
    await waitReady(t);
    // Nothing of the failed upload reached the database; the service works again.
    expect(await t.app.get(DataSource).query(`SELECT id FROM books WHERE owner_id = ?`, [user.id])).toEqual([]);
    await t.http.get('/api/auth/me').set(auth(user.token)).expect(200);
    const after = await upload(t, user.token, await sampleBookPdf()).expect(201);
    const usage = await t.http.get('/api/billing/usage').set(auth(user.token)).expect(200);
    expect(usage.body.used).toBe(1);
    await t.http.delete(`/api/books/${after.body.id}`).set(auth(user.token)).expect(200);
  }, 90_000);
});
