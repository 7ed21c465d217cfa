import { Module } from '@nestjs/common';
import { WebhookSenderModule } from '../../providers/webhook-sender/webhook-sender.module.js';
import { BillingModule } from '../billing/billing.module.js';
import { BooksModule } from '../books/books.module.js';
import { UsersModule } from '../users/users.module.js';
import { DeliverWebhookJob } from './deliver-webhook.job.js';
import { PublishWebhookEventJob } from './publish-webhook-event.job.js';
import { WebhookDeliveryService } from './webhook-delivery.service.js';
import { WebhookEventPublisher } from './webhook-event.publisher.js';
import { WebhookRepository } from './webhook.repository.js';
import { WebhooksPlanGuard } from './webhooks-plan.guard.js';
import { WebhooksController } from './webhooks.controller.js';
import { WebhooksService } from './webhooks.service.js';
import { AppConfig } from '../../config/app-config.js';
import { SecretBox } from '../../common/secret-box.js';

@Module({
  imports: [UsersModule, BillingModule, BooksModule, WebhookSenderModule],
  controllers: [WebhooksController],
  providers: [
    { provide: SecretBox, inject: [AppConfig], useFactory: (config: AppConfig) => new SecretBox(config.secretsKey) },
    WebhookRepository,
    WebhooksService,
    WebhookDeliveryService,
    WebhookEventPublisher,
    WebhooksPlanGuard,
    PublishWebhookEventJob,
    DeliverWebhookJob,
  ],
})
export class WebhooksModule {}
