import { Injectable, Logger } from '@nestjs/common';
import {
  WEBHOOK_MAX_ATTEMPTS,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOKS_PLAN,
  type WebhookDeliveryType,
  type WebhookEvent,
} from '@chapterwise/shared';
import { AppConfig } from '../../config/app-config.js';
import type { JobPayloads } from '../../jobs/job-names.js';
import { JobQueue } from '../../jobs/job-queue.port.js';
import { WebhookSender, type WebhookSendResult } from '../../providers/webhook-sender/webhook-sender.port.js';
import { EntitlementService } from '../billing/entitlement.service.js';
import { BookRepository } from '../books/book.repository.js';
import { UserRepository } from '../users/user.repository.js';
import type { WebhookDeliveryEntity } from './entities/webhook-delivery.entity.js';
import type { WebhookEntity } from './entities/webhook.entity.js';
import { signWebhookBody } from './webhook-signature.js';
import { SecretBox } from '../../common/secret-box.js';
import { WebhookRepository } from './webhook.repository.js';

/** Deliveries kept per webhook for the log; older ones are removed as new events arrive. */
const DELIVERIES_KEPT = 100;
const NOT_PREMIUM = 'Not sent: the account is no longer on the Premium plan';

export function retryDelayMs(baseMs: number, attempt: number, random = Math.random): number {
  return Math.round(baseMs * 4 ** (attempt - 1) * (0.9 + 0.2 * random()));
}

// Tries run in jobs, never inside ingestion.
@Injectable()
export class WebhookDeliveryService {
  private readonly logger = new Logger('Webhooks');

  constructor(
    private readonly webhooks: WebhookRepository,
    private readonly books: BookRepository,
    private readonly users: UserRepository,
    private readonly entitlements: EntitlementService,
    private readonly sender: WebhookSender,
    private readonly jobs: JobQueue,
    private readonly config: AppConfig,
    private readonly secrets: SecretBox,
  ) {}

  /** One delivery per subscribed webhook of the book's owner, while the owner is on Premium. */
  async publish({ eventId, type, bookId, occurredAt }: JobPayloads['webhooks.publish']): Promise<void> {
    const book = await this.books.findById(bookId);
    if (!book) return; // deleted since
    if (!(await this.isPremium(book.ownerId))) return;
    const targets = await this.webhooks.listSubscribed(book.ownerId, type);
    if (!targets.length) return;
    const event: WebhookEvent =
      type === 'book.completed'
        ? {
            id: eventId,
            type,
            created_at: occurredAt,
            data: {
              book_id: book.id,
              title: book.title,
              status: 'completed',
              total_pages: book.totalPages,
              chapter_count: await this.books.countChapters(book.id),
            },
          }
        : {
            id: eventId,
            type,
            created_at: occurredAt,
            data: {
              book_id: book.id,
              title: book.title,
              status: 'failed',
              total_pages: book.totalPages,
              error: book.error ?? 'The book could not be processed',
            },
          };
    for (const webhook of targets) await this.queue(webhook, event);
  }

  async queueTest(webhook: WebhookEntity, eventId: string): Promise<WebhookDeliveryEntity> {
    return this.queue(webhook, {
      id: eventId,
      type: 'webhook.test',
      created_at: new Date().toISOString(),
      data: { webhook_id: webhook.id, message: 'This is a test event from ChapterWise.' },
    });
  }

  async deliver({ deliveryId, attempt }: JobPayloads['webhooks.deliver']): Promise<void> {
    const delivery = await this.webhooks.findDelivery(deliveryId);
    if (!delivery || delivery.status !== 'pending') return; // removed with its webhook, or settled
    if (delivery.attemptCount >= attempt) {
      // This try already ran (a re-delivered job): make sure the next one is queued, then stop.
      if (delivery.attemptCount === attempt && delivery.nextAttemptAt) {
        await this.queueTry(delivery.id, attempt + 1, delivery.nextAttemptAt.getTime() - Date.now());
      }
      return;
    }
    if (delivery.attemptCount !== attempt - 1) return;
    const webhook = await this.webhooks.findById(delivery.webhookId);
    if (!webhook) return;

    const attemptedAt = new Date();
    const result: WebhookSendResult = (await this.isPremium(delivery.ownerId))
      ? await this.sender.send({
          url: webhook.url,
          body: delivery.payload,
          headers: {
            [WEBHOOK_SIGNATURE_HEADER]: signWebhookBody(
              this.secrets.open(webhook.secret),
              delivery.payload,
              unixSeconds(),
            ),
            'X-ChapterWise-Event': delivery.eventType,
            'X-ChapterWise-Delivery': delivery.id,
            'X-ChapterWise-Attempt': String(attempt),
          },
        })
      : { statusCode: null, error: NOT_PREMIUM, durationMs: 0, permanent: true };

    const succeeded = result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;
    const retry = !succeeded && !result.permanent && attempt < WEBHOOK_MAX_ATTEMPTS;
    const delayMs = retry ? retryDelayMs(this.config.webhooks.retryBaseMs, attempt) : 0;
    const nextRetryAt = retry ? new Date(Date.now() + delayMs) : null;
    const recorded = await this.webhooks.recordAttempt(
      delivery.id,
      {
        attempt,
        statusCode: result.statusCode,
        error: result.error?.slice(0, 500) ?? null,
        durationMs: result.durationMs,
        attemptedAt,
        nextRetryAt,
      },
      { status: succeeded ? 'succeeded' : retry ? 'pending' : 'failed', nextAttemptAt: nextRetryAt },
    );
    if (!recorded) return;
    const outcome = succeeded ? `${result.statusCode}` : `${result.error}${retry ? ', will retry' : ', giving up'}`;
    this.logger.log(`Delivery ${delivery.id} (${delivery.eventType}) try ${attempt}: ${outcome}`);
    if (retry) await this.queueTry(delivery.id, attempt + 1, delayMs);
  }

  private async queue(webhook: WebhookEntity, event: WebhookEvent): Promise<WebhookDeliveryEntity> {
    const delivery = await this.webhooks.createDelivery({
      webhookId: webhook.id,
      ownerId: webhook.ownerId,
      eventId: event.id,
      eventType: event.type satisfies WebhookDeliveryType,
      payload: JSON.stringify(event),
    });
    if (delivery.attemptCount === 0 && delivery.status === 'pending') await this.queueTry(delivery.id, 1, 0);
    await this.webhooks.pruneDeliveries(webhook.id, DELIVERIES_KEPT);
    return delivery;
  }

  private queueTry(deliveryId: string, attempt: number, delayMs: number): Promise<void> {
    // The job id makes queueing the same try twice harmless.
    return this.jobs.enqueue(
      'webhooks.deliver',
      { deliveryId, attempt },
      { jobId: `webhook-${deliveryId}-${attempt}`, delayMs: Math.max(0, Math.round(delayMs)) },
    );
  }

  private async isPremium(userId: string): Promise<boolean> {
    const user = await this.users.findById(userId);
    return user !== null && (await this.entitlements.currentPlan(user)) === WEBHOOKS_PLAN;
  }
}

function unixSeconds(): number {
  return Math.floor(Date.now() / 1000);
}
