import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, loadConfig } from '../../src/config/app-config.js';
import { signSubscriptionPayment } from '../../src/providers/payments/razorpay-signatures.js';
import { testDatabases } from '../support/databases.js';
import { createTestApp, registerUser, type TestApp } from '../support/test-app.js';

type User = Awaited<ReturnType<typeof registerUser>>;
const bearer = (user: User) => ({ Authorization: `Bearer ${user.token}` });

describe.each(testDatabases())('Test-mode checkout (no provider keys, not production) on %s', (database) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ database });
  });
  afterAll(async () => {
    await t.close();
  });

  const sessionOf = (url: string) => decodeURIComponent(url.split('/').pop()!);

  describe('Razorpay (INR)', () => {
    it('answers a local test checkout URL with the subscription', async () => {
      const user = await registerUser(t);
      const response = await t.http
        .post('/api/payments/razorpay/create-subscription')
        .set(bearer(user))
        .send({ plan: 'pro' })
        .expect(201);
      expect(response.body).toMatchObject({
        subscription_id: expect.stringMatching(/^sub_test/),
        plan_name: 'Pro',
        email: user.email,
      });
      // A path: the popup opens on whatever host the dashboard was opened on.
      expect(response.body.test_checkout_url).toMatch(/^\/api\/payments\/test-checkout\/[A-Za-z0-9_-]+$/);
    });

    it('serves a page clearly labelled TEST MODE with Approve and Decline and no inline script (CSP)', async () => {
      const user = await registerUser(t);
      const { body } = await t.http
        .post('/api/payments/razorpay/create-subscription')
        .set(bearer(user))
        .send({ plan: 'premium' })
        .expect(201);
      const page = await t.http.get(body.test_checkout_url as string).expect(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.text).toContain('TEST MODE');
      expect(page.text).toMatch(/<button id="approve"[^>]*>Approve<\/button>/);
      expect(page.text).toMatch(/<button id="decline"[^>]*>Decline<\/button>/);
      expect(page.text).toContain('Premium plan');
      const scripts = [...page.text.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
      expect(scripts).toHaveLength(1);
      expect(scripts[0]![1]).toContain('src="/api/payments/test-checkout/assets/checkout.js"');
      expect(scripts[0]![2]).toBe('');
      expect(page.text).not.toMatch(/\son[a-z]+=/i);
      const csp = String(page.headers['content-security-policy']);
      const scriptSrc = /(?:^|;)\s*script-src ([^;]*)/.exec(csp)?.[1];
      expect(scriptSrc).toContain("'self'");
      expect(scriptSrc).not.toContain('unsafe-inline');
      const script = await t.http.get('/api/payments/test-checkout/assets/checkout.js').expect(200);
      expect(script.headers['content-type']).toMatch(/^text\/javascript/);
      // The result goes only to a window on the page's own origin, whatever host name it was opened under.
      expect(script.text).toContain('window.location.origin');
    });

    it('approving gives a correctly signed result that the ordinary verify call accepts, upgrading the plan', async () => {
      const user = await registerUser(t);
      const { body } = await t.http
        .post('/api/payments/razorpay/create-subscription')
        .set(bearer(user))
        .send({ plan: 'pro' })
        .expect(201);
      const session = sessionOf(body.test_checkout_url as string);
      const approval = await t.http.post(`/api/payments/test-checkout/${session}/approve`).expect(200);
      expect(approval.body).toEqual({
        provider: 'razorpay',
        razorpay_payment_id: expect.stringMatching(/^pay_test/),
        razorpay_subscription_id: body.subscription_id,
        razorpay_signature: expect.stringMatching(/^[0-9a-f]{64}$/),
      });
      const { provider: _provider, ...checkoutResult } = approval.body as Record<string, string>;
      const verified = await t.http
        .post('/api/payments/razorpay/verify')
        .set(bearer(user))
        .send(checkoutResult)
        .expect(200);
      expect(verified.body).toEqual({ status: 'success', plan: 'pro' });
      const status = await t.http.get(`/api/payments/status/${session}`).set(bearer(user)).expect(200);
      expect(status.body).toEqual({ payment_status: 'paid', status: 'paid', plan: 'pro' });
    });

    it('still refuses a result signed with anything but this instance’s test secret', async () => {
      const user = await registerUser(t);
      const { body } = await t.http
        .post('/api/payments/razorpay/create-subscription')
        .set(bearer(user))
        .send({ plan: 'pro' })
        .expect(201);
      const forged = {
        razorpay_payment_id: 'pay_testForged0001',
        razorpay_subscription_id: body.subscription_id as string,
        razorpay_signature: signSubscriptionPayment(
          'not-the-instance-secret',
          'pay_testForged0001',
          body.subscription_id as string,
        ),
      };
      await t.http.post('/api/payments/razorpay/verify').set(bearer(user)).send(forged).expect(400);
      expect((await t.http.get('/api/auth/me').set(bearer(user))).body.plan).toBe('free');
    });

    it('declining leaves the checkout unpaid', async () => {
      const user = await registerUser(t);
      const { body } = await t.http
        .post('/api/payments/razorpay/create-subscription')
        .set(bearer(user))
        .send({ plan: 'pro' })
        .expect(201);
      const session = sessionOf(body.test_checkout_url as string);
      expect((await t.http.post(`/api/payments/test-checkout/${session}/decline`).expect(200)).body).toEqual({
        provider: 'razorpay',
      });
      const status = await t.http.get(`/api/payments/status/${session}`).set(bearer(user)).expect(200);
      expect(status.body).toEqual({ payment_status: 'pending', status: 'pending', plan: 'free' });
    });
  });

  describe('PayPal (USD)', () => {
    it('approve_url opens the test checkout; approving returns to /payment-success and the status endpoint reads paid', async () => {
      const user = await registerUser(t);
      const created = await t.http
        .post('/api/payments/paypal/create-subscription')
        .set(bearer(user))
        .send({ plan: 'premium' })
        .expect(201);
      const { approve_url, session_id } = created.body as { approve_url: string; session_id: string };
      expect(approve_url).toBe(`/api/payments/test-checkout/${session_id}`);
      const page = await t.http.get(`/api/payments/test-checkout/${session_id}`).expect(200);
      expect(page.text).toContain('TEST MODE');
      expect(page.text).toContain('$9.99 / month via PayPal (USD)');
      expect(
        (await t.http.get(`/api/payments/status/${session_id}`).set(bearer(user)).expect(200)).body.payment_status,
      ).toBe('pending');
      const approval = await t.http.post(`/api/payments/test-checkout/${session_id}/approve`).expect(200);
      expect(approval.body).toEqual({
        provider: 'paypal',
        redirect_url: `${t.config.appUrl}/payment-success?session_id=${session_id}`,
      });
      const status = await t.http.get(`/api/payments/status/${session_id}`).set(bearer(user)).expect(200);
      expect(status.body).toEqual({ payment_status: 'paid', status: 'paid', plan: 'premium' });
    });

    it('declining returns to /pricing and the status endpoint reads failed', async () => {
      const user = await registerUser(t);
      const created = await t.http
        .post('/api/payments/paypal/create-subscription')
        .set(bearer(user))
        .send({ plan: 'pro' })
        .expect(201);
      const { session_id } = created.body as { session_id: string };
      const decline = await t.http.post(`/api/payments/test-checkout/${session_id}/decline`).expect(200);
      expect(decline.body).toEqual({ provider: 'paypal', redirect_url: `${t.config.appUrl}/pricing` });
      const status = await t.http.get(`/api/payments/status/${session_id}`).set(bearer(user)).expect(200);
      expect(status.body).toEqual({ payment_status: 'failed', status: 'failed', plan: 'free' });
    });
  });

  it('answers 404 for a checkout session that does not exist', async () => {
    await t.http.get('/api/payments/test-checkout/no-such-session').expect(404);
    await t.http.post('/api/payments/test-checkout/no-such-session/approve').expect(404);
  });
});

