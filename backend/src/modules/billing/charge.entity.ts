import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { Currency, PaidPlan } from '@chapterwise/shared';
import type { PaymentProvider } from './subscription.entity.js';

export type ChargeStatus = 'paid' | 'refunded';

/** One successful charge of a subscription (the first and each renewal): a receipt. */
@Entity('subscription_charges')
export class ChargeEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id!: string;

  @Column({ name: 'user_id', type: 'varchar', length: 36 })
  userId!: string;

  @Column({ name: 'subscription_id', type: 'varchar', length: 36 })
  subscriptionId!: string;

  @Column({ type: 'varchar', length: 16 })
  provider!: PaymentProvider;

  /** The provider's payment id (Razorpay `pay_…`, PayPal's sale id): unique per provider, so a replay adds nothing. */
  @Column({ name: 'charge_ref', type: 'varchar', length: 64 })
  chargeRef!: string;

  @Column({ type: 'varchar', length: 16 })
  plan!: PaidPlan;

  @Column({ type: 'varchar', length: 3 })
  currency!: Currency;

  @Column({ name: 'amount_minor', type: 'int' })
  amountMinor!: number;

  /** `refunded` once the provider reports the payment refunded. */
  @Column({ type: 'varchar', length: 16 })
  status!: ChargeStatus;

  @Column({ name: 'charged_at', type: 'datetime' })
  chargedAt!: Date;
}
