import { Global, Module } from '@nestjs/common';
import { AppConfig } from '../../config/app-config.js';
import { Mailer } from './mail.port.js';
import { DisabledMailer } from './disabled-mailer.adapter.js';
import { SmtpMailer } from './smtp-mailer.adapter.js';

@Global()
@Module({
  providers: [
    {
      provide: Mailer,
      inject: [AppConfig],
      useFactory: (config: AppConfig): Mailer =>
        config.mail.smtpUrl ? new SmtpMailer(config.mail.smtpUrl, config.mail.from) : new DisabledMailer(),
    },
  ],
  exports: [Mailer],
})
export class MailModule {}
