import { Module } from '@nestjs/common';
import { AppConfig } from '../../config/app-config.js';
import { PinnedHttpWebhookSender } from './pinned-http-webhook-sender.adapter.js';
import { WebhookSender } from './webhook-sender.port.js';

@Module({
  providers: [
    {
      provide: WebhookSender,
      inject: [AppConfig],
      useFactory: (config: AppConfig): WebhookSender => new PinnedHttpWebhookSender(config.webhooks),
    },
  ],
  exports: [WebhookSender],
})
export class WebhookSenderModule {}
