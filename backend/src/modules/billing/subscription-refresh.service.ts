import { Injectable, Logger } from '@nestjs/common';
import type { PaymentStatusResponse } from '@chapterwise/shared';
import { AppError } from '../../common/app-error.js';
import { PaymentProviderError } from '../../providers/payments/payment-provider.error.js';
import { PaypalGateway } from '../../providers/payments/paypal.port.js';
import { RazorpayGateway } from '../../providers/payments/razorpay.port.js';
import type { UserEntity } from '../users/user.entity.js';
import { UserRepository } from '../users/user.repository.js';
import { billingErrors } from './billing-errors.js';
import { EntitlementService } from './entitlement.service.js';
import type { SubscriptionEntity, SubscriptionStatus } from './subscription.entity.js';
import { SubscriptionRepository } from './subscription.repository.js';
import { fromPaypalStatus, fromRazorpayStatus, paymentStatusOf } from './subscription-state.js';

/** Asks the provider for a subscription's state and records it: the status endpoint and renewals use this. */
@Injectable()
export class SubscriptionRefreshService {
  private readonly logger = new Logger(SubscriptionRefreshService.name);

  constructor(
    private readonly razorpay: RazorpayGateway,
    private readonly paypal: PaypalGateway,
    private readonly subscriptions: SubscriptionRepository,
    private readonly entitlements: EntitlementService,
    private readonly users: UserRepository,
  ) {}

  /** GET /payments/status/{session_id}: the owner's checkout, as the provider reports it now. */
  async status(user: UserEntity, sessionId: string): Promise<PaymentStatusResponse> {
    const subscription =
      sessionId.length <= 64 ? await this.subscriptions.findOwnedBySession(user.id, sessionId) : null;
    if (!subscription) throw AppError.notFound();
    let status: SubscriptionStatus;
    try {
      status = await this.refresh(subscription);
    } catch (error) {
      if (error instanceof PaymentProviderError) {
        this.logger.warn(`Status of subscription ${subscription.id}: ${error.message}`);
        throw billingErrors.providerUnavailable();
      }
      throw error;
    }
    const owner = (await this.users.findById(user.id)) ?? user;
    const paymentStatus = paymentStatusOf(status);
    return { payment_status: paymentStatus, status: paymentStatus, plan: await this.entitlements.currentPlan(owner) };
  }

  /** Records the provider's current state of a subscription and returns our status for it. */
  async refresh(subscription: SubscriptionEntity): Promise<SubscriptionStatus> {
    const state =
      subscription.provider === 'razorpay'
        ? await this.razorpay.fetchSubscription(subscription.providerRef).then((found) => ({
            status: fromRazorpayStatus(found.status),
            currentPeriodEnd: found.currentEnd,
          }))
        : await this.paypal.getSubscription(subscription.providerRef).then((found) => ({
            status: fromPaypalStatus(found.status),
            currentPeriodEnd: found.nextBillingTime,
          }));
    // "Not charged yet" at the provider never undoes a payment we already verified.
    if (!state.status || (state.status === 'pending' && subscription.status !== 'pending')) return subscription.status;
    await this.entitlements.applyVerifiedState(subscription, {
      status: state.status,
      currentPeriodEnd: state.currentPeriodEnd,
    });
    return state.status;
  }

  /** Asks about every paying subscription whose period has ended, then settles plans whose period is over. */
  async settleRenewals(now = new Date()): Promise<{ refreshed: number; failed: number; downgraded: number }> {
    let refreshed = 0;
    let failed = 0;
    for (const subscription of await this.subscriptions.findRenewalsDue(now)) {
      try {
        await this.refresh(subscription);
        refreshed += 1;
      } catch (error) {
        failed += 1;
        this.logger.warn(
          `Renewal check of subscription ${subscription.id}: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    }
    const downgraded = await this.entitlements.settleEndedPeriods(now);
    return { refreshed, failed, downgraded };
  }
}
