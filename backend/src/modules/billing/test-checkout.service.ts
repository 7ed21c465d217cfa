import { Injectable } from '@nestjs/common';
import { PLAN_NAMES, PRICES_USD } from '@chapterwise/shared';
import { AppError } from '../../common/app-error.js';
import { AppConfig } from '../../config/app-config.js';
import { PaymentSandbox, type SandboxApproval, type SandboxDecline } from '../../providers/payments/payment-sandbox.js';
import { BILLING_DETAILS } from './billing-errors.js';
import type { PaymentProvider } from './subscription.entity.js';
import { ReceiptsService } from './receipts.service.js';
import { SubscriptionRepository } from './subscription.repository.js';

/** What the test checkout page is answered: PayPal's sale stays ours. */
export type CheckoutApproval =
  | Extract<SandboxApproval, { provider: 'razorpay' }>
  | Omit<Extract<SandboxApproval, { provider: 'paypal' }>, 'sale_id'>;

export interface TestCheckoutView {
  sessionId: string;
  provider: PaymentProvider;
  planName: string;
  price: string;
}

/**
 * The local stand-in for Razorpay Checkout and PayPal's approval page in test mode (PAY-4): reachable
 * only for a checkout of a provider running in test mode, and never in production.
 */
@Injectable()
export class TestCheckoutService {
  constructor(
    private readonly config: AppConfig,
    private readonly subscriptions: SubscriptionRepository,
    private readonly sandbox: PaymentSandbox,
    private readonly receipts: ReceiptsService,
  ) {}

  get available(): boolean {
    const { razorpay, paypal } = this.config.payments;
    return !this.config.isProduction && (razorpay.mode === 'test' || paypal.mode === 'test');
  }

  async view(sessionId: string): Promise<TestCheckoutView> {
    const { subscription } = await this.open(sessionId);
    const price =
      subscription.currency === 'inr'
        ? `₹${this.config.payments.inrPrices[subscription.plan]} / month`
        : `$${PRICES_USD[subscription.plan].toFixed(2)} / month`;
    return {
      sessionId,
      provider: subscription.provider,
      planName: PLAN_NAMES[subscription.plan],
      price,
    };
  }

  async approve(sessionId: string): Promise<CheckoutApproval> {
    const { subscription } = await this.open(sessionId);
    const approval = this.sandbox.approve(subscription.providerRef);
    if (!approval) throw AppError.notFound(BILLING_DETAILS.testCheckoutGone);
    // Test mode has no webhooks: the sale PayPal would report as PAYMENT.SALE.COMPLETED is recorded here.
    if (approval.provider === 'paypal') {
      const { sale_id: saleId, ...redirect } = approval;
      await this.receipts.recordCharge(subscription, { chargeRef: saleId, chargedAt: new Date() });
      return redirect;
    }
    return approval;
  }

  async decline(sessionId: string): Promise<SandboxDecline> {
    const { subscription } = await this.open(sessionId);
    const decline = this.sandbox.decline(subscription.providerRef);
    if (!decline) throw AppError.notFound(BILLING_DETAILS.testCheckoutGone);
    return decline;
  }

  private async open(sessionId: string) {
    if (!this.available || sessionId.length > 64) throw AppError.notFound();
    const subscription = await this.subscriptions.findBySession(sessionId);
    if (!subscription || this.config.payments[subscription.provider].mode !== 'test') throw AppError.notFound();
    if (!this.sandbox.find(subscription.providerRef)) throw AppError.notFound(BILLING_DETAILS.testCheckoutGone);
    return { subscription };
  }
}
