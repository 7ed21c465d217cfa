import { FakePaypalServer } from '../fakes/fake-paypal-server.js';
import { FakeRazorpayServer } from '../fakes/fake-razorpay-server.js';
import { testDatabases } from '../support/databases.js';
import { createTestApp, registerUser, type TestApp } from '../support/test-app.js';

type User = Awaited<ReturnType<typeof registerUser>>;
interface Receipt {
  id: string;
  date: string;
  amount_minor: number;
  currency: string;
  provider: string;
  plan: string;
  reference: string;
  status: string;
}

describe.each(testDatabases())('receipts (GET /api/billing/receipts) on %s', (database) => {
  let t: TestApp;
  let razorpay: FakeRazorpayServer;
  let paypal: FakePaypalServer;

  beforeAll(async () => {
    razorpay = await FakeRazorpayServer.start({
      keyId: 'rzp_test_FakeKey0001',
      keySecret: 'fake-key-secret',
      webhookSecret: 'fake-webhook-secret',
      planIds: ['plan_Pro0000000001', 'plan_Premium00001'],
    });
    paypal = await FakePaypalServer.start({
      clientId: 'AbFakeClientId',
      clientSecret: 'fake-client-secret',
      webhookId: '8PT597110X687430LKGECATA',
      planIds: ['P-PRO0000000000000000000001', 'P-PREMIUM00000000000000001'],
    });
    t = await createTestApp({
      database,
      env: {
        RAZORPAY_KEY_ID: 'rzp_test_FakeKey0001',
        RAZORPAY_KEY_SECRET: 'fake-key-secret',
        RAZORPAY_WEBHOOK_SECRET: 'fake-webhook-secret',
        RAZORPAY_PLAN_PRO: 'plan_Pro0000000001',
        RAZORPAY_PLAN_PREMIUM: 'plan_Premium00001',
        RAZORPAY_BASE_URL: razorpay.url,
        PRICE_INR_PRO: '349',
        PAYPAL_CLIENT_ID: 'AbFakeClientId',
        PAYPAL_CLIENT_SECRET: 'fake-client-secret',
        PAYPAL_WEBHOOK_ID: '8PT597110X687430LKGECATA',
        PAYPAL_PLAN_PRO: 'P-PRO0000000000000000000001',
        PAYPAL_PLAN_PREMIUM: 'P-PREMIUM00000000000000001',
        PAYPAL_BASE_URL: paypal.url,
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await razorpay.close();
    await paypal.close();
  });

  const bearer = (user: User) => ({ Authorization: `Bearer ${user.token}` });

  async function receiptsOf(user: User, query = ''): Promise<Receipt[]> {
    const response = await t.http.get(`/api/billing/receipts${query}`).set(bearer(user)).expect(200);
    return (response.body as { receipts: Receipt[] }).receipts;
  }

  /** Razorpay Pro, paid through Checkout's signed result. */
  async function payWithRazorpay(user: User): Promise<string> {
    const created = await t.http
      .post('/api/payments/razorpay/create-subscription')
      .set(bearer(user))
      .send({ plan: 'pro' })
      .expect(201);
    const subscriptionId = (created.body as { subscription_id: string }).subscription_id;
    const result = razorpay.completeCheckout(subscriptionId);
    await t.http.post('/api/payments/razorpay/verify').set(bearer(user)).send(result).expect(200);
    return subscriptionId;
  }

  /** PayPal Premium, approved by the buyer and confirmed by PayPal when the return page asks. */
  async function payWithPaypal(user: User): Promise<string> {
    const created = await t.http
      .post('/api/payments/paypal/create-subscription')
      .set(bearer(user))
      .send({ plan: 'premium' })
      .expect(201);
    const sessionId = (created.body as { session_id: string }).session_id;
    const subscription = [...paypal.subscriptions.values()].find((entry) =>
      entry.return_url.endsWith(`session_id=${sessionId}`),
    )!;
    paypal.approve(subscription.id);
    const status = await t.http.get(`/api/payments/status/${sessionId}`).set(bearer(user)).expect(200);
    expect(status.body).toMatchObject({ payment_status: 'paid' });
    return subscription.id;
  }

  it('lists the payments the verified flows recorded, newest first, with date, amount, currency and provider', async () => {
    const user = await registerUser(t);
    expect(await receiptsOf(user)).toEqual([]);
    const before = Date.now();
    const razorpayRef = await payWithRazorpay(user);
    // Wait a second so the two purchases are ordered by their time (DATETIME keeps seconds).
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const paypalRef = await payWithPaypal(user);
    const receipts = await receiptsOf(user);
    expect(receipts).toEqual([
      {
        id: expect.any(String),
        date: expect.any(String),
        amount_minor: 999,
        currency: 'usd',
        provider: 'paypal',
        plan: 'premium',
        reference: paypalRef,
        status: 'active',
      },
      {
        id: expect.any(String),
        date: expect.any(String),
        amount_minor: 34900,
        currency: 'inr',
        provider: 'razorpay',
        plan: 'pro',
        reference: razorpayRef,
        status: 'active',
      },
    ]);
    for (const receipt of receipts) {
      const date = new Date(receipt.date).getTime();
      expect(date).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
      expect(date).toBeLessThanOrEqual(Date.now());
    }
    // limit keeps the newest.
    expect((await receiptsOf(user, '?limit=1')).map((receipt) => receipt.provider)).toEqual(['paypal']);
  });

  it('leaves out a checkout that was never paid', async () => {
    const user = await registerUser(t);
    await t.http.post('/api/payments/razorpay/create-subscription').set(bearer(user)).send({ plan: 'pro' }).expect(201);
    await t.http.post('/api/payments/paypal/create-subscription').set(bearer(user)).send({ plan: 'pro' }).expect(201);
    expect(await receiptsOf(user)).toEqual([]);
  });

  it('shows a cancelled subscription as cancelled, still listed', async () => {
    const user = await registerUser(t);
    const reference = await payWithRazorpay(user);
    await t.http.post('/api/billing/cancel-subscription').set(bearer(user)).expect(200);
    const receipts = await receiptsOf(user);
    expect(receipts).toHaveLength(1);
    expect(receipts[0]).toMatchObject({ reference, provider: 'razorpay', status: 'cancelled' });
  });

  it("never shows another user's payments", async () => {
    const payer = await registerUser(t);
    const other = await registerUser(t);
    const reference = await payWithRazorpay(payer);
    expect(await receiptsOf(other)).toEqual([]);
    expect((await receiptsOf(payer)).map((receipt) => receipt.reference)).toEqual([reference]);
    // A user id or a filter smuggled into the query changes nothing.
    expect(await receiptsOf(other, `?user_id=${payer.id}`)).toEqual([]);
  });

  it.each(['0', '51', 'abc', '2.5', '-1'])('refuses limit=%s with 400 and says why', async (limit) => {
    const user = await registerUser(t);
    const response = await t.http.get(`/api/billing/receipts?limit=${limit}`).set(bearer(user)).expect(400);
    expect(JSON.stringify(response.body)).toMatch(/limit must be/);
  });

  it('needs a session', async () => {
    await t.http.get('/api/billing/receipts').expect(401);
    await t.http.get('/api/billing/receipts').set({ Authorization: 'Bearer not-a-token' }).expect(401);
  });
});
