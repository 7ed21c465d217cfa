import { Injectable } from '@nestjs/common';
import type { PaymentProvider } from './subscription.entity.js';
import { WebhookEventRepository } from './webhook-event.repository.js';

/**
 * Runs a webhook's handling once per provider event id. The event is marked handled only after the
 * handling succeeded, so a delivery that failed half-way is handled again when the provider retries;
 * handling is an idempotent state write, so two concurrent deliveries of one event agree.
 */
@Injectable()
export class WebhookDeduplicator {
  constructor(private readonly events: WebhookEventRepository) {}

  async once<T extends string>(
    provider: PaymentProvider,
    eventId: string,
    handle: () => Promise<T>,
  ): Promise<T | 'duplicate'> {
    const id = eventId.slice(0, 191);
    if (await this.events.wasHandled(provider, id)) return 'duplicate';
    const outcome = await handle();
    await this.events.markHandled(provider, id);
    return outcome;
  }
}
