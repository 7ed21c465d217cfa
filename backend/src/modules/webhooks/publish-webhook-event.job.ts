import { Injectable } from '@nestjs/common';
import { JobHandler, type HandlesJob } from '../../jobs/job-handler.decorator.js';
import type { JobPayloads } from '../../jobs/job-names.js';
import { WebhookDeliveryService } from './webhook-delivery.service.js';

@Injectable()
@JobHandler('webhooks.publish')
export class PublishWebhookEventJob implements HandlesJob<'webhooks.publish'> {
  constructor(private readonly deliveries: WebhookDeliveryService) {}

  handle(payload: JobPayloads['webhooks.publish']): Promise<void> {
    return this.deliveries.publish(payload);
  }
}
