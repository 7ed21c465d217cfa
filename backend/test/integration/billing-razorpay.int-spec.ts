import { MESSAGES } from '@chapterwise/shared';
import { SubscriptionRefreshService } from '../../src/modules/billing/subscription-refresh.service.js';
import { signSubscriptionPayment } from '../../src/providers/payments/razorpay-signatures.js';
import { FakeRazorpayServer } from '../fakes/fake-razorpay-server.js';
import { testDatabases } from '../support/databases.js';
import { createTestApp, registerUser, type TestApp } from '../support/test-app.js';

const KEY_ID = 'rzp_test_FakeKey0001';
const KEY_SECRET = 'fake-key-secret';
const WEBHOOK_SECRET = 'fake-webhook-secret';
const DAY_MS = 24 * 3600_000;

type User = Awaited<ReturnType<typeof registerUser>>;

describe.each(testDatabases())('Razorpay subscriptions on %s', (database) => {
  let t: TestApp;
  let razorpay: FakeRazorpayServer;

  beforeAll(async () => {
    razorpay = await FakeRazorpayServer.start({
      keyId: KEY_ID,
      keySecret: KEY_SECRET,
      webhookSecret: WEBHOOK_SECRET,
      planIds: ['plan_Pro0000000001', 'plan_Premium00001'],
    });
    t = await createTestApp({
      database,
      env: {
        RAZORPAY_KEY_ID: KEY_ID,
        RAZORPAY_KEY_SECRET: KEY_SECRET,
        RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET,
        RAZORPAY_PLAN_PRO: 'plan_Pro0000000001',
        RAZORPAY_PLAN_PREMIUM: 'plan_Premium00001',
        RAZORPAY_BASE_URL: razorpay.url,
        PRICE_INR_PRO: '349',
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await razorpay.close();
  });

  const bearer = (user: User) => ({ Authorization: `Bearer ${user.token}` });

  async function subscribe(user: User, plan: 'pro' | 'premium' = 'pro'): Promise<string> {
    const response = await t.http
      .post('/api/payments/razorpay/create-subscription')
      .set(bearer(user))
      .send({ plan })
      .expect(201);
    return (response.body as { subscription_id: string }).subscription_id;
  }

  async function planOf(user: User): Promise<string> {
    return ((await t.http.get('/api/auth/me').set(bearer(user)).expect(200)).body as { plan: string }).plan;
  }

  function deliver(delivery: { body: string; headers: Record<string, string> }) {
    return t.http.post('/api/payments/razorpay/webhook').set(delivery.headers).send(delivery.body);
  }

  describe('create-subscription', () => {
    it('creates the subscription through the Razorpay API with the configured plan id and the user in its notes', async () => {
      const user = await registerUser(t, 'Priya Sharma');
      const response = await t.http
        .post('/api/payments/razorpay/create-subscription')
        .set(bearer(user))
        .send({ plan: 'pro' })
        .expect(201);
      expect(response.body).toEqual({
        razorpay_key: KEY_ID,
        subscription_id: expect.stringMatching(/^sub_/),
        plan_name: 'Pro',
        name: 'Priya Sharma',
        email: user.email,
      });
      const call = razorpay.requests.at(-1)!;
      expect(call).toMatchObject({ method: 'POST', path: '/v1/subscriptions' });
      expect(call.authorization).toBe(`Basic ${Buffer.from(`${KEY_ID}:${KEY_SECRET}`).toString('base64')}`);
      expect(call.body).toMatchObject({ plan_id: 'plan_Pro0000000001', notes: { user_id: user.id } });
      expect(razorpay.subscriptions.get(response.body.subscription_id)?.status).toBe('created');
      expect(await planOf(user)).toBe('free');
    });

    it('uses the premium plan id for premium', async () => {
      const user = await registerUser(t);
      await subscribe(user, 'premium');
      expect(razorpay.requests.at(-1)?.body).toMatchObject({ plan_id: 'plan_Premium00001' });
    });

    it('ignores plan, owner and status fields smuggled into the payload (AC-3)', async () => {
      const user = await registerUser(t);
      const other = await registerUser(t);
      await t.http
        .post('/api/payments/razorpay/create-subscription')
        .set(bearer(user))
        .send({
          plan: 'pro',
          user_id: other.id,
          status: 'active',
          plan_id: 'plan_Premium00001',
          notes: { user_id: other.id },
        })
        .expect(201);
      expect(razorpay.requests.at(-1)?.body).toMatchObject({
        plan_id: 'plan_Pro0000000001',
        notes: { user_id: user.id },
      });
      expect(await planOf(user)).toBe('free');
      expect(await planOf(other)).toBe('free');
    });

    it.each([{ plan: 'free' }, { plan: 'gold' }, {}])('rejects %j with 400', async (body) => {
      const user = await registerUser(t);
      const response = await t.http
        .post('/api/payments/razorpay/create-subscription')
        .set(bearer(user))
        .send(body)
        .expect(400);
      expect(response.body.code).toBe('VALIDATION');
    });

    it('needs a session', async () => {
      await t.http.post('/api/payments/razorpay/create-subscription').send({ plan: 'pro' }).expect(401);
    });
  });

  describe('verify (PAY-1)', () => {
    it("upgrades the plan for Checkout's signed result and answers success with the plan", async () => {
      const user = await registerUser(t);
      const subscriptionId = await subscribe(user, 'premium');
      const result = razorpay.completeCheckout(subscriptionId);
      const response = await t.http.post('/api/payments/razorpay/verify').set(bearer(user)).send(result).expect(200);
      expect(response.body).toEqual({ status: 'success', plan: 'premium' });
      expect(await planOf(user)).toBe('premium');
      // The paid period comes from Razorpay (GET /v1/subscriptions/{id} through the SDK).
      expect(razorpay.requests.at(-1)).toMatchObject({ method: 'GET', path: `/v1/subscriptions/${subscriptionId}` });
      // A second call with the same result changes nothing and still answers success.
      await t.http.post('/api/payments/razorpay/verify').set(bearer(user)).send(result).expect(200);
      expect(await planOf(user)).toBe('premium');
    });

    it('only sells upgrades: the plan in force or a lower one answers 409', async () => {
      const user = await registerUser(t);
      await t.http
        .post('/api/payments/razorpay/verify')
        .set(bearer(user))
        .send(razorpay.completeCheckout(await subscribe(user, 'pro')))
        .expect(200);
      for (const plan of ['pro', 'premium'] as const) {
        const before = razorpay.requests.length;
        const response = await t.http
          .post('/api/payments/razorpay/create-subscription')
          .set(bearer(user))
          .send({ plan });
        expect(response.status).toBe(plan === 'pro' ? 409 : 201);
        if (plan === 'pro') {
          expect(response.body).toEqual({ detail: 'You are already on the Pro plan.', code: 'CONFLICT' });
          expect(razorpay.requests.length).toBe(before);
        }
      }
    });

    it('refuses a forged signature with 400 and leaves the plan alone', async () => {
      const user = await registerUser(t);
      const subscriptionId = await subscribe(user);
      const genuine = razorpay.completeCheckout(subscriptionId);
      const forgeries = [
        {
          ...genuine,
          razorpay_signature: signSubscriptionPayment('a-guessed-secret', genuine.razorpay_payment_id, subscriptionId),
        },
        { ...genuine, razorpay_payment_id: 'pay_SomethingElse1' },
        { ...genuine, razorpay_signature: genuine.razorpay_signature.slice(0, 40) },
      ];
      for (const forged of forgeries) {
        const response = await t.http.post('/api/payments/razorpay/verify').set(bearer(user)).send(forged).expect(400);
        expect(response.body).toEqual({ detail: MESSAGES.paymentVerificationFailed, code: 'VALIDATION' });
      }
      expect(await planOf(user)).toBe('free');
    });

    it("answers 404 for another user's subscription, even with a genuine signature, and upgrades nobody", async () => {
      const owner = await registerUser(t);
      const intruder = await registerUser(t);
      const result = razorpay.completeCheckout(await subscribe(owner));
      await t.http.post('/api/payments/razorpay/verify').set(bearer(intruder)).send(result).expect(404);
      expect(await planOf(intruder)).toBe('free');
      expect(await planOf(owner)).toBe('free');
    });

    it('ignores a plan sent along with the result: the plan is the one subscribed to', async () => {
      const user = await registerUser(t);
      const result = razorpay.completeCheckout(await subscribe(user, 'pro'));
      const response = await t.http
        .post('/api/payments/razorpay/verify')
        .set(bearer(user))
        .send({ ...result, plan: 'premium' })
        .expect(200);
      expect(response.body.plan).toBe('pro');
    });
  });

  describe('webhooks (PAY-2)', () => {
    it('activates the plan from a signed subscription.activated event, even if the browser never called verify', async () => {
      const user = await registerUser(t);
      const subscriptionId = await subscribe(user);
      razorpay.completeCheckout(subscriptionId);
      const response = await deliver(razorpay.webhook('subscription.activated', subscriptionId)).expect(200);
      expect(response.body).toEqual({ status: 'applied' });
      expect(await planOf(user)).toBe('pro');
    });

    it('rejects a bad or missing signature with 400 and changes nothing', async () => {
      const user = await registerUser(t);
      const subscriptionId = await subscribe(user);
      razorpay.completeCheckout(subscriptionId);
      const delivery = razorpay.webhook('subscription.activated', subscriptionId);
      await deliver({
        ...delivery,
        body: delivery.body.replace('"subscription.activated"', '"subscription.charged"'),
      }).expect(400);
      await deliver({ ...delivery, headers: { ...delivery.headers, 'x-razorpay-signature': 'f'.repeat(64) } }).expect(
        400,
      );
      const { 'x-razorpay-signature': _signature, ...unsigned } = delivery.headers;
      await deliver({ ...delivery, headers: unsigned }).expect(400);
      expect(await planOf(user)).toBe('free');
    });

    it('handles a replayed event once: the replay changes nothing', async () => {
      const user = await registerUser(t);
      const subscriptionId = await subscribe(user);
      razorpay.completeCheckout(subscriptionId);
      const at = new Date();
      const halted = razorpay.webhook('subscription.halted', subscriptionId, {
        createdAt: at,
        changes: { status: 'halted', current_end: Math.floor((Date.now() - DAY_MS) / 1000) },
      });
      await deliver(halted).expect(200);
      expect(await planOf(user)).toBe('free');
      // Same second, another event: the subscription is charged again.
      await deliver(razorpay.webhook('subscription.charged', subscriptionId, { createdAt: at })).expect(200);
      expect(await planOf(user)).toBe('pro');
      const replay = await deliver(halted).expect(200);
      expect(replay.body).toEqual({ status: 'duplicate' });
      expect(await planOf(user)).toBe('pro');
    });

    it('does not downgrade on an older event that arrives after a newer activation', async () => {
      const user = await registerUser(t);
      const subscriptionId = await subscribe(user);
      razorpay.completeCheckout(subscriptionId);
      const now = Date.now();
      await deliver(razorpay.webhook('subscription.activated', subscriptionId, { createdAt: new Date(now) })).expect(
        200,
      );
      const late = await deliver(
        razorpay.webhook('subscription.halted', subscriptionId, {
          createdAt: new Date(now - 60_000),
          changes: { status: 'halted', current_end: Math.floor((now - DAY_MS) / 1000) },
        }),
      ).expect(200);
      expect(late.body).toEqual({ status: 'stale' });
      expect(await planOf(user)).toBe('pro');
    });

    it('acknowledges events for subscriptions it does not know, and events it does not act on', async () => {
      const user = await registerUser(t);
      const subscriptionId = await subscribe(user);
      const foreign = razorpay.webhook('subscription.activated', subscriptionId, {
        changes: { id: 'sub_NotOurs0000001' },
      });
      expect((await deliver(foreign).expect(200)).body).toEqual({ status: 'ignored' });
      expect((await deliver(razorpay.webhook('subscription.authenticated', subscriptionId)).expect(200)).body).toEqual({
        status: 'ignored',
      });
      expect(await planOf(user)).toBe('free');
    });
  });

  describe('the end of a paid period', () => {
    it('keeps a cancelled plan until the period ends, then returns it to free', async () => {
      const user = await registerUser(t);
      const subscriptionId = await subscribe(user);
      await t.http
        .post('/api/payments/razorpay/verify')
        .set(bearer(user))
        .send(razorpay.completeCheckout(subscriptionId))
        .expect(200);
      const periodEnd = Date.now() + 2 * DAY_MS;
      await deliver(
        razorpay.webhook('subscription.cancelled', subscriptionId, {
          changes: { status: 'cancelled', current_end: Math.floor(periodEnd / 1000) },
        }),
      ).expect(200);
      expect(await planOf(user)).toBe('pro');
      // A cancelled plan may be bought again while it runs out.
      await t.http
        .post('/api/payments/razorpay/create-subscription')
        .set(bearer(user))
        .send({ plan: 'pro' })
        .expect(201);
      const refresher = t.app.get(SubscriptionRefreshService);
      await refresher.settleRenewals(new Date(periodEnd - 60_000));
      expect(await planOf(user)).toBe('pro');
      await refresher.settleRenewals(new Date(periodEnd + 60_000));
      expect(await planOf(user)).toBe('free');
    });

    it('cancels at the end of the cycle with Razorpay; the verified webhook and the period end make it free', async () => {
      const user = await registerUser(t);
      const subscriptionId = await subscribe(user);
      await t.http
        .post('/api/payments/razorpay/verify')
        .set(bearer(user))
        .send(razorpay.completeCheckout(subscriptionId))
        .expect(200);
      const { renews_at: renewsAt } = (await t.http.get('/api/billing/usage').set(bearer(user)).expect(200)).body;
      const stranger = await registerUser(t);
      await t.http.post('/api/billing/cancel-subscription').set(bearer(stranger)).expect(409);

      const cancelled = await t.http.post('/api/billing/cancel-subscription').set(bearer(user)).expect(200);
      expect(cancelled.body).toEqual({ plan: 'pro', ends_at: renewsAt });
      expect(razorpay.requests).toContainEqual(
        expect.objectContaining({
          method: 'POST',
          path: `/v1/subscriptions/${subscriptionId}/cancel`,
          body: expect.objectContaining({ cancel_at_cycle_end: 1 }),
        }),
      );
      expect(await planOf(user)).toBe('pro');
      expect((await t.http.get('/api/billing/usage').set(bearer(user)).expect(200)).body).toMatchObject({
        plan: 'pro',
        cancelled: true,
      });

      // At the cycle's end Razorpay sends subscription.cancelled; then the period is over and the plan is free.
      const periodEnd = Date.parse(renewsAt as string);
      await deliver(
        razorpay.webhook('subscription.cancelled', subscriptionId, {
          changes: { status: 'cancelled', current_end: Math.floor(periodEnd / 1000) },
        }),
      ).expect(200);
      const refresher = t.app.get(SubscriptionRefreshService);
      await refresher.settleRenewals(new Date(periodEnd - 60_000));
      expect(await planOf(user)).toBe('pro');
      await refresher.settleRenewals(new Date(periodEnd + 60_000));
      expect(await planOf(user)).toBe('free');
    });

    it.each([404, 400] as const)(
      'cancels a subscription Razorpay no longer has (it answers %i: the id does not exist): it is already cancelled',
      async (missingStatus) => {
        const user = await registerUser(t);
        const subscriptionId = await subscribe(user);
        await t.http
          .post('/api/payments/razorpay/verify')
          .set(bearer(user))
          .send(razorpay.completeCheckout(subscriptionId))
          .expect(200);
        const { renews_at: renewsAt } = (await t.http.get('/api/billing/usage').set(bearer(user)).expect(200)).body;
        razorpay.unknownSubscriptionStatus = missingStatus;
        razorpay.forget(subscriptionId);
        try {
          const cancelled = await t.http.post('/api/billing/cancel-subscription').set(bearer(user)).expect(200);
          expect(cancelled.body).toEqual({ plan: 'pro', ends_at: renewsAt });
          expect(razorpay.requests.at(-1)).toMatchObject({ path: `/v1/subscriptions/${subscriptionId}/cancel` });
          expect((await t.http.get('/api/billing/usage').set(bearer(user)).expect(200)).body).toMatchObject({
            plan: 'pro',
            cancelled: true,
          });
          await t.http.post('/api/billing/cancel-subscription').set(bearer(user)).expect(409);
        } finally {
          razorpay.unknownSubscriptionStatus = 400;
        }
      },
    );

    it('asks Razorpay about a renewal that is due: a renewed subscription keeps its plan, a halted one loses it', async () => {
      const user = await registerUser(t);
      const subscriptionId = await subscribe(user, 'premium');
      await t.http
        .post('/api/payments/razorpay/verify')
        .set(bearer(user))
        .send(razorpay.completeCheckout(subscriptionId))
        .expect(200);
      const firstEnd = razorpay.subscriptions.get(subscriptionId)!.current_end! * 1000;
      const secondEnd = firstEnd + 30 * DAY_MS;
      const refresher = t.app.get(SubscriptionRefreshService);

      razorpay.update(subscriptionId, { current_start: firstEnd / 1000, current_end: secondEnd / 1000, paid_count: 2 });
      const requestsBefore = razorpay.requests.length;
      await refresher.settleRenewals(new Date(firstEnd + 60_000));
      expect(razorpay.requests.slice(requestsBefore)).toContainEqual(
        expect.objectContaining({ method: 'GET', path: `/v1/subscriptions/${subscriptionId}` }),
      );
      expect(await planOf(user)).toBe('premium');

      razorpay.update(subscriptionId, { status: 'halted' });
      await refresher.settleRenewals(new Date(secondEnd + 60_000));
      expect(await planOf(user)).toBe('free');
    });
  });
});

describe('Razorpay refusing or unreachable', () => {
  let razorpay: FakeRazorpayServer;
  beforeAll(async () => {
    razorpay = await FakeRazorpayServer.start({
      keyId: KEY_ID,
      keySecret: KEY_SECRET,
      webhookSecret: WEBHOOK_SECRET,
      planIds: ['plan_Other'],
    });
  });
  afterAll(async () => {
    await razorpay.close();
  });

  it.each([
    ['refuses the plan id', () => razorpay.url],
    ['cannot be reached', () => 'http://127.0.0.1:9'],
  ])('answers 503 with a message when Razorpay %s', async (_case, baseUrl) => {
    const t = await createTestApp({
      env: {
        RAZORPAY_KEY_ID: KEY_ID,
        RAZORPAY_KEY_SECRET: KEY_SECRET,
        RAZORPAY_PLAN_PRO: 'plan_Missing',
        RAZORPAY_PLAN_PREMIUM: 'plan_Missing2',
        RAZORPAY_BASE_URL: baseUrl(),
      },
    });
    try {
      const user = await registerUser(t);
      const response = await t.http
        .post('/api/payments/razorpay/create-subscription')
        .set({ Authorization: `Bearer ${user.token}` })
        .send({ plan: 'pro' })
        .expect(503);
      expect(response.body).toEqual({
        detail: expect.stringContaining('payment provider could not be reached'),
        code: 'UNAVAILABLE',
      });
    } finally {
      await t.close();
    }
  });
});
