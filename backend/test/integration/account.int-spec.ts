import { MESSAGES } from '@chapterwise/shared';
import JSZip from 'jszip';
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { DataSource } from 'typeorm';
import { SubscriptionEntity } from '../../src/modules/billing/subscription.entity.js';
import { UserEntity } from '../../src/modules/users/user.entity.js';
import { FakePaypalServer } from '../fakes/fake-paypal-server.js';
import { FakeRazorpayServer } from '../fakes/fake-razorpay-server.js';
import { testDatabases } from '../support/databases.js';
import { readyBook, sampleBookPdf, upload, waitForBook } from '../support/library.js';
import { createTestApp, registerUser, type TestApp } from '../support/test-app.js';

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
const PASSWORD = 'correct horse';

/** Every file under a folder, as paths relative to it. */
function walk(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => relative(dir, join(entry.parentPath, entry.name)));
  } catch {
    return [];
  }
}

/**
 * Every row of every table of the schema, read from the database's own catalogue (so tables added
 * later are covered), in which any column holds one of the needles. Answers "table.column" per hit.
 */
async function rowsMentioning(dataSource: DataSource, needles: string[]): Promise<string[]> {
  const mysql = dataSource.options.type === 'mysql';
  const columns: { t: string; c: string }[] = mysql
    ? await dataSource.query(
        `SELECT TABLE_NAME AS t, COLUMN_NAME AS c FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE()`,
      )
    : (
        await Promise.all(
          ((await dataSource.query(`SELECT name FROM sqlite_master WHERE type = 'table'`)) as { name: string }[]).map(
            async ({ name }) =>
              ((await dataSource.query(`PRAGMA table_info("${name}")`)) as { name: string }[]).map((column) => ({
                t: name,
                c: column.name,
              })),
          ),
        )
      ).flat();
  expect(columns.length).toBeGreaterThan(40);
  const hits: string[] = [];
  for (const { t, c } of columns) {
    const expression = mysql ? `CAST(\`${c}\` AS CHAR)` : `CAST("${c}" AS TEXT)`;
    const table = mysql ? `\`${t}\`` : `"${t}"`;
    for (const needle of needles) {
      const [row] = (await dataSource.query(`SELECT COUNT(*) AS n FROM ${table} WHERE ${expression} LIKE ?`, [
        `%${needle}%`,
      ])) as { n: number | string }[];
      if (Number(row?.n) > 0) hits.push(`${t}.${c} holds ${needle}`);
    }
  }
  return hits;
}

/** Every table of the schema, from the database's own catalogue. */
async function allTables(dataSource: DataSource): Promise<string[]> {
  const rows = (await dataSource.query(
    dataSource.options.type === 'mysql'
      ? `SELECT TABLE_NAME AS name FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE()`
      : `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`,
  )) as { name: string }[];
  return rows.map((row) => row.name);
}

/**
 * Tables that hold no row of an account: the queue, migrations, providers' event ids, what the law keeps after
 * deletion, revoked session ids, search indexes rebuilt from the pages (SQLite's FTS5 tables, page vectors), and
 * contact messages (the public form takes any email address, so a message is not proof it came from the account).
 */
const NOT_ACCOUNT_ROWS =
  /^(jobs|migrations|typeorm_metadata|webhook_events|retained_payments|revoked_sessions|page_embeddings|contact_messages)$|^page_search|_fts/;

