import { randomBytes } from 'node:crypto';
import type { PaidPlan } from '@chapterwise/shared';
import { signSubscriptionPayment } from './razorpay-signatures.js';

export interface SandboxSubscription {
  provider: 'razorpay' | 'paypal';
  id: string;
  plan: PaidPlan;
  sessionId: string;
  /** In the provider's own vocabulary, so the real status mapping runs. */
  status: string;
  currentEnd: Date | null;
  returnUrl?: string;
  cancelUrl?: string;
}

export type SandboxApproval =
  | { provider: 'razorpay'; razorpay_payment_id: string; razorpay_subscription_id: string; razorpay_signature: string }
  | { provider: 'paypal'; redirect_url: string; sale_id: string };

export type SandboxDecline = { provider: 'razorpay' } | { provider: 'paypal'; redirect_url: string };

/**
 * Test mode (no provider keys, never in production): Razorpay and PayPal inside this process. Its signing
 * secret is made per instance, so no other process's signature verifies; a restart forgets its checkouts.
 */
/** The local test checkout page of a checkout session: a path on this server, so it opens on the host the dashboard is on. */
export function testCheckoutPath(sessionId: string): string {
  return `/api/payments/test-checkout/${encodeURIComponent(sessionId)}`;
}

export class PaymentSandbox {
  readonly secret = randomBytes(32).toString('hex');
  private readonly subscriptions = new Map<string, SandboxSubscription>();

  create(input: Omit<SandboxSubscription, 'id' | 'status' | 'currentEnd'>): SandboxSubscription {
    const id = input.provider === 'razorpay' ? `sub_test${randomId(10)}` : `I-TEST${randomId(10).toUpperCase()}`;
    const subscription: SandboxSubscription = {
      ...input,
      id,
      status: input.provider === 'razorpay' ? 'created' : 'APPROVAL_PENDING',
      currentEnd: null,
    };
    this.subscriptions.set(id, subscription);
    return subscription;
  }

  find(id: string): SandboxSubscription | undefined {
    const subscription = this.subscriptions.get(id);
    return subscription ? { ...subscription } : undefined;
  }

  /** The buyer approved: the first month is paid. Razorpay answers a signed checkout, PayPal a redirect. */
  approve(id: string, now = new Date()): SandboxApproval | undefined {
    const subscription = this.subscriptions.get(id);
    if (!subscription) return undefined;
    subscription.status = subscription.provider === 'razorpay' ? 'active' : 'ACTIVE';
    subscription.currentEnd = oneMonthAfter(now);
    if (subscription.provider === 'paypal') {
      return {
        provider: 'paypal',
        redirect_url: subscription.returnUrl ?? '',
        sale_id: `TESTSALE${randomId(10).toUpperCase()}`,
      };
    }
    const paymentId = `pay_test${randomId(10)}`;
    return {
      provider: 'razorpay',
      razorpay_payment_id: paymentId,
      razorpay_subscription_id: subscription.id,
      razorpay_signature: signSubscriptionPayment(this.secret, paymentId, subscription.id),
    };
  }

  /** Cancelled by the subscriber (the paid month runs out), or `now` when the account is deleted. */
  cancel(id: string, when: 'at_cycle_end' | 'now' = 'at_cycle_end'): SandboxSubscription | undefined {
    const subscription = this.subscriptions.get(id);
    if (!subscription) return undefined;
    if (subscription.provider === 'paypal') subscription.status = 'CANCELLED';
    else if (when === 'now') subscription.status = 'cancelled';
    return { ...subscription };
  }

  /** The buyer declined: nothing was paid. */
  decline(id: string): SandboxDecline | undefined {
    const subscription = this.subscriptions.get(id);
    if (!subscription) return undefined;
    if (subscription.provider === 'razorpay') return { provider: 'razorpay' };
    subscription.status = 'CANCELLED';
    return { provider: 'paypal', redirect_url: subscription.cancelUrl ?? '' };
  }
}

function randomId(length: number): string {
  return randomBytes(length).toString('base64url').replace(/[-_]/g, 'x').slice(0, length);
}

function oneMonthAfter(date: Date): Date {
  const next = new Date(date);
  next.setUTCMonth(next.getUTCMonth() + 1);
  return next;
}
