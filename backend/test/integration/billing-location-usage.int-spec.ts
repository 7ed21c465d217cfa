import { testDatabases } from '../support/databases.js';
import { sampleBookPdf, upload } from '../support/library.js';
import { createTestApp, registerUser, type TestApp } from '../support/test-app.js';

const INR_PRICES = { PRICE_INR_PRO: '349', PRICE_INR_PREMIUM: '899' };
const PRICING = { pro: { usd: 3.99, inr: 349 }, premium: { usd: 9.99, inr: 899 } };

describe('GET /payments/detect-location', () => {
  describe('with no proxy configured', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ env: INR_PRICES });
    });
    afterAll(async () => {
      await t.close();
    });

    it('needs no session and offers USD with both currencies priced from the configuration', async () => {
      const response = await t.http.get('/api/payments/detect-location').expect(200);
      expect(response.body).toEqual({ detected_currency: 'usd', country_name: 'Unknown', pricing: PRICING });
    });

    it('ignores X-Forwarded-For: any client could send it', async () => {
      const response = await t.http
        .get('/api/payments/detect-location')
        .set('X-Forwarded-For', '49.36.0.1')
        .expect(200);
      expect(response.body).toMatchObject({ detected_currency: 'usd', country_name: 'Unknown' });
    });
  });

  describe('behind a trusted proxy (TRUST_PROXY=true)', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ env: { ...INR_PRICES, TRUST_PROXY: 'true' } });
    });
    afterAll(async () => {
      await t.close();
    });

    it.each([
      ['49.36.0.1', 'inr', 'India'],
      ['2401:4900::1', 'inr', 'India'],
      ['8.8.8.8', 'usd', 'United States'],
      ['81.2.69.160', 'usd', 'United Kingdom'],
      ['10.0.0.7', 'usd', 'Unknown'],
    ])('locates a client at %s: %s, %s', async (ip, currency, country) => {
      const response = await t.http.get('/api/payments/detect-location').set('X-Forwarded-For', ip).expect(200);
      expect(response.body).toEqual({ detected_currency: currency, country_name: country, pricing: PRICING });
    });
  });
});

describe.each(testDatabases())('GET /billing/usage on %s', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ database });
  });
  afterAll(async () => {
    await t.close();
  });

  type User = Awaited<ReturnType<typeof registerUser>>;
  const bearer = (user: User) => ({ Authorization: `Bearer ${user.token}` });
  const period = new Date().toISOString().slice(0, 7);

  async function upgrade(user: User, plan: 'pro' | 'premium'): Promise<void> {
    const { body } = await t.http
      .post('/api/payments/razorpay/create-subscription')
      .set(bearer(user))
      .send({ plan })
      .expect(201);
    const session = (body.test_checkout_url as string).split('/').pop()!;
    const { body: approval } = await t.http.post(`/api/payments/test-checkout/${session}/approve`).expect(200);
    const { provider: _provider, ...result } = approval as Record<string, string>;
    await t.http.post('/api/payments/razorpay/verify').set(bearer(user)).send(result).expect(200);
  }

  it('reports the plan, its monthly limit and the uploads counted this period', async () => {
    const user = await registerUser(t);
    await upload(t, user.token, await sampleBookPdf()).expect(201);
    expect((await t.http.get('/api/billing/usage').set(bearer(user)).expect(200)).body).toEqual({
      plan: 'free',
      limit: 2,
      used: 1,
      period,
      renews_at: null,
      cancelled: false,
    });
    await upgrade(user, 'pro');
    expect((await t.http.get('/api/billing/usage').set(bearer(user)).expect(200)).body).toEqual({
      plan: 'pro',
      limit: 20,
      used: 1,
      period,
      renews_at: expect.any(String),
      cancelled: false,
    });
    await upgrade(user, 'premium');
    expect((await t.http.get('/api/billing/usage').set(bearer(user)).expect(200)).body).toEqual({
      plan: 'premium',
      limit: null,
      used: 1,
      period,
      renews_at: expect.any(String),
      cancelled: false,
    });
    // The renewal is the end of the paid month, in the future.
    const { renews_at: renews } = (await t.http.get('/api/billing/usage').set(bearer(user)).expect(200)).body;
    expect(Date.parse(renews as string)).toBeGreaterThan(Date.now());
  });

  it('lets a free user at 2 of 2 upload again after upgrading', async () => {
    const user = await registerUser(t);
    await upload(t, user.token, await sampleBookPdf()).expect(201);
    await upload(t, user.token, await sampleBookPdf()).expect(201);
    const refused = await upload(t, user.token, await sampleBookPdf()).expect(403);
    expect(refused.body).toMatchObject({ upgrade_required: true, current_plan: 'free', limit: 2, used: 2 });
    await upgrade(user, 'pro');
    await upload(t, user.token, await sampleBookPdf()).expect(201);
    expect((await t.http.get('/api/auth/me').set(bearer(user)).expect(200)).body.plan).toBe('pro');
    expect((await t.http.get('/api/billing/usage').set(bearer(user)).expect(200)).body).toMatchObject({
      used: 3,
      limit: 20,
    });
  });

  it('needs a session', async () => {
    await t.http.get('/api/billing/usage').expect(401);
  });
});