describe.each(testDatabases())('Account export and deletion on %s', (database) => {
  let t: TestApp;
  let razorpay: FakeRazorpayServer;
  let paypal: FakePaypalServer;

  beforeAll(async () => {
    razorpay = await FakeRazorpayServer.start({
      keyId: 'rzp_test_Delete0001',
      keySecret: 'rzp-secret',
      webhookSecret: 'rzp-webhook',
      planIds: ['plan_Pro0000000001', 'plan_Premium00001'],
    });
    paypal = await FakePaypalServer.start({
      clientId: 'pp-client',
      clientSecret: 'pp-secret',
      webhookId: 'WH-1',
      planIds: ['P-PRO0000000000000000000001', 'P-PREMIUM00000000000000001'],
    });
    t = await createTestApp({
      database,
      env: {
        RAZORPAY_KEY_ID: 'rzp_test_Delete0001',
        RAZORPAY_KEY_SECRET: 'rzp-secret',
        RAZORPAY_WEBHOOK_SECRET: 'rzp-webhook',
        RAZORPAY_PLAN_PRO: 'plan_Pro0000000001',
        RAZORPAY_PLAN_PREMIUM: 'plan_Premium00001',
        RAZORPAY_BASE_URL: razorpay.url,
        PAYPAL_CLIENT_ID: 'pp-client',
        PAYPAL_CLIENT_SECRET: 'pp-secret',
        PAYPAL_WEBHOOK_ID: 'WH-1',
        PAYPAL_PLAN_PRO: 'P-PRO0000000000000000000001',
        PAYPAL_PLAN_PREMIUM: 'P-PREMIUM00000000000000001',
        PAYPAL_BASE_URL: paypal.url,
      },
    });
  }, 60_000);
  afterAll(async () => {
    await t.close();
    await razorpay.close();
    await paypal.close();
  });

  const users = () => t.app.get(DataSource).getRepository(UserEntity);

  /** A user with a bit of everything: a ready book, a generated deck, a token, a webhook, sessions, payments. */
  async function busyUser() {
    const user = await registerUser(t, 'Leaving Student');
    const { id: bookId } = (await upload(t, user.token, await sampleBookPdf()).expect(201)).body as { id: string };
    // Generous: on a quiet machine ingestion takes seconds, on a crowded one minutes.
    await waitForBook(t, user.token, bookId, ['completed'], 180_000);
    await t.http.post(`/api/export/pptx/${bookId}`).set(auth(user.token)).expect(200);
    await users().update({ id: user.id }, { plan: 'premium' });
    await t.http.post('/api/tokens').set(auth(user.token)).send({ name: 'script' }).expect(201);
    await t.http.post('/api/webhooks').set(auth(user.token)).send({ url: 'http://127.0.0.1:9/hook' }).expect(201);
    const second = (await t.http.post('/api/auth/login').send({ email: user.email, password: PASSWORD })).body
      .token as string;
    await t.http.post('/api/auth/logout').set(auth(second)).expect(200);
    await t.http.post('/api/auth/forgot-password').send({ email: user.email }).expect(200);
    await t.http
      .post('/api/contact')
      .send({ name: 'Leaving Student', email: user.email, subject: 'Hello', message: 'A question about chapters' });
    await users().update({ id: user.id }, { plan: 'free' });
    const rzp = await t.http
      .post('/api/payments/razorpay/create-subscription')
      .set(auth(user.token))
      .send({ plan: 'pro' })
      .expect(201);
    await t.http
      .post('/api/payments/paypal/create-subscription')
      .set(auth(user.token))
      .send({ plan: 'premium' })
      .expect(201);
    // Both paid: active at the provider and with us.
    const rzpId = rzp.body.subscription_id as string;
    razorpay.subscriptions.get(rzpId)!.status = 'active';
    const subscriptions = t.app.get(DataSource).getRepository(SubscriptionEntity);
    const ppRow = await subscriptions.findOneByOrFail({ userId: user.id, provider: 'paypal' });
    paypal.setStatus(ppRow.providerRef, 'ACTIVE');
    await subscriptions.update(
      { userId: user.id },
      { status: 'active', currentPeriodEnd: new Date(Date.now() + 864e5) },
    );
    return { ...user, bookId, razorpayRef: rzpId, paypalRef: ppRow.providerRef };
  }

  it('exports the data as a zip: account.json without secrets, and the PDFs and generated files', async () => {
    const user = await registerUser(t);
    const pdf = await sampleBookPdf('Exported Book');
    const { id: bookId } = (await upload(t, user.token, pdf).expect(201)).body as { id: string };
    const response = await t.http
      .get('/api/account/export')
      .set(auth(user.token))
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="chapterwise-export-/);
    const zip = await JSZip.loadAsync(response.body as Buffer);
    const json = JSON.parse(await zip.file('account.json')!.async('string')) as {
      tables: Record<string, Record<string, unknown>[]>;
    };
    expect(json.tables.users).toEqual([expect.objectContaining({ id: user.id, email: user.email })]);
    expect(json.tables.users![0]).not.toHaveProperty('password_hash');
    expect(json.tables.books!.map((book) => book.id)).toEqual([bookId]);
    expect(Buffer.compare(await zip.file(`files/books/${bookId}/source.pdf`)!.async('nodebuffer'), pdf)).toBe(0);
    // Not left ingesting next to the deletion test's book.
    await t.http.delete(`/api/books/${bookId}`).set(auth(user.token)).expect(200);
  });

  it('exports the flashcard review history and a row set from every table that holds account rows', async () => {
    const user = await registerUser(t, 'Reviewing Student');
    const book = await readyBook(t, user.token);
    const card = (
      await t.http
        .post(`/api/chapters/${book.chapterIds[0]}/flashcards/manual`)
        .set(auth(user.token))
        .send({ front: 'What came early?', back: 'The winter', page_label: '1' })
        .expect(201)
    ).body as { id: string };
    for (const rating of ['good', 'again'])
      await t.http.post(`/api/flashcards/${card.id}/review`).set(auth(user.token)).send({ rating }).expect(200);
    const response = await t.http
      .get('/api/account/export')
      .set(auth(user.token))
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    const zip = await JSZip.loadAsync(response.body as Buffer);
    const { tables } = JSON.parse(await zip.file('account.json')!.async('string')) as {
      tables: Record<string, Record<string, unknown>[]>;
    };
    // The schedule can be rebuilt: every review of the card, with its rating (the rows carry time and interval).
    expect(
      tables
        .flashcard_reviews!.map((row) => ({ card_id: row.card_id, rating: row.rating }))
        .sort((a, b) => String(a.rating).localeCompare(String(b.rating))),
    ).toEqual([
      { card_id: card.id, rating: 'again' },
      { card_id: card.id, rating: 'good' },
    ]);
    expect(tables.flashcards!.map((row) => row.id)).toEqual([card.id]);
    // Every table of the schema is either in the export or named above as holding no account rows.
    const missing = (await allTables(t.app.get(DataSource))).filter(
      (table) => !NOT_ACCOUNT_ROWS.test(table) && !(table in tables),
    );
    expect(missing).toEqual([]);
    // Another user's rows never leak in.
    expect(tables.users!.map((row) => row.id)).toEqual([user.id]);
    for (const row of tables.books!) expect(row.owner_id).toBe(user.id);
    await t.http.delete(`/api/books/${book.id}`).set(auth(user.token)).expect(200);
  }, 240_000);

  it.each([404, 400] as const)(
    'deletes a paid account whose subscriptions the providers no longer have (Razorpay answers %i, PayPal 404)',
    async (razorpayAnswer) => {
      const user = await registerUser(t, 'Gone Subscriber');
      const rzp = await t.http
        .post('/api/payments/razorpay/create-subscription')
        .set(auth(user.token))
        .send({ plan: 'pro' })
        .expect(201);
      await t.http
        .post('/api/payments/paypal/create-subscription')
        .set(auth(user.token))
        .send({ plan: 'premium' })
        .expect(201);
      const subscriptions = t.app.get(DataSource).getRepository(SubscriptionEntity);
      await subscriptions.update(
        { userId: user.id },
        { status: 'active', currentPeriodEnd: new Date(Date.now() + 864e5) },
      );
      const ppRow = await subscriptions.findOneByOrFail({ userId: user.id, provider: 'paypal' });
      razorpay.forget(rzp.body.subscription_id as string);
      paypal.forget(ppRow.providerRef);
      razorpay.unknownSubscriptionStatus = razorpayAnswer;
      try {
        const done = await t.http.delete('/api/account').set(auth(user.token)).send({ password: PASSWORD }).expect(200);
        expect(done.body).toEqual({ message: MESSAGES.accountDeleted });
      } finally {
        razorpay.unknownSubscriptionStatus = 400;
      }
      expect(razorpay.requests.map((request) => request.path)).toContain(
        `/v1/subscriptions/${rzp.body.subscription_id as string}/cancel`,
      );
      expect(await users().findOneBy({ id: user.id })).toBeNull();
      const retained = (await t.app
        .get(DataSource)
        .query(`SELECT provider FROM retained_payments WHERE provider_ref IN (?, ?)`, [
          rzp.body.subscription_id,
          ppRow.providerRef,
        ])) as { provider: string }[];
      expect(retained.map((row) => row.provider).sort()).toEqual(['paypal', 'razorpay']);
    },
  );

  it('refuses a wrong password and API tokens, and deletes nothing', async () => {
    const user = await registerUser(t);
    const refused = await t.http.delete('/api/account').set(auth(user.token)).send({ password: 'wrong' }).expect(400);
    expect(refused.body.detail).toBe(MESSAGES.wrongPassword);
    await t.http.delete('/api/account').set(auth(user.token)).send({}).expect(400);
    await t.http.get('/api/auth/me').set(auth(user.token)).expect(200);
  });

  it('deletes every row and file of the user, cancels the subscriptions, keeps only the payment facts', async () => {
    const user = await busyUser();
    const bystander = await registerUser(t, 'Staying Student');
    const { id: keptBook } = (await upload(t, bystander.token, await sampleBookPdf()).expect(201)).body as {
      id: string;
    };
    const dataSource = t.app.get(DataSource);
    const needles = [user.id, user.email, user.bookId];
    // The walk finds the user before (it is not vacuous) ...
    expect((await rowsMentioning(dataSource, needles)).length).toBeGreaterThan(8);
    expect(walk(t.config.filesDir).some((path) => path.includes(user.bookId))).toBe(true);

    const done = await t.http.delete('/api/account').set(auth(user.token)).send({ password: PASSWORD }).expect(200);
    expect(done.body).toEqual({ message: MESSAGES.accountDeleted });

    // ... and nothing after: no row of any table, no file in storage or the temp folder.
    expect(await rowsMentioning(dataSource, needles)).toEqual([]);
    expect(walk(t.config.dataDir).filter((path) => needles.some((needle) => path.includes(needle)))).toEqual([]);
    await t.http.get('/api/auth/me').set(auth(user.token)).expect(401);
    await t.http.post('/api/auth/login').send({ email: user.email, password: PASSWORD }).expect(401);

    expect(razorpay.subscriptions.get(user.razorpayRef)?.status).toBe('cancelled');
    expect(paypal.subscriptions.get(user.paypalRef)?.status).toBe('CANCELLED');
    const retained = (await dataSource.query(
      `SELECT provider, provider_ref, currency, amount_minor FROM retained_payments WHERE provider_ref IN (?, ?)`,
      [user.razorpayRef, user.paypalRef],
    )) as { provider: string }[];
    expect(retained.map((row) => row.provider).sort()).toEqual(['paypal', 'razorpay']);

    // The other user's library is untouched.
    await t.http.get(`/api/books/${keptBook}`).set(auth(bystander.token)).expect(200);
    expect(walk(t.config.filesDir).some((path) => path.includes(keptBook))).toBe(true);
    await t.http.delete(`/api/books/${keptBook}`).set(auth(bystander.token)).expect(200);
  }, 240_000);
});
