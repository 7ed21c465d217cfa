import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { JobQueue } from '../../jobs/job-queue.port.js';
import { BookEvents, type BookSettledEvent } from '../books/book-events.js';
import { WebhookRepository } from './webhook.repository.js';

@Injectable()
export class WebhookEventPublisher implements OnModuleInit {
  private readonly logger = new Logger('Webhooks');

  constructor(
    private readonly webhooks: WebhookRepository,
    private readonly jobs: JobQueue,
    private readonly events: BookEvents,
  ) {}

  onModuleInit(): void {
    this.events.subscribe(async (event) => {
      if (event.type !== 'book.deleted') await this.bookSettled(event);
    });
  }

  async bookSettled({ type, bookId, ownerId }: BookSettledEvent): Promise<void> {
    try {
      // Most owners have no webhook: no job for them.
      if (!(await this.webhooks.listSubscribed(ownerId, type)).length) return;
      const eventId = randomUUID();
      await this.jobs.enqueue(
        'webhooks.publish',
        { eventId, type, bookId, occurredAt: new Date().toISOString() },
        { jobId: `webhook-event-${eventId}` },
      );
    } catch (error) {
      // A webhook problem must never fail the book.
      this.logger.warn(`Could not queue ${type} for book ${bookId}: ${String(error)}`);
    }
  }
}
