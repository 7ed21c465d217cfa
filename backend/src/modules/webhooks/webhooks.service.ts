import { Injectable } from '@nestjs/common';
import {
  WEBHOOK_EVENT_TYPES,
  WEBHOOKS_PER_USER_MAX,
  type CreatedWebhook,
  type ValidCreateWebhookRequest,
  type Webhook,
  type WebhookDelivery,
} from '@chapterwise/shared';
import { randomUUID } from 'node:crypto';
import { AppError } from '../../common/app-error.js';
import { WebhookSender, WebhookTargetError } from '../../providers/webhook-sender/webhook-sender.port.js';
import type { WebhookEntity } from './entities/webhook.entity.js';
import { WebhookDeliveryService } from './webhook-delivery.service.js';
import { toDeliveryDto, toWebhookDto } from './webhook.mapper.js';
import { newWebhookSecret } from './webhook-signature.js';
import { WebhookRepository } from './webhook.repository.js';

const DELIVERIES_LISTED = 50;

@Injectable()
export class WebhooksService {
  constructor(
    private readonly webhooks: WebhookRepository,
    private readonly deliveries: WebhookDeliveryService,
    private readonly sender: WebhookSender,
  ) {}

  async list(ownerId: string): Promise<Webhook[]> {
    const webhooks = await this.webhooks.listOwned(ownerId);
    const latest = await this.webhooks.latestDeliveries(webhooks.map((webhook) => webhook.id));
    return webhooks.map((webhook) => toWebhookDto(webhook, latest.get(webhook.id)));
  }

  async create(ownerId: string, body: ValidCreateWebhookRequest): Promise<CreatedWebhook> {
    try {
      // https in production, and a host that resolves to public addresses only; checked again on every try.
      await this.sender.checkTarget(body.url);
    } catch (error) {
      if (error instanceof WebhookTargetError) throw AppError.validation(error.message);
      throw error;
    }
    const webhook: WebhookEntity = {
      id: randomUUID(),
      ownerId,
      url: body.url,
      secret: newWebhookSecret(),
      events: body.events ?? [...WEBHOOK_EVENT_TYPES],
      createdAt: new Date(),
    };
    const outcome = await this.webhooks.insertWithinLimit(webhook, WEBHOOKS_PER_USER_MAX);
    if (outcome === 'duplicate') throw AppError.conflict('This URL is already registered as a webhook.');
    if (outcome === 'limit') {
      throw AppError.conflict(`You can register up to ${WEBHOOKS_PER_USER_MAX} webhooks. Delete one to add another.`);
    }
    const stored = (await this.webhooks.findOwned(ownerId, webhook.id)) ?? webhook;
    return { ...toWebhookDto(stored, undefined), secret: webhook.secret };
  }

  async delete(ownerId: string, id: string): Promise<void> {
    if (!(await this.webhooks.deleteOwned(ownerId, id))) throw notFound();
  }

  async sendTest(ownerId: string, id: string): Promise<WebhookDelivery> {
    const webhook = await this.ownedWebhook(ownerId, id);
    const delivery = await this.deliveries.queueTest(webhook, randomUUID());
    return toDeliveryDto(delivery, []);
  }

  async listDeliveries(ownerId: string, id: string): Promise<WebhookDelivery[]> {
    const webhook = await this.ownedWebhook(ownerId, id);
    return (await this.webhooks.listDeliveries(webhook.id, DELIVERIES_LISTED)).map(({ delivery, attempts }) =>
      toDeliveryDto(delivery, attempts),
    );
  }

  private async ownedWebhook(ownerId: string, id: string): Promise<WebhookEntity> {
    const webhook = await this.webhooks.findOwned(ownerId, id);
    if (!webhook) throw notFound();
    return webhook;
  }
}

function notFound(): AppError {
  return AppError.notFound('Webhook not found');
}
