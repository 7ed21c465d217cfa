import { PLANS, type PaymentStatusResponse, type Plan } from '@chapterwise/shared';
import type { SubscriptionEntity, SubscriptionStatus } from './subscription.entity.js';

// An active subscription whose renewal we have not heard of yet keeps its plan this long past the period end.
export const RENEWAL_GRACE_MS = 3 * 24 * 60 * 60 * 1000;

export interface Entitlement {
  plan: Plan;
  /** End of the paid period behind the plan; null on free. */
  renewsAt: Date | null;
}

type EntitlementSource = Pick<SubscriptionEntity, 'plan' | 'status' | 'currentPeriodEnd'>;

/** Whether a subscription grants its plan at `now`. A lapsed one still does until its period ends. */
export function grantsPlanAt(subscription: EntitlementSource, now: Date): boolean {
  const end = subscription.currentPeriodEnd?.getTime();
  if (end === undefined) return false;
  switch (subscription.status) {
    case 'active':
    case 'past_due':
      return now.getTime() < end + RENEWAL_GRACE_MS;
    case 'cancelled':
    case 'failed':
    case 'expired':
      return now.getTime() < end;
    case 'pending':
      return false;
  }
}

/** The best plan any of the user's subscriptions grants at `now`; free when none does. */
export function entitlementAt(subscriptions: EntitlementSource[], now: Date): Entitlement {
  let best: Entitlement = { plan: 'free', renewsAt: null };
  for (const subscription of subscriptions) {
    if (!grantsPlanAt(subscription, now)) continue;
    const better = PLANS.indexOf(subscription.plan) > PLANS.indexOf(best.plan);
    const sameButLonger =
      subscription.plan === best.plan &&
      (subscription.currentPeriodEnd?.getTime() ?? 0) > (best.renewsAt?.getTime() ?? 0);
    if (better || sameButLonger) best = { plan: subscription.plan, renewsAt: subscription.currentPeriodEnd };
  }
  return best;
}

const RAZORPAY_STATUSES: Record<string, SubscriptionStatus> = {
  created: 'pending',
  authenticated: 'pending',
  active: 'active',
  pending: 'past_due',
  halted: 'failed',
  paused: 'failed',
  cancelled: 'cancelled',
  completed: 'expired',
  expired: 'expired',
};

/** Our status for a Razorpay subscription status; undefined for one we do not know. */
export function fromRazorpayStatus(status: string): SubscriptionStatus | undefined {
  return RAZORPAY_STATUSES[status];
}

const RAZORPAY_EVENTS: Record<string, SubscriptionStatus> = {
  'subscription.activated': 'active',
  'subscription.charged': 'active',
  'subscription.resumed': 'active',
  'subscription.pending': 'past_due',
  'subscription.halted': 'failed',
  'subscription.paused': 'failed',
  'subscription.cancelled': 'cancelled',
  'subscription.completed': 'expired',
  'subscription.expired': 'expired',
};

/** The status a Razorpay subscription webhook event moves to; undefined for events that change nothing. */
export function fromRazorpayEvent(event: string): SubscriptionStatus | undefined {
  return RAZORPAY_EVENTS[event];
}

const PAYPAL_STATUSES: Record<string, SubscriptionStatus> = {
  APPROVAL_PENDING: 'pending',
  APPROVED: 'pending',
  ACTIVE: 'active',
  SUSPENDED: 'failed',
  CANCELLED: 'cancelled',
  EXPIRED: 'expired',
};

export function fromPaypalStatus(status: string): SubscriptionStatus | undefined {
  return PAYPAL_STATUSES[status];
}

const PAYPAL_EVENTS: Record<string, SubscriptionStatus> = {
  'BILLING.SUBSCRIPTION.ACTIVATED': 'active',
  'BILLING.SUBSCRIPTION.RE-ACTIVATED': 'active',
  'BILLING.SUBSCRIPTION.PAYMENT.FAILED': 'past_due',
  'BILLING.SUBSCRIPTION.SUSPENDED': 'failed',
  'BILLING.SUBSCRIPTION.CANCELLED': 'cancelled',
  'BILLING.SUBSCRIPTION.EXPIRED': 'expired',
};

/** The status a PayPal subscription event moves to; `UPDATED` follows the resource's own status. */
export function fromPaypalEvent(eventType: string, resourceStatus: string | undefined): SubscriptionStatus | undefined {
  if (eventType === 'BILLING.SUBSCRIPTION.UPDATED')
    return resourceStatus ? fromPaypalStatus(resourceStatus) : undefined;
  return PAYPAL_EVENTS[eventType];
}

/** What the payment status endpoint reports for a subscription. */
export function paymentStatusOf(status: SubscriptionStatus): PaymentStatusResponse['status'] {
  switch (status) {
    case 'active':
    case 'past_due':
      return 'paid';
    case 'pending':
      return 'pending';
    case 'expired':
      return 'expired';
    case 'cancelled':
    case 'failed':
      return 'failed';
  }
}
