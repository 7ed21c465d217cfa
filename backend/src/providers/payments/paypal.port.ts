import type { Disableable } from '../disabled.js';
import type { PaidPlan } from '@chapterwise/shared';

export interface PaypalSubscription {
  id: string;
  /** PayPal's status: APPROVAL_PENDING, APPROVED, ACTIVE, SUSPENDED, CANCELLED, EXPIRED. */
  status: string;
  /** When the next cycle is billed: the end of the paid period. */
  nextBillingTime: Date | null;
}

/** The `PAYPAL-*` headers of a webhook delivery, as received. */
export interface PaypalWebhookHeaders {
  authAlgo?: string;
  certUrl?: string;
  transmissionId?: string;
  transmissionSig?: string;
  transmissionTime?: string;
}

/** PayPal Subscriptions (USD) over its REST API. Failures throw PaymentProviderError. */
export abstract class PaypalGateway implements Disableable {
  readonly disabledReason: string | null = null;

  /** Creates a subscription for the plan; the buyer approves it at `approveUrl`, then returns to `returnUrl`. */
  abstract createSubscription(input: {
    plan: PaidPlan;
    sessionId: string;
    userId: string;
    returnUrl: string;
    cancelUrl: string;
  }): Promise<PaypalSubscription & { approveUrl: string }>;

  abstract getSubscription(subscriptionId: string): Promise<PaypalSubscription>;

  /** Cancels at once: PayPal bills no more (the subscriber cancelled, or the account was deleted); a month already paid stays ours to honour. */
  abstract cancelSubscription(subscriptionId: string, reason: string): Promise<void>;

  /** Asks PayPal whether a webhook delivery is genuine, sending the body exactly as received; false without a webhook id. */
  abstract webhookSignatureValid(headers: PaypalWebhookHeaders, rawBody: Buffer): Promise<boolean>;
}
