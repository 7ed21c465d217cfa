import { createHmac } from 'node:crypto';
import {
  signSubscriptionPayment,
  subscriptionPaymentSignatureValid,
  webhookSignatureValid,
} from './razorpay-signatures.js';

describe('Razorpay signatures', () => {
  const secret = 'key_secret_for_tests';

  it("signs a subscription payment as Razorpay documents: HMAC-SHA256 of 'payment_id|subscription_id'", () => {
    const expected = createHmac('sha256', secret).update('pay_29QQoUBi66xm2f|sub_00000000000001').digest('hex');
    expect(signSubscriptionPayment(secret, 'pay_29QQoUBi66xm2f', 'sub_00000000000001')).toBe(expected);
  });

  it('accepts the right signature and rejects one for another subscription, another secret or garbage', () => {
    const signature = signSubscriptionPayment(secret, 'pay_1', 'sub_1');
    expect(subscriptionPaymentSignatureValid(secret, { paymentId: 'pay_1', subscriptionId: 'sub_1', signature })).toBe(
      true,
    );
    expect(subscriptionPaymentSignatureValid(secret, { paymentId: 'pay_1', subscriptionId: 'sub_2', signature })).toBe(
      false,
    );
    expect(subscriptionPaymentSignatureValid('other', { paymentId: 'pay_1', subscriptionId: 'sub_1', signature })).toBe(
      false,
    );
    expect(
      subscriptionPaymentSignatureValid(secret, {
        paymentId: 'pay_1',
        subscriptionId: 'sub_1',
        signature: `${signature}00`,
      }),
    ).toBe(false);
    expect(
      subscriptionPaymentSignatureValid(secret, {
        paymentId: 'pay_1',
        subscriptionId: 'sub_1',
        signature: 'z'.repeat(64),
      }),
    ).toBe(false);
  });

  it('checks a webhook over the exact raw bytes', () => {
    const body = Buffer.from('{"event":"subscription.charged","created_at":1}');
    const signature = createHmac('sha256', 'whsec').update(body).digest('hex');
    expect(webhookSignatureValid('whsec', body, signature)).toBe(true);
    expect(
      webhookSignatureValid('whsec', Buffer.from('{"event": "subscription.charged","created_at":1}'), signature),
    ).toBe(false);
    expect(webhookSignatureValid('whsec', body, undefined)).toBe(false);
  });
});
