import { Injectable, Logger } from '@nestjs/common';
import {
  PLAN_NAMES,
  type PaidPlan,
  type PaymentResult,
  type RazorpaySubscriptionResponse,
  type RazorpayVerifyRequest,
} from '@chapterwise/shared';
import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import { AppError } from '../../common/app-error.js';
import { AppConfig } from '../../config/app-config.js';
import { PaymentProviderError } from '../../providers/payments/payment-provider.error.js';
import { RazorpayGateway } from '../../providers/payments/razorpay.port.js';
import type { UserEntity } from '../users/user.entity.js';
import { UserRepository } from '../users/user.repository.js';
import { BILLING_DETAILS, billingErrors } from './billing-errors.js';
import { EntitlementService } from './entitlement.service.js';
import { ReceiptsService } from './receipts.service.js';
import { SubscriptionRepository } from './subscription.repository.js';
import { fromRazorpayEvent } from './subscription-state.js';
import { WebhookDeduplicator } from './webhook-deduplicator.js';
import { parseJsonBody, type WebhookOutcome } from './webhook-payload.js';

const WebhookSchema = z.object({
  id: z.string().optional(),
  event: z.string(),
  created_at: z.number().optional(),
  payload: z
    .object({
      subscription: z.object({ entity: z.object({ id: z.string(), current_end: z.number().nullish() }) }).optional(),
      payment: z
        .object({
          entity: z.object({
            id: z.string(),
            amount: z.number().int().optional(),
            currency: z.string().optional(),
            created_at: z.number().optional(),
          }),
        })
        .optional(),
      refund: z.object({ entity: z.object({ payment_id: z.string() }) }).optional(),
    })
    .optional(),
});

@Injectable()
export class RazorpayBillingService {
  private readonly logger = new Logger(RazorpayBillingService.name);

  constructor(
    private readonly config: AppConfig,
    private readonly razorpay: RazorpayGateway,
    private readonly subscriptions: SubscriptionRepository,
    private readonly entitlements: EntitlementService,
    private readonly users: UserRepository,
    private readonly webhookEvents: WebhookDeduplicator,
    private readonly receipts: ReceiptsService,
  ) {}

  async createSubscription(user: UserEntity, plan: PaidPlan): Promise<RazorpaySubscriptionResponse> {
    if (this.config.payments.razorpay.mode === 'off') throw new AppError('UNAVAILABLE', BILLING_DETAILS.inrNotOffered);
    await this.entitlements.assertUpgrade(user, plan);
    const sessionId = randomBytes(24).toString('base64url');
    const created = await this.provider(() =>
      this.razorpay.createSubscription({ plan, sessionId, notes: { user_id: user.id, plan, session_id: sessionId } }),
    );
    await this.subscriptions.createPending({
      userId: user.id,
      provider: 'razorpay',
      providerRef: created.id,
      plan,
      currency: 'inr',
      amountMinor: Math.round(this.config.payments.inrPrices[plan] * 100),
      sessionId,
    });
    return {
      razorpay_key: this.razorpay.keyId,
      subscription_id: created.id,
      plan_name: PLAN_NAMES[plan],
      name: user.name,
      email: user.email,
      ...(created.testCheckoutUrl ? { test_checkout_url: created.testCheckoutUrl } : {}),
    };
  }

  /** Checkout's handler result: trusted only when signed for the subscription this user created (PAY-1). */
  async verify(user: UserEntity, input: RazorpayVerifyRequest): Promise<PaymentResult> {
    const subscription = await this.subscriptions.findOwnedByProviderRef(
      user.id,
      'razorpay',
      input.razorpay_subscription_id,
    );
    if (!subscription) throw AppError.notFound();
    const signed = this.razorpay.paymentSignatureValid({
      paymentId: input.razorpay_payment_id,
      subscriptionId: subscription.providerRef,
      signature: input.razorpay_signature,
    });
    if (!signed) throw billingErrors.verificationFailed();
    // A genuine but old checkout result must not bring an ended subscription back.
    if (['cancelled', 'failed', 'expired'].includes(subscription.status))
      throw AppError.validation(BILLING_DETAILS.subscriptionEnded);
    if (subscription.status === 'pending') {
      await this.entitlements.applyVerifiedState(subscription, {
        status: 'active',
        currentPeriodEnd: await this.paidPeriodEnd(subscription.providerRef),
      });
    }
    // The signed payment is the first charge; its subscription.charged webhook then adds nothing.
    await this.receipts.recordCharge(subscription, { chargeRef: input.razorpay_payment_id, chargedAt: new Date() });
    const owner = (await this.users.findById(user.id)) ?? user;
    return { status: 'success', plan: await this.entitlements.currentPlan(owner) };
  }

  /** A Razorpay webhook, verified over the raw body and handled at most once per event id (PAY-2). */
  async handleWebhook(
    rawBody: Buffer | undefined,
    signature: string | undefined,
    eventIdHeader: string | undefined,
  ): Promise<WebhookOutcome> {
    if (!rawBody || !this.razorpay.webhookSignatureValid(rawBody, signature)) throw billingErrors.invalidWebhook();
    const parsed = WebhookSchema.safeParse(parseJsonBody(rawBody));
    if (!parsed.success) throw AppError.validation('Unrecognised webhook payload');
    const event = parsed.data;
    const eventId = eventIdHeader || event.id || createHash('sha256').update(rawBody).digest('hex');
    return this.webhookEvents.once('razorpay', eventId, async () => {
      const refunded = event.payload?.refund?.entity.payment_id;
      if (event.event === 'refund.processed' && refunded) {
        return (await this.receipts.recordRefund('razorpay', refunded)) ? 'applied' : 'ignored';
      }
      const status = fromRazorpayEvent(event.event);
      const entity = event.payload?.subscription?.entity;
      if (!status || !entity) return 'ignored';
      const subscription = await this.subscriptions.findByProviderRef('razorpay', entity.id);
      if (!subscription) {
        this.logger.warn(`Razorpay ${event.event} for unknown subscription ${entity.id}`);
        return 'ignored';
      }
      const eventAt = event.created_at ? new Date(event.created_at * 1000) : new Date();
      const payment = event.payload?.payment?.entity;
      // A late charge event is still a charge, even when a newer state already applied.
      if (event.event === 'subscription.charged' && payment) {
        await this.receipts.recordCharge(subscription, {
          chargeRef: payment.id,
          amountMinor: payment.amount,
          currency: payment.currency,
          chargedAt: payment.created_at ? new Date(payment.created_at * 1000) : eventAt,
        });
      }
      const currentPeriodEnd = entity.current_end ? new Date(entity.current_end * 1000) : undefined;
      const applied = await this.entitlements.applyVerifiedState(subscription, { status, currentPeriodEnd }, eventAt);
      return applied ? 'applied' : 'stale';
    });
  }

  // The signature proves the first payment; the provider knows when the paid cycle ends.
  private async paidPeriodEnd(subscriptionId: string): Promise<Date> {
    try {
      const current = await this.razorpay.fetchSubscription(subscriptionId);
      if (current.currentEnd && current.currentEnd.getTime() > Date.now()) return current.currentEnd;
    } catch (error) {
      this.logger.warn(
        `Fetching subscription ${subscriptionId} after checkout: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    const monthLater = new Date();
    monthLater.setUTCMonth(monthLater.getUTCMonth() + 1);
    return monthLater;
  }

  private async provider<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (!(error instanceof PaymentProviderError)) throw error;
      this.logger.warn(error.message);
      throw billingErrors.providerUnavailable();
    }
  }
}
