import type { SubscriptionEntity } from './subscription.entity.js';
import {
  entitlementAt,
  fromPaypalEvent,
  fromPaypalStatus,
  fromRazorpayEvent,
  grantsPlanAt,
  paymentStatusOf,
  RENEWAL_GRACE_MS,
} from './subscription-state.js';

type Source = Pick<SubscriptionEntity, 'plan' | 'status' | 'currentPeriodEnd'>;
const now = new Date('2026-03-15T12:00:00Z');
const days = (n: number) => new Date(now.getTime() + n * 24 * 3600_000);

describe('subscription state', () => {
  describe(grantsPlanAt.name, () => {
    it('grants a lapsed plan until the end of its paid period, and not after', () => {
      for (const status of ['cancelled', 'failed', 'expired'] as const) {
        expect(grantsPlanAt({ plan: 'pro', status, currentPeriodEnd: days(1) }, now)).toBe(true);
        expect(grantsPlanAt({ plan: 'pro', status, currentPeriodEnd: days(-1) }, now)).toBe(false);
      }
    });

    it('keeps an active plan through the renewal grace period, then lets it go', () => {
      const end = new Date(now.getTime() - RENEWAL_GRACE_MS + 60_000);
      expect(grantsPlanAt({ plan: 'pro', status: 'active', currentPeriodEnd: end }, now)).toBe(true);
      expect(grantsPlanAt({ plan: 'pro', status: 'past_due', currentPeriodEnd: days(-4) }, now)).toBe(false);
    });

    it('never grants an unpaid checkout or a subscription without a paid period', () => {
      expect(grantsPlanAt({ plan: 'premium', status: 'pending', currentPeriodEnd: days(30) }, now)).toBe(false);
      expect(grantsPlanAt({ plan: 'premium', status: 'active', currentPeriodEnd: null }, now)).toBe(false);
    });
  });

  describe(entitlementAt.name, () => {
    it('is free with no subscriptions', () => {
      expect(entitlementAt([], now)).toEqual({ plan: 'free', renewsAt: null });
    });

    it('takes the best plan granted, with its period end', () => {
      const subscriptions: Source[] = [
        { plan: 'pro', status: 'active', currentPeriodEnd: days(20) },
        { plan: 'premium', status: 'cancelled', currentPeriodEnd: days(5) },
        { plan: 'premium', status: 'expired', currentPeriodEnd: days(-2) },
      ];
      expect(entitlementAt(subscriptions, now)).toEqual({ plan: 'premium', renewsAt: days(5) });
      expect(entitlementAt(subscriptions, days(6))).toEqual({ plan: 'pro', renewsAt: days(20) });
    });

    it('reports the later period end when two subscriptions grant the same plan', () => {
      const subscriptions: Source[] = [
        { plan: 'pro', status: 'cancelled', currentPeriodEnd: days(3) },
        { plan: 'pro', status: 'active', currentPeriodEnd: days(25) },
      ];
      expect(entitlementAt(subscriptions, now).renewsAt).toEqual(days(25));
    });
  });

  it('maps Razorpay lifecycle events, and ignores events that change nothing', () => {
    expect(fromRazorpayEvent('subscription.activated')).toBe('active');
    expect(fromRazorpayEvent('subscription.charged')).toBe('active');
    expect(fromRazorpayEvent('subscription.pending')).toBe('past_due');
    expect(fromRazorpayEvent('subscription.halted')).toBe('failed');
    expect(fromRazorpayEvent('subscription.cancelled')).toBe('cancelled');
    expect(fromRazorpayEvent('subscription.completed')).toBe('expired');
    expect(fromRazorpayEvent('subscription.expired')).toBe('expired');
    expect(fromRazorpayEvent('subscription.authenticated')).toBeUndefined();
    expect(fromRazorpayEvent('payment.captured')).toBeUndefined();
  });

  it('maps PayPal statuses to the payment status the spec names', () => {
    const reported = (status: string) => paymentStatusOf(fromPaypalStatus(status)!);
    expect(reported('ACTIVE')).toBe('paid');
    expect(reported('APPROVAL_PENDING')).toBe('pending');
    expect(reported('APPROVED')).toBe('pending');
    expect(reported('EXPIRED')).toBe('expired');
    expect(reported('CANCELLED')).toBe('failed');
    expect(reported('SUSPENDED')).toBe('failed');
    expect(fromPaypalStatus('SOMETHING_NEW')).toBeUndefined();
  });

  it('follows the resource status on a PayPal UPDATED event', () => {
    expect(fromPaypalEvent('BILLING.SUBSCRIPTION.UPDATED', 'SUSPENDED')).toBe('failed');
    expect(fromPaypalEvent('BILLING.SUBSCRIPTION.CANCELLED', 'ACTIVE')).toBe('cancelled');
    expect(fromPaypalEvent('CHECKOUT.ORDER.APPROVED', 'APPROVED')).toBeUndefined();
  });
});
