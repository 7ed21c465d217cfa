import { PaymentSandbox } from './payment-sandbox.js';

describe(PaymentSandbox.name, () => {
  const now = new Date('2026-03-15T12:00:00Z');

  function paidSubscription(sandbox: PaymentSandbox, provider: 'razorpay' | 'paypal') {
    const created = sandbox.create({ provider, plan: 'pro', sessionId: `session-${provider}` });
    sandbox.approve(created.id, now);
    return created.id;
  }

  it('cancels at the end of the cycle: Razorpay keeps the paid month active, PayPal says CANCELLED', () => {
    const sandbox = new PaymentSandbox();
    const razorpay = sandbox.cancel(paidSubscription(sandbox, 'razorpay'));
    expect(razorpay).toMatchObject({
      provider: 'razorpay',
      status: 'active',
      currentEnd: new Date('2026-04-15T12:00:00Z'),
    });
    const paypal = sandbox.cancel(paidSubscription(sandbox, 'paypal'));
    expect(paypal).toMatchObject({ provider: 'paypal', status: 'CANCELLED' });
  });

  it('cancels a Razorpay subscription at once when asked (account deletion)', () => {
    const sandbox = new PaymentSandbox();
    const id = paidSubscription(sandbox, 'razorpay');
    expect(sandbox.cancel(id, 'now')?.status).toBe('cancelled');
    expect(sandbox.find(id)?.status).toBe('cancelled');
  });

  it('knows no subscription it never made', () => {
    expect(new PaymentSandbox().cancel('sub_testunknown')).toBeUndefined();
  });
});
