import type { WebhookEventType } from '@chapterwise/shared';
import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

const eventList = {
  to: (events: WebhookEventType[]) => events.join(','),
  from: (stored: string) => stored.split(',').filter(Boolean) as WebhookEventType[],
};

@Entity('webhooks')
export class WebhookEntity {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id!: string;

  @Column({ name: 'owner_id', type: 'varchar', length: 36 })
  ownerId!: string;

  @Column({ type: 'varchar', length: 2000 })
  url!: string;

  /** Signing key: shown once at creation; stored sealed with SECRETS_KEY (enc:v1:…), opened only to sign a delivery. */
  @Column({ type: 'varchar', length: 255 })
  secret!: string;

  @Column({ type: 'varchar', length: 200, transformer: eventList })
  events!: WebhookEventType[];

  @CreateDateColumn({ name: 'created_at', type: 'datetime' })
  createdAt!: Date;
}
