import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { PaymentProvider } from './subscription.entity.js';

/** A provider webhook event already handled: a replay of the same id changes nothing (PAY-2). */
@Entity('webhook_events')
export class WebhookEventEntity {
  @PrimaryColumn({ type: 'varchar', length: 16 })
  provider!: PaymentProvider;

  @PrimaryColumn({ name: 'event_id', type: 'varchar', length: 191 })
  eventId!: string;

  @Column({ name: 'received_at', type: 'datetime' })
  receivedAt!: Date;
}
