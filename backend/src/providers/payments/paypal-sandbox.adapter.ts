import type { PaidPlan } from '@chapterwise/shared';
import { testCheckoutPath, type PaymentSandbox } from './payment-sandbox.js';
import { SubscriptionNotFoundError } from './payment-provider.error.js';
import { PaypalGateway, type PaypalSubscription } from './paypal.port.js';

/** Test mode: the approve link opens the local test checkout page instead of PayPal. */
export class SandboxPaypalGateway extends PaypalGateway {
  constructor(private readonly sandbox: PaymentSandbox) {
    super();
  }

  createSubscription(input: {
    plan: PaidPlan;
    sessionId: string;
    returnUrl: string;
    cancelUrl: string;
  }): Promise<PaypalSubscription & { approveUrl: string }> {
    const created = this.sandbox.create({ provider: 'paypal', ...input });
    return Promise.resolve({
      id: created.id,
      status: created.status,
      nextBillingTime: created.currentEnd,
      approveUrl: testCheckoutPath(input.sessionId),
    });
  }

  getSubscription(subscriptionId: string): Promise<PaypalSubscription> {
    const found = this.sandbox.find(subscriptionId);
    if (!found || found.provider !== 'paypal') {
      return Promise.reject(new SubscriptionNotFoundError('paypal', subscriptionId, 404));
    }
    return Promise.resolve({ id: found.id, status: found.status, nextBillingTime: found.currentEnd });
  }

  cancelSubscription(subscriptionId: string): Promise<void> {
    const found = this.sandbox.cancel(subscriptionId);
    if (!found || found.provider !== 'paypal') {
      return Promise.reject(new SubscriptionNotFoundError('paypal', subscriptionId, 404));
    }
    return Promise.resolve();
  }

  // Test mode has no webhooks: PayPal never calls a local server.
  webhookSignatureValid(): Promise<boolean> {
    return Promise.resolve(false);
  }
}
