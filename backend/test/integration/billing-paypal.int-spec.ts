import { DataSource } from 'typeorm';
import { UserEntity } from '../../src/modules/users/user.entity.js';
import { FakePaypalServer } from '../fakes/fake-paypal-server.js';
import { testDatabases } from '../support/databases.js';
import { createTestApp, registerUser, type TestApp } from '../support/test-app.js';

const CLIENT_ID = 'AbFakeClientId';
const CLIENT_SECRET = 'fake-client-secret';
const WEBHOOK_ID = '8PT597110X687430LKGECATA';
const DAY_MS = 24 * 3600_000;

type User = Awaited<ReturnType<typeof registerUser>>;

describe.each(testDatabases())('PayPal subscriptions on %s', (database) => {
  let t: TestApp;
  let paypal: FakePaypalServer;

  beforeAll(async () => {
    paypal = await FakePaypalServer.start({
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      webhookId: WEBHOOK_ID,
      planIds: ['P-PRO0000000000000000000001', 'P-PREMIUM00000000000000001'],
    });
    t = await createTestApp({
      database,
      env: {
        PAYPAL_CLIENT_ID: CLIENT_ID,
        PAYPAL_CLIENT_SECRET: CLIENT_SECRET,
        PAYPAL_WEBHOOK_ID: WEBHOOK_ID,
        PAYPAL_PLAN_PRO: 'P-PRO0000000000000000000001',
        PAYPAL_PLAN_PREMIUM: 'P-PREMIUM00000000000000001',
        PAYPAL_BASE_URL: paypal.url,
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await paypal.close();
  });

  const bearer = (user: User) => ({ Authorization: `Bearer ${user.token}` });

  async function subscribe(
    user: User,
    plan: 'pro' | 'premium' = 'pro',
  ): Promise<{ sessionId: string; subscriptionId: string }> {
    const response = await t.http
      .post('/api/payments/paypal/create-subscription')
      .set(bearer(user))
      .send({ plan })
      .expect(201);
    const sessionId = (response.body as { session_id: string }).session_id;
    const created = [...paypal.subscriptions.values()].find((subscription) =>
      subscription.return_url.endsWith(`session_id=${sessionId}`),
    );
    return { sessionId, subscriptionId: created!.id };
  }

  async function status(user: User, sessionId: string, query = '') {
    return (await t.http.get(`/api/payments/status/${sessionId}${query}`).set(bearer(user)).expect(200)).body as {
      payment_status: string;
      status: string;
      plan: string;
    };
  }

  async function planOf(user: User): Promise<string> {
    return ((await t.http.get('/api/auth/me').set(bearer(user)).expect(200)).body as { plan: string }).plan;
  }

  describe('create-subscription', () => {
    it('creates a PayPal subscription with a client-credentials token and answers its approve link and our session id', async () => {
      const user = await registerUser(t);
      const response = await t.http
        .post('/api/payments/paypal/create-subscription')
        .set(bearer(user))
        .send({ plan: 'premium' })
        .expect(201);
      const { approve_url, session_id } = response.body as { approve_url: string; session_id: string };
      expect(session_id).toMatch(/^[A-Za-z0-9_-]{32}$/);
      const create = paypal.requests.find(
        (request) =>
          request.method === 'POST' && request.path === '/v1/billing/subscriptions' && request.raw.includes(session_id),
      )!;
      const body = JSON.parse(create.raw) as Record<string, { return_url?: string; cancel_url?: string } | string>;
      expect(body).toMatchObject({
        plan_id: 'P-PREMIUM00000000000000001',
        custom_id: user.id,
        application_context: {
          return_url: `${t.config.appUrl}/payment-success?session_id=${session_id}`,
          cancel_url: `${t.config.appUrl}/pricing`,
        },
      });
      expect(create.headers['paypal-request-id']).toBe(session_id);
      const subscription = [...paypal.subscriptions.values()].find((each) => each.return_url.includes(session_id))!;
      expect(approve_url).toBe(`${paypal.url}/webapps/billing/subscriptions?ba_token=BA-${subscription.id.slice(2)}`);
      expect(session_id).not.toBe(subscription.id);
      expect(await planOf(user)).toBe('free');
    });

    it('reuses its access token across calls', async () => {
      const user = await registerUser(t);
      await subscribe(user);
      const issued = paypal.tokensIssued;
      await subscribe(user);
      expect(paypal.tokensIssued).toBe(issued);
    });
  });

  describe('status polling', () => {
    it('answers pending while the buyer has not approved, then paid, upgrading the plan once', async () => {
      const user = await registerUser(t);
      const { sessionId, subscriptionId } = await subscribe(user);
      expect(await status(user, sessionId)).toEqual({ payment_status: 'pending', status: 'pending', plan: 'free' });
      paypal.setStatus(subscriptionId, 'APPROVED');
      expect(await status(user, sessionId)).toEqual({ payment_status: 'pending', status: 'pending', plan: 'free' });
      paypal.approve(subscriptionId);
      expect(await status(user, sessionId)).toEqual({ payment_status: 'paid', status: 'paid', plan: 'pro' });
      expect(await planOf(user)).toBe('pro');
      expect(await status(user, sessionId)).toEqual({ payment_status: 'paid', status: 'paid', plan: 'pro' });
      expect(
        paypal.requests.filter(
          (request) => request.method === 'GET' && request.path === `/v1/billing/subscriptions/${subscriptionId}`,
        ),
      ).toHaveLength(4);
    });

    it.each([
      ['EXPIRED', 'expired'],
      ['CANCELLED', 'failed'],
      ['SUSPENDED', 'failed'],
    ])('answers %s from PayPal as %s and leaves the plan free', async (paypalStatus, expected) => {
      const user = await registerUser(t);
      const { sessionId, subscriptionId } = await subscribe(user);
      paypal.setStatus(subscriptionId, paypalStatus);
      expect(await status(user, sessionId)).toEqual({ payment_status: expected, status: expected, plan: 'free' });
    });

    it('never takes the outcome from the query string (PAY-3)', async () => {
      const user = await registerUser(t);
      const { sessionId } = await subscribe(user, 'premium');
      const answer = await status(user, sessionId, '?status=ACTIVE&payment_status=paid&plan=premium&session_id=x');
      expect(answer).toEqual({ payment_status: 'pending', status: 'pending', plan: 'free' });
      expect(await planOf(user)).toBe('free');
    });

    it("answers 404 for another user's session and for an unknown one, and 401 without a session", async () => {
      const owner = await registerUser(t);
      const other = await registerUser(t);
      const { sessionId, subscriptionId } = await subscribe(owner);
      paypal.approve(subscriptionId);
      await t.http.get(`/api/payments/status/${sessionId}`).set(bearer(other)).expect(404);
      await t.http.get('/api/payments/status/no-such-session').set(bearer(owner)).expect(404);
      await t.http.get(`/api/payments/status/${sessionId}`).expect(401);
      expect(await planOf(other)).toBe('free');
      expect(await planOf(owner)).toBe('free');
    });
  });

  describe('webhooks (PAY-2)', () => {
    // Deliberately not canonical JSON: re-serialising it would change the bytes PayPal signed.
    const asSent = (event: Record<string, unknown>) =>
      JSON.stringify(event, null, 2).replace('"event_version"', '"event_version" ');

    function deliver(rawBody: string, headers: Record<string, string>) {
      return t.http.post('/api/payments/paypal/webhook').set(headers).send(rawBody);
    }

    it('applies a genuine BILLING.SUBSCRIPTION.ACTIVATED event, verified by PayPal on the body as received', async () => {
      const user = await registerUser(t);
      const { subscriptionId } = await subscribe(user, 'premium');
      paypal.approve(subscriptionId);
      const body = asSent(paypal.subscriptionEvent('BILLING.SUBSCRIPTION.ACTIVATED', subscriptionId));
      const response = await deliver(body, paypal.signWebhook(body)).expect(200);
      expect(response.body).toEqual({ status: 'applied' });
      expect(await planOf(user)).toBe('premium');
      const verification = paypal.requests
        .filter((request) => request.path === '/v1/notifications/verify-webhook-signature')
        .at(-1)!;
      expect(JSON.parse(verification.raw)).toMatchObject({ webhook_id: WEBHOOK_ID, auth_algo: 'SHA256withRSA' });
    });

    it('rejects a delivery PayPal does not vouch for with 400 and changes nothing', async () => {
      const user = await registerUser(t);
      const { subscriptionId } = await subscribe(user);
      paypal.approve(subscriptionId);
      const body = asSent(paypal.subscriptionEvent('BILLING.SUBSCRIPTION.ACTIVATED', subscriptionId));
      const headers = paypal.signWebhook(body);
      await deliver(body.replace('"ACTIVE"', '"ACTIVE" '), headers).expect(400);
      await deliver(body, { ...headers, 'paypal-transmission-sig': 'forged' }).expect(400);
      const { 'paypal-transmission-sig': _sig, ...unsigned } = headers;
      await deliver(body, unsigned).expect(400);
      expect(await planOf(user)).toBe('free');
    });

    it('handles a replayed event once', async () => {
      const user = await registerUser(t);
      const { subscriptionId } = await subscribe(user);
      paypal.approve(subscriptionId);
      const at = new Date();
      paypal.setStatus(subscriptionId, 'SUSPENDED', { next_billing_time: new Date(Date.now() - DAY_MS).toISOString() });
      const suspended = asSent(
        paypal.subscriptionEvent('BILLING.SUBSCRIPTION.SUSPENDED', subscriptionId, { createTime: at }),
      );
      await deliver(suspended, paypal.signWebhook(suspended)).expect(200);
      expect(await planOf(user)).toBe('free');
      paypal.approve(subscriptionId);
      const reactivated = asSent(
        paypal.subscriptionEvent('BILLING.SUBSCRIPTION.RE-ACTIVATED', subscriptionId, { createTime: at }),
      );
      await deliver(reactivated, paypal.signWebhook(reactivated)).expect(200);
      expect(await planOf(user)).toBe('pro');
      const replay = await deliver(suspended, paypal.signWebhook(suspended)).expect(200);
      expect(replay.body).toEqual({ status: 'duplicate' });
      expect(await planOf(user)).toBe('pro');
    });

    it('takes the new period from PayPal when a renewal payment completes', async () => {
      const user = await registerUser(t);
      const { sessionId, subscriptionId } = await subscribe(user);
      paypal.approve(subscriptionId);
      await status(user, sessionId);
      const renewedUntil = new Date(Date.now() + 61 * DAY_MS);
      paypal.setStatus(subscriptionId, 'ACTIVE', { next_billing_time: renewedUntil.toISOString() });
      const sale = asSent({
        id: 'WH-SALE-0001',
        create_time: new Date().toISOString(),
        event_type: 'PAYMENT.SALE.COMPLETED',
        resource: {
          id: '80021663DE681814L',
          state: 'completed',
          billing_agreement_id: subscriptionId,
          amount: { total: '3.99', currency: 'USD' },
        },
      });
      const asked = paypal.requests.length;
      expect((await deliver(sale, paypal.signWebhook(sale)).expect(200)).body).toEqual({ status: 'applied' });
      // PayPal is asked after the answer went out.
      const users = t.app.get(DataSource).getRepository(UserEntity);
      const renewed = async () =>
        Math.abs((await users.findOneByOrFail({ id: user.id })).planRenewsAt!.getTime() - renewedUntil.getTime()) <
        1000;
      for (let tries = 0; tries < 50 && !(await renewed()); tries += 1)
        await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await renewed()).toBe(true);
      expect(paypal.requests.slice(asked)).toContainEqual(
        expect.objectContaining({ method: 'GET', path: `/v1/billing/subscriptions/${subscriptionId}` }),
      );
      expect(await planOf(user)).toBe('pro');
    });
  });
  describe('cancel subscription', () => {
    it('cancels with PayPal, keeps the plan to the end of the paid month, then it is free', async () => {
      const user = await registerUser(t);
      const { sessionId, subscriptionId } = await subscribe(user);
      paypal.approve(subscriptionId);
      expect(await status(user, sessionId)).toMatchObject({ payment_status: 'paid', plan: 'pro' });
      const before = (await t.http.get('/api/billing/usage').set(bearer(user)).expect(200)).body;
      expect(before).toMatchObject({ plan: 'pro', cancelled: false });

      const stranger = await registerUser(t);
      await t.http.post('/api/billing/cancel-subscription').set(bearer(stranger)).expect(409);
      await t.http.post('/api/billing/cancel-subscription').expect(401);

      const cancelled = await t.http.post('/api/billing/cancel-subscription').set(bearer(user)).expect(200);
      expect(cancelled.body).toEqual({ plan: 'pro', ends_at: before.renews_at });
      expect(paypal.requests).toContainEqual(
        expect.objectContaining({ method: 'POST', path: `/v1/billing/subscriptions/${subscriptionId}/cancel` }),
      );
      expect(paypal.subscriptions.get(subscriptionId)!.status).toBe('CANCELLED');
      expect(await planOf(user)).toBe('pro');
      expect((await t.http.get('/api/billing/usage').set(bearer(user)).expect(200)).body).toMatchObject({
        plan: 'pro',
        cancelled: true,
        renews_at: before.renews_at,
      });
      // Nothing renews any more: a second cancel has nothing to do.
      await t.http.post('/api/billing/cancel-subscription').set(bearer(user)).expect(409);

      // The period ends: the plan is free.
      const ended = new Date(Date.parse(before.renews_at as string) + 60_000);
      const { EntitlementService } = await import('../../src/modules/billing/entitlement.service.js');
      await t.app.get(EntitlementService).settleEndedPeriods(ended);
      const users = t.app.get(DataSource).getRepository(UserEntity);
      expect((await users.findOneByOrFail({ id: user.id })).plan).toBe('free');
    });

    it('cancels a subscription PayPal no longer has (404 RESOURCE_NOT_FOUND): it is already cancelled', async () => {
      const user = await registerUser(t);
      const { sessionId, subscriptionId } = await subscribe(user);
      paypal.approve(subscriptionId);
      expect(await status(user, sessionId)).toMatchObject({ payment_status: 'paid', plan: 'pro' });
      const before = (await t.http.get('/api/billing/usage').set(bearer(user)).expect(200)).body;
      paypal.forget(subscriptionId);

      const cancelled = await t.http.post('/api/billing/cancel-subscription').set(bearer(user)).expect(200);
      expect(cancelled.body).toEqual({ plan: 'pro', ends_at: before.renews_at });
      expect(paypal.requests.at(-1)).toMatchObject({ path: `/v1/billing/subscriptions/${subscriptionId}/cancel` });
      expect((await t.http.get('/api/billing/usage').set(bearer(user)).expect(200)).body).toMatchObject({
        plan: 'pro',
        cancelled: true,
      });
      await t.http.post('/api/billing/cancel-subscription').set(bearer(user)).expect(409);
    });
  });
});
