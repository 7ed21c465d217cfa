import type { Webhook, WebhookDelivery } from '@chapterwise/shared';
import type { WebhookAttemptEntity } from './entities/webhook-attempt.entity.js';
import type { WebhookDeliveryEntity } from './entities/webhook-delivery.entity.js';
import type { WebhookEntity } from './entities/webhook.entity.js';

export function toWebhookDto(webhook: WebhookEntity, latest: WebhookDeliveryEntity | undefined): Webhook {
  return {
    id: webhook.id,
    url: webhook.url,
    events: webhook.events,
    created_at: webhook.createdAt.toISOString(),
    last_delivery: latest
      ? {
          status: latest.status,
          event_type: latest.eventType,
          created_at: latest.createdAt.toISOString(),
          attempt_count: latest.attemptCount,
        }
      : null,
  };
}

export function toDeliveryDto(delivery: WebhookDeliveryEntity, attempts: WebhookAttemptEntity[]): WebhookDelivery {
  return {
    id: delivery.id,
    event_id: delivery.eventId,
    event_type: delivery.eventType,
    status: delivery.status,
    created_at: delivery.createdAt.toISOString(),
    // Before the first try the delivery is due now; that is not a retry.
    next_retry_at: delivery.status === 'pending' && delivery.attemptCount > 0 ? iso(delivery.nextAttemptAt) : null,
    attempts: attempts.map((attempt) => ({
      attempt: attempt.attempt,
      status_code: attempt.statusCode,
      error: attempt.error,
      duration_ms: attempt.durationMs,
      attempted_at: attempt.attemptedAt.toISOString(),
      next_retry_at: iso(attempt.nextRetryAt),
    })),
  };
}

function iso(date: Date | null): string | null {
  return date ? date.toISOString() : null;
}
