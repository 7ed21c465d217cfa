import type { PaidPlan } from '@chapterwise/shared';
import { testCheckoutPath, type PaymentSandbox } from './payment-sandbox.js';
import { SubscriptionNotFoundError } from './payment-provider.error.js';
import { subscriptionPaymentSignatureValid } from './razorpay-signatures.js';
import { RazorpayGateway, type CancelTiming, type RazorpaySubscription } from './razorpay.port.js';

/** Test mode: subscriptions live in the sandbox and are paid on the local test checkout page. */
export class SandboxRazorpayGateway extends RazorpayGateway {
  readonly keyId = 'rzp_test_mode_local';

  constructor(private readonly sandbox: PaymentSandbox) {
    super();
  }

  createSubscription(input: { plan: PaidPlan; sessionId: string }): Promise<RazorpaySubscription> {
    const created = this.sandbox.create({ provider: 'razorpay', plan: input.plan, sessionId: input.sessionId });
    return Promise.resolve({
      id: created.id,
      status: created.status,
      currentEnd: created.currentEnd,
      testCheckoutUrl: testCheckoutPath(input.sessionId),
    });
  }

  fetchSubscription(subscriptionId: string): Promise<RazorpaySubscription> {
    const found = this.sandbox.find(subscriptionId);
    if (!found || found.provider !== 'razorpay') {
      return Promise.reject(new SubscriptionNotFoundError('razorpay', subscriptionId, 400));
    }
    return Promise.resolve({ id: found.id, status: found.status, currentEnd: found.currentEnd });
  }

  cancelSubscription(subscriptionId: string, when: CancelTiming = 'at_cycle_end'): Promise<RazorpaySubscription> {
    const found = this.sandbox.cancel(subscriptionId, when);
    if (!found || found.provider !== 'razorpay') {
      return Promise.reject(new SubscriptionNotFoundError('razorpay', subscriptionId, 400));
    }
    return Promise.resolve({ id: found.id, status: found.status, currentEnd: found.currentEnd });
  }

  paymentSignatureValid(input: { paymentId: string; subscriptionId: string; signature: string }): boolean {
    return subscriptionPaymentSignatureValid(this.sandbox.secret, input);
  }

  // Test mode has no webhooks: Razorpay never calls a local server.
  webhookSignatureValid(): boolean {
    return false;
  }
}
