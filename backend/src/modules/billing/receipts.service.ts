import { Injectable } from '@nestjs/common';
import { CURRENCIES, type Currency, type Receipt, type ReceiptsResponse } from '@chapterwise/shared';
import type { ChargeEntity } from './charge.entity.js';
import { ChargeRepository } from './charge.repository.js';
import type { PaymentProvider, SubscriptionEntity } from './subscription.entity.js';

/** A successful charge as a verified flow reported it; amount and currency default to the plan's price. */
export interface ReportedCharge {
  chargeRef: string;
  chargedAt: Date;
  amountMinor?: number;
  currency?: string;
}

/** The account page's receipts: one per successful charge, recorded from verified payment flows only. */
@Injectable()
export class ReceiptsService {
  constructor(private readonly charges: ChargeRepository) {}

  async receipts(userId: string, limit: number): Promise<ReceiptsResponse> {
    const charges = await this.charges.findForUser(userId, limit);
    return { receipts: charges.map(toReceipt) };
  }

  /** Records a charge of the subscription; a replay of the same payment adds nothing. */
  recordCharge(subscription: SubscriptionEntity, charge: ReportedCharge): Promise<boolean> {
    const currency = charge.currency?.toLowerCase();
    const reported = Number.isInteger(charge.amountMinor) && isCurrency(currency);
    return this.charges.record({
      userId: subscription.userId,
      subscriptionId: subscription.id,
      provider: subscription.provider,
      chargeRef: charge.chargeRef.slice(0, 64),
      plan: subscription.plan,
      currency: reported ? currency : subscription.currency,
      amountMinor: reported ? charge.amountMinor! : subscription.amountMinor,
      chargedAt: Number.isNaN(charge.chargedAt.getTime()) ? new Date() : charge.chargedAt,
    });
  }

  recordRefund(provider: PaymentProvider, chargeRef: string): Promise<boolean> {
    return this.charges.markRefunded(provider, chargeRef.slice(0, 64));
  }
}

function isCurrency(value: string | undefined): value is Currency {
  return (CURRENCIES as readonly string[]).includes(value ?? '');
}

function toReceipt(charge: ChargeEntity): Receipt {
  return {
    id: charge.id,
    date: charge.chargedAt.toISOString(),
    amount_minor: charge.amountMinor,
    currency: charge.currency,
    provider: charge.provider,
    plan: charge.plan,
    reference: charge.chargeRef,
    status: charge.status,
  };
}
