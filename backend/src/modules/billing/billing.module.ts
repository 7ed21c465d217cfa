import { Module } from '@nestjs/common';
import { GeoModule } from '../../providers/geo/geo.module.js';
import { PaymentsModule } from '../../providers/payments/payments.module.js';
import { UsersModule } from '../users/users.module.js';
import { BillingController } from './billing.controller.js';
import { BillingSweeper } from './billing-sweeper.js';
import { ChargeRepository } from './charge.repository.js';
import { EntitlementService } from './entitlement.service.js';
import { LocationService } from './location.service.js';
import { PaymentsController } from './payments.controller.js';
import { PaypalBillingService } from './paypal-billing.service.js';
import { RazorpayBillingService } from './razorpay-billing.service.js';
import { ReceiptsService } from './receipts.service.js';
import { SubscriptionRefreshService } from './subscription-refresh.service.js';
import { SubscriptionRepository } from './subscription.repository.js';
import { TestCheckoutController } from './test-checkout.controller.js';
import { TestCheckoutService } from './test-checkout.service.js';
import { SubscriptionCancelService } from './subscription-cancel.service.js';
import { UsageService } from './usage.service.js';
import { WebhookDeduplicator } from './webhook-deduplicator.js';
import { WebhookEventRepository } from './webhook-event.repository.js';

/**
 * Plans and payments. Exports EntitlementService: `currentPlan(user)` is the plan in force, with an
 * ended paid period already settled. Reads upload usage through an UploadQuotaReader that the books
 * module registers (a global provider).
 */
@Module({
  imports: [UsersModule, PaymentsModule, GeoModule],
  controllers: [PaymentsController, BillingController, TestCheckoutController],
  providers: [
    EntitlementService,
    SubscriptionRepository,
    ChargeRepository,
    WebhookEventRepository,
    WebhookDeduplicator,
    SubscriptionRefreshService,
    RazorpayBillingService,
    PaypalBillingService,
    LocationService,
    UsageService,
    ReceiptsService,
    SubscriptionCancelService,
    TestCheckoutService,
    BillingSweeper,
  ],
  exports: [EntitlementService],
})
export class BillingModule {}
