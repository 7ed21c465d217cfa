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

  const deliverRazorpay = (delivery: { body: string; headers: Record<string, string> }) =>
    t.http.post('/api/payments/razorpay/webhook').set(delivery.headers).send(delivery.body).expect(200);

  function deliverPaypal(event: Record<string, unknown>) {
    const body = JSON.stringify(event);
    return t.http.post('/api/payments/paypal/webhook').set(paypal.signWebhook(body)).send(body).expect(200);
  }

  it('lists the first charge, then each renewal the verified webhook reports, newest first', async () => {
    const user = await registerUser(t);
    expect(await receiptsOf(user)).toEqual([]);
    const before = Date.now();
    const subscriptionId = await payWithRazorpay(user);
    const [first] = await receiptsOf(user);
    expect(first).toEqual({
      id: expect.any(String),
      date: expect.any(String),
      amount_minor: 34900,
      currency: 'inr',
      provider: 'razorpay',
      plan: 'pro',
      reference: expect.stringMatching(/^pay_/),
      status: 'paid',
    });
    expect(new Date(first!.date).getTime()).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);

    const renewedAt = new Date(Date.now() + 30 * 24 * 3600_000);
    const payment = razorpay.chargeRenewal(subscriptionId, 34900, renewedAt);
    const charged = razorpay.webhook('subscription.charged', subscriptionId, { payment, createdAt: renewedAt });
    expect((await deliverRazorpay(charged)).body).toEqual({ status: 'applied' });
    const receipts = await receiptsOf(user);
    expect(receipts.map((receipt) => receipt.reference)).toEqual([payment.id, first!.reference]);
    expect(receipts[0]).toMatchObject({ amount_minor: 34900, currency: 'inr', plan: 'pro', status: 'paid' });
    expect(new Date(receipts[0]!.date).getTime()).toBe(Math.floor(renewedAt.getTime() / 1000) * 1000);
    // limit keeps the newest.
    expect((await receiptsOf(user, '?limit=1')).map((receipt) => receipt.reference)).toEqual([payment.id]);
  });

  it('adds nothing for a replayed webhook, a redelivery under a new event id, or the first charge reported again', async () => {
    const user = await registerUser(t);
    const subscriptionId = await payWithRazorpay(user);
    const [first] = await receiptsOf(user);
    const payment = razorpay.chargeRenewal(subscriptionId, 34900);
    const charged = razorpay.webhook('subscription.charged', subscriptionId, { payment });
    await deliverRazorpay(charged);
    expect((await deliverRazorpay(charged)).body).toEqual({ status: 'duplicate' });
    await deliverRazorpay(razorpay.webhook('subscription.charged', subscriptionId, { payment }));
    // The checkout's own payment, as its subscription.charged event reports it.
    const firstPayment = { ...payment, id: first!.reference };
    await deliverRazorpay(razorpay.webhook('subscription.charged', subscriptionId, { payment: firstPayment }));
    expect((await receiptsOf(user)).map((receipt) => receipt.reference).sort()).toEqual(
      [first!.reference, payment.id].sort(),
    );
  });

  it('records each PayPal sale (the first and a renewal) with the amount and currency PayPal reports', async () => {
    const user = await registerUser(t);
    const subscriptionId = await payWithPaypal(user);
    // PayPal reports the first charge by webhook only.
    expect(await receiptsOf(user)).toEqual([]);
    const firstSale = paypal.saleCompletedEvent(subscriptionId, {
      total: '9.99',
      createTime: new Date(Date.now() - 2000),
    });
    expect((await deliverPaypal(firstSale)).body).toEqual({ status: 'applied' });
    const renewal = paypal.saleCompletedEvent(subscriptionId, { total: '9.99' });
    await deliverPaypal(renewal);
    expect((await deliverPaypal(renewal)).body).toEqual({ status: 'duplicate' });
    const receipts = await receiptsOf(user);
    const saleId = (event: Record<string, unknown>) => (event.resource as { id: string }).id;
    expect(receipts).toEqual([
      expect.objectContaining({
        reference: saleId(renewal),
        provider: 'paypal',
        plan: 'premium',
        amount_minor: 999,
        currency: 'usd',
        status: 'paid',
      }),
      expect.objectContaining({
        reference: saleId(firstSale),
        provider: 'paypal',
        plan: 'premium',
        amount_minor: 999,
        currency: 'usd',
        status: 'paid',
      }),
    ]);
  });

  it('marks a charge refunded when the provider reports the refund', async () => {
    const user = await registerUser(t);
    const subscriptionId = await payWithPaypal(user);
    const sale = paypal.saleCompletedEvent(subscriptionId, { total: '9.99' });
    await deliverPaypal(sale);
    const refund = {
      ...sale,
      id: 'WH-REFUND-' + subscriptionId,
      event_type: 'PAYMENT.SALE.REFUNDED',
      resource: {
        id: 'REFUND' + subscriptionId.slice(2),
        state: 'completed',
        sale_id: (sale.resource as { id: string }).id,
      },
    };
    expect((await deliverPaypal(refund)).body).toEqual({ status: 'applied' });
    expect(await receiptsOf(user)).toEqual([expect.objectContaining({ status: 'refunded', amount_minor: 999 })]);
  });

  it('leaves out a checkout that was never paid', async () => {
    const user = await registerUser(t);
    await t.http.post('/api/payments/razorpay/create-subscription').set(bearer(user)).send({ plan: 'pro' }).expect(201);
    await t.http.post('/api/payments/paypal/create-subscription').set(bearer(user)).send({ plan: 'pro' }).expect(201);
    expect(await receiptsOf(user)).toEqual([]);
  });

  it("keeps a cancelled subscription's charges as paid", async () => {
    const user = await registerUser(t);
    await payWithRazorpay(user);
    await t.http.post('/api/billing/cancel-subscription').set(bearer(user)).expect(200);
    const receipts = await receiptsOf(user);
    expect(receipts).toHaveLength(1);
    expect(receipts[0]).toMatchObject({ provider: 'razorpay', status: 'paid' });
  });

  it("never shows another user's payments", async () => {
    const payer = await registerUser(t);
    const other = await registerUser(t);
    const subscriptionId = await payWithRazorpay(payer);
    const payment = razorpay.chargeRenewal(subscriptionId, 34900);
    await deliverRazorpay(razorpay.webhook('subscription.charged', subscriptionId, { payment }));
    expect(await receiptsOf(other)).toEqual([]);
    expect(await receiptsOf(payer)).toHaveLength(2);
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
