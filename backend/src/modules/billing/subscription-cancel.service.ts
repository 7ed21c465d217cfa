import { Injectable, Logger } from '@nestjs/common';
import type { CancelSubscriptionResponse } from '@chapterwise/shared';
import { AppError } from '../../common/app-error.js';
import { PaymentProviderError, SubscriptionNotFoundError } from '../../providers/payments/payment-provider.error.js';
import { PaypalGateway } from '../../providers/payments/paypal.port.js';
import { RazorpayGateway } from '../../providers/payments/razorpay.port.js';
import type { UserEntity } from '../users/user.entity.js';
import { billingErrors } from './billing-errors.js';
import { EntitlementService } from './entitlement.service.js';
import type { SubscriptionEntity } from './subscription.entity.js';
import { SubscriptionRepository } from './subscription.repository.js';
import { grantsPlanAt } from './subscription-state.js';

export const NOTHING_TO_CANCEL = 'You have no subscription that renews.';

/**
 * Cancels the owner's renewing subscriptions with their provider, effective at the end of the period
 * already paid: the plan stays until then, and the sweeper (or the provider's verified webhook) returns
 * it to free afterwards.
 */
@Injectable()
export class SubscriptionCancelService {
  private readonly logger = new Logger(SubscriptionCancelService.name);

  constructor(
    private readonly subscriptions: SubscriptionRepository,
    private readonly entitlements: EntitlementService,
    private readonly razorpay: RazorpayGateway,
    private readonly paypal: PaypalGateway,
  ) {}

  async cancel(user: Pick<UserEntity, 'id'>, now = new Date()): Promise<CancelSubscriptionResponse> {
    const renewing = (await this.subscriptions.findAllForUser(user.id)).filter(
      (subscription) =>
        (subscription.status === 'active' || subscription.status === 'past_due') && grantsPlanAt(subscription, now),
    );
    if (renewing.length === 0) throw AppError.conflict(NOTHING_TO_CANCEL);
    for (const subscription of renewing) {
      await this.cancelWithProvider(subscription);
      await this.entitlements.applyVerifiedState(subscription, { status: 'cancelled' });
    }
    const entitlement = await this.entitlements.recompute(user.id, now);
    return { plan: entitlement.plan, ends_at: entitlement.renewsAt?.toISOString() ?? null };
  }

  private async cancelWithProvider(subscription: SubscriptionEntity): Promise<void> {
    try {
      if (subscription.provider === 'razorpay') await this.razorpay.cancelSubscription(subscription.providerRef);
      else await this.paypal.cancelSubscription(subscription.providerRef, 'Cancelled by the subscriber');
    } catch (error) {
      // A subscription the provider no longer has is already cancelled: nothing there can charge again.
      if (error instanceof SubscriptionNotFoundError) {
        this.logger.warn(`${error.message}: recorded as cancelled`);
        return;
      }
      if (!(error instanceof PaymentProviderError)) throw error;
      this.logger.warn(error.message);
      throw billingErrors.providerUnavailable();
    }
  }
}
