import { Column, Entity, PrimaryColumn } from 'typeorm';

/** The payment facts tax law needs after account deletion, with no link to the person. */
@Entity('retained_payments')
export class RetainedPaymentEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id!: string;

  @Column({ type: 'varchar', length: 16 })
  provider!: string;

  @Column({ name: 'provider_ref', type: 'varchar', length: 64 })
  providerRef!: string;

  @Column({ type: 'varchar', length: 16 })
  plan!: string;

  @Column({ type: 'varchar', length: 3 })
  currency!: string;

  @Column({ name: 'amount_minor', type: 'int' })
  amountMinor!: number;

  @Column({ type: 'varchar', length: 16 })
  status!: string;

  @Column({ name: 'subscribed_at', type: 'datetime' })
  subscribedAt!: Date;

  @Column({ name: 'current_period_end', type: 'datetime', nullable: true })
  currentPeriodEnd!: Date | null;

  @Column({ name: 'account_deleted_at', type: 'datetime' })
  accountDeletedAt!: Date;
}
