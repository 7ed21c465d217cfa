import { Injectable } from '@nestjs/common';
import { JobHandler, type HandlesJob } from '../../jobs/job-handler.decorator.js';
import type { JobPayloads } from '../../jobs/job-names.js';
import { WebhookDeliveryService } from './webhook-delivery.service.js';

@Injectable()
@JobHandler('webhooks.deliver')
export class DeliverWebhookJob implements HandlesJob<'webhooks.deliver'> {
  constructor(private readonly deliveries: WebhookDeliveryService) {}

  handle(payload: JobPayloads['webhooks.deliver']): Promise<void> {
    return this.deliveries.deliver(payload);
  }
}
