import { Injectable, Logger } from '@nestjs/common';
import { PRICES_USD, type PaidPlan, type PaypalSubscriptionResponse } from '@chapterwise/shared';
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { AppError } from '../../common/app-error.js';
import { AppConfig } from '../../config/app-config.js';
import { PaymentProviderError } from '../../providers/payments/payment-provider.error.js';
import { PaypalGateway, type PaypalWebhookHeaders } from '../../providers/payments/paypal.port.js';
import type { UserEntity } from '../users/user.entity.js';
import { BILLING_DETAILS, billingErrors } from './billing-errors.js';
import { EntitlementService } from './entitlement.service.js';
import { ReceiptsService } from './receipts.service.js';
import { SubscriptionRefreshService } from './subscription-refresh.service.js';
import { SubscriptionRepository } from './subscription.repository.js';
import { fromPaypalEvent } from './subscription-state.js';
import { WebhookDeduplicator } from './webhook-deduplicator.js';
import { parseJsonBody, type WebhookOutcome } from './webhook-payload.js';

const WebhookSchema = z.object({
  id: z.string(),
  event_type: z.string(),
  create_time: z.string().optional(),
  resource: z
    .object({
      id: z.string().optional(),
      status: z.string().optional(),
      billing_agreement_id: z.string().optional(),
      sale_id: z.string().optional(),
      create_time: z.string().optional(),
      amount: z.object({ total: z.string(), currency: z.string() }).optional(),
      billing_info: z.object({ next_billing_time: z.string().optional() }).optional(),
    })
    .optional(),
});

@Injectable()
export class PaypalBillingService {
  private readonly logger = new Logger(PaypalBillingService.name);

  constructor(
    private readonly config: AppConfig,
    private readonly paypal: PaypalGateway,
    private readonly subscriptions: SubscriptionRepository,
    private readonly entitlements: EntitlementService,
    private readonly refresher: SubscriptionRefreshService,
    private readonly webhookEvents: WebhookDeduplicator,
    private readonly receipts: ReceiptsService,
  ) {}

  async createSubscription(user: UserEntity, plan: PaidPlan): Promise<PaypalSubscriptionResponse> {
    if (this.config.payments.paypal.mode === 'off') throw new AppError('UNAVAILABLE', BILLING_DETAILS.usdNotOffered);
    await this.entitlements.assertUpgrade(user, plan);
    const sessionId = randomBytes(24).toString('base64url');
    let created;
    try {
      created = await this.paypal.createSubscription({
        plan,
        sessionId,
        userId: user.id,
        returnUrl: `${this.config.appUrl}/payment-success?session_id=${sessionId}`,
        cancelUrl: `${this.config.appUrl}/pricing`,
      });
    } catch (error) {
      if (!(error instanceof PaymentProviderError)) throw error;
      this.logger.warn(error.message);
      throw billingErrors.providerUnavailable();
    }
    await this.subscriptions.createPending({
      userId: user.id,
      provider: 'paypal',
      providerRef: created.id,
      plan,
      currency: 'usd',
      amountMinor: Math.round(PRICES_USD[plan] * 100),
      sessionId,
    });
    return { approve_url: created.approveUrl, session_id: sessionId };
  }

  /** A PayPal webhook, verified by PayPal over the body exactly as received, once per event id (PAY-2). */
  async handleWebhook(rawBody: Buffer | undefined, headers: PaypalWebhookHeaders): Promise<WebhookOutcome> {
    if (!rawBody) throw billingErrors.invalidWebhook();
    let genuine: boolean;
    try {
      genuine = await this.paypal.webhookSignatureValid(headers, rawBody);
    } catch (error) {
      // PayPal could not say: answer 503 so it delivers again later.
      if (!(error instanceof PaymentProviderError)) throw error;
      this.logger.warn(`Webhook verification: ${error.message}`);
      throw billingErrors.providerUnavailable();
    }
    if (!genuine) throw billingErrors.invalidWebhook();
    const parsed = WebhookSchema.safeParse(parseJsonBody(rawBody));
    if (!parsed.success) throw AppError.validation('Unrecognised webhook payload');
    const event = parsed.data;
    return this.webhookEvents.once('paypal', event.id, async () => {
      if (event.event_type === 'PAYMENT.SALE.COMPLETED') return this.salePaid(event.resource);
      if (event.event_type === 'PAYMENT.SALE.REFUNDED' && event.resource?.sale_id) {
        return (await this.receipts.recordRefund('paypal', event.resource.sale_id)) ? 'applied' : 'ignored';
      }
      const status = fromPaypalEvent(event.event_type, event.resource?.status);
      const subscriptionId = event.resource?.id;
      if (!status || !subscriptionId || !event.event_type.startsWith('BILLING.SUBSCRIPTION.')) return 'ignored';
      const subscription = await this.subscriptions.findByProviderRef('paypal', subscriptionId);
      if (!subscription) {
        this.logger.warn(`PayPal ${event.event_type} for unknown subscription ${subscriptionId}`);
        return 'ignored';
      }
      const next = event.resource?.billing_info?.next_billing_time;
      const eventAt = event.create_time ? new Date(event.create_time) : new Date();
      const applied = await this.entitlements.applyVerifiedState(
        subscription,
        { status, currentPeriodEnd: next ? new Date(next) : undefined },
        Number.isNaN(eventAt.getTime()) ? new Date() : eventAt,
      );
      return applied ? 'applied' : 'stale';
    });
  }

  // Every charge, the first included, is a completed sale. It carries no period end: PayPal is asked
  // after answering, so the webhook stays fast; should that fail, the renewal check asks again.
  private async salePaid(sale: z.infer<typeof WebhookSchema>['resource']): Promise<WebhookOutcome> {
    const subscriptionId = sale?.billing_agreement_id;
    const subscription = subscriptionId ? await this.subscriptions.findByProviderRef('paypal', subscriptionId) : null;
    if (!subscription || !sale?.id) return 'ignored';
    await this.receipts.recordCharge(subscription, {
      chargeRef: sale.id,
      amountMinor: sale.amount ? Math.round(Number(sale.amount.total) * 100) : undefined,
      currency: sale.amount?.currency,
      chargedAt: sale.create_time ? new Date(sale.create_time) : new Date(),
    });
    this.refresher.refresh(subscription).catch((error: unknown) => {
      this.logger.warn(
        `Renewal of ${subscription.providerRef}: ${error instanceof Error ? error.message : String(error)}`,
      );
    });
    return 'applied';
  }
}
