import type { WebhookDeliveryStatus, WebhookDeliveryType } from '@chapterwise/shared';
import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

@Entity('webhook_deliveries')
export class WebhookDeliveryEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id!: string;

  @Column({ name: 'webhook_id', type: 'varchar', length: 36 })
  webhookId!: string;

  @Column({ name: 'owner_id', type: 'varchar', length: 36 })
  ownerId!: string;

  @Column({ name: 'event_id', type: 'varchar', length: 36 })
  eventId!: string;

  @Column({ name: 'event_type', type: 'varchar', length: 32 })
  eventType!: WebhookDeliveryType;

  @Column({ type: 'text' })
  payload!: string;

  @Column({ type: 'varchar', length: 16 })
  status!: WebhookDeliveryStatus;

  @Column({ name: 'attempt_count', type: 'int', default: 0 })
  attemptCount!: number;

  @Column({ name: 'next_attempt_at', type: 'datetime', nullable: true })
  nextAttemptAt!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'datetime' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'datetime' })
  updatedAt!: Date;
}
