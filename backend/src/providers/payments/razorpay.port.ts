import type { Disableable } from '../disabled.js';
import type { PaidPlan } from '@chapterwise/shared';

export interface RazorpaySubscription {
  id: string;
  /** Razorpay's status: created, authenticated, active, pending, halted, cancelled, completed, expired, paused. */
  status: string;
  /** End of the paid cycle, when Razorpay has started one. */
  currentEnd: Date | null;
  /** Test mode only: the local checkout page that replaces Razorpay Checkout. */
  testCheckoutUrl?: string;
}

/**
 * Razorpay Subscriptions (INR). Subscriptions are created and read through the provider; checkout and
 * webhook signatures are checked locally in constant time. Failures throw PaymentProviderError.
 */
/** When a cancelled subscription ends. */
export type CancelTiming = 'at_cycle_end' | 'now';

export abstract class RazorpayGateway implements Disableable {
  readonly disabledReason: string | null = null;

  /** The public key id Razorpay Checkout opens with. */
  abstract readonly keyId: string;

  /** Creates a monthly subscription for the plan; `notes` are stored on it at Razorpay. */
  abstract createSubscription(input: {
    plan: PaidPlan;
    sessionId: string;
    notes: Record<string, string>;
  }): Promise<RazorpaySubscription>;

  abstract fetchSubscription(subscriptionId: string): Promise<RazorpaySubscription>;

  /**
   * Cancels a subscription: at the end of the paid cycle (`cancel_at_cycle_end: 1`, the plan runs until
   * then) when the subscriber cancels, or at once (no further charge) when the account is deleted.
   */
  abstract cancelSubscription(subscriptionId: string, when?: CancelTiming): Promise<RazorpaySubscription>;

  /** Checkout's `razorpay_signature`: HMAC-SHA256 of `payment_id|subscription_id` with the key secret. */
  abstract paymentSignatureValid(input: { paymentId: string; subscriptionId: string; signature: string }): boolean;

  /** `X-Razorpay-Signature`: HMAC-SHA256 of the raw body with the webhook secret; false when none is configured. */
  abstract webhookSignatureValid(rawBody: Buffer, signature: string | undefined): boolean;
}
