import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import type { Currency, PaidPlan } from '@chapterwise/shared';

export type PaymentProvider = 'razorpay' | 'paypal';

/**
 * Our record of a provider subscription. `pending` until paid; `active` and `past_due` grant the plan;
 * `cancelled`, `failed` and `expired` have lapsed and grant it only until `currentPeriodEnd`.
 */
export type SubscriptionStatus = 'pending' | 'active' | 'past_due' | 'cancelled' | 'failed' | 'expired';

@Entity('subscriptions')
export class SubscriptionEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id!: string;

  @Column({ name: 'user_id', type: 'varchar', length: 36 })
  userId!: string;

  @Column({ type: 'varchar', length: 16 })
  provider!: PaymentProvider;

  /** The provider's subscription id (Razorpay `sub_…`, PayPal `I-…`). */
  @Column({ name: 'provider_ref', type: 'varchar', length: 64 })
  providerRef!: string;

  @Column({ type: 'varchar', length: 16 })
  plan!: PaidPlan;

  @Column({ type: 'varchar', length: 3 })
  currency!: Currency;

  /** Monthly price in minor units (cents, paise) when the subscription was created. */
  @Column({ name: 'amount_minor', type: 'int' })
  amountMinor!: number;

  @Column({ type: 'varchar', length: 16 })
  status!: SubscriptionStatus;

  /** Our own random id for the checkout: PayPal's return URL and the status endpoint carry it. */
  @Column({ name: 'session_id', type: 'varchar', length: 64, unique: true })
  sessionId!: string;

  @Column({ name: 'current_period_end', type: 'datetime', nullable: true })
  currentPeriodEnd!: Date | null;

  /** Creation time of the newest webhook event applied: older events arriving late change nothing. */
  @Column({ name: 'last_event_at', type: 'datetime', nullable: true })
  lastEventAt!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'datetime' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'datetime' })
  updatedAt!: Date;
}