describe('Test-mode checkout in production (PAY-4)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'chapterwise-config-'));
  const production = { NODE_ENV: 'production', DATA_DIR: dataDir, JWT_SECRET: 'p'.repeat(40) };
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('refuses to boot with PAYMENTS_TEST_MODE set', () => {
    expect(() => loadConfig({ ...production, PAYMENTS_TEST_MODE: 'true' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...production, PAYMENTS_TEST_MODE: 'true' })).toThrow(/PAYMENTS_TEST_MODE/);
  });

  it('offers neither provider without keys, and names what is missing when keys are half set', () => {
    expect(loadConfig(production).payments.razorpay.mode).toBe('off');
    expect(loadConfig(production).payments.paypal.mode).toBe('off');
    expect(() => loadConfig({ ...production, RAZORPAY_KEY_ID: 'rzp_live_x' })).toThrow(
      /RAZORPAY_KEY_SECRET[\s\S]*RAZORPAY_PLAN_PRO/,
    );
    expect(
      loadConfig({
        ...production,
        PAYPAL_CLIENT_ID: 'a',
        PAYPAL_CLIENT_SECRET: 'b',
        PAYPAL_PLAN_PRO: 'P-1',
        PAYPAL_PLAN_PREMIUM: 'P-2',
      }).payments.paypal.mode,
    ).toBe('live');
  });

  it('uses test mode outside production only while no keys are set and it is not switched off', () => {
    const development = { NODE_ENV: 'development', DATA_DIR: dataDir };
    expect(loadConfig(development).payments.razorpay.mode).toBe('test');
    expect(loadConfig({ ...development, PAYMENTS_TEST_MODE: 'false' }).payments.razorpay.mode).toBe('off');
    expect(
      loadConfig({
        ...development,
        RAZORPAY_KEY_ID: 'k',
        RAZORPAY_KEY_SECRET: 's',
        RAZORPAY_PLAN_PRO: 'a',
        RAZORPAY_PLAN_PREMIUM: 'b',
      }).payments.razorpay.mode,
    ).toBe('live');
  });

  describe('a production server', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ env: { NODE_ENV: 'production', JWT_SECRET: 'q'.repeat(40) } });
    });
    afterAll(async () => {
      await t.close();
    });

    it('has no test checkout at all (404) and answers 503 to checkouts it cannot take', async () => {
      await t.http.get('/api/payments/test-checkout/assets/checkout.js').expect(404);
      await t.http.get('/api/payments/test-checkout/anything').expect(404);
      await t.http.post('/api/payments/test-checkout/anything/approve').expect(404);
      const user = await registerUser(t);
      const inr = await t.http
        .post('/api/payments/razorpay/create-subscription')
        .set(bearer(user))
        .send({ plan: 'pro' })
        .expect(503);
      expect(inr.body.code).toBe('UNAVAILABLE');
      await t.http.post('/api/payments/paypal/create-subscription').set(bearer(user)).send({ plan: 'pro' }).expect(503);
    });
  });
});
