import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, Repository } from 'typeorm';
import { isUniqueViolation } from '../users/user.repository.js';
import type { PaymentProvider } from './subscription.entity.js';
import { WebhookEventEntity } from './webhook-event.entity.js';

@Injectable()
export class WebhookEventRepository {
  private readonly events: Repository<WebhookEventEntity>;

  constructor(@InjectDataSource() dataSource: DataSource) {
    this.events = dataSource.getRepository(WebhookEventEntity);
  }

  async wasHandled(provider: PaymentProvider, eventId: string): Promise<boolean> {
    return (await this.events.countBy({ provider, eventId })) > 0;
  }

  /** Marks an event handled; a concurrent delivery of the same event may have done so first. */
  async markHandled(provider: PaymentProvider, eventId: string): Promise<void> {
    try {
      await this.events.insert({ provider, eventId, receivedAt: new Date() });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
  }
}
