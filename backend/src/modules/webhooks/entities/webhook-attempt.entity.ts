import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity('webhook_delivery_attempts')
export class WebhookAttemptEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id!: string;

  @Column({ name: 'delivery_id', type: 'varchar', length: 36 })
  deliveryId!: string;

  @Column({ type: 'int' })
  attempt!: number;

  @Column({ name: 'status_code', type: 'int', nullable: true })
  statusCode!: number | null;

  @Column({ type: 'varchar', length: 500, nullable: true })
  error!: string | null;

  @Column({ name: 'duration_ms', type: 'int' })
  durationMs!: number;

  @Column({ name: 'attempted_at', type: 'datetime' })
  attemptedAt!: Date;

  @Column({ name: 'next_retry_at', type: 'datetime', nullable: true })
  nextRetryAt!: Date | null;
}
