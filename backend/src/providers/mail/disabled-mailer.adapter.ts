import { ProviderDisabledError } from '../disabled.js';
import { Mailer, type MailMessage } from './mail.port.js';

export class DisabledMailer extends Mailer {
  readonly disabledReason = 'No mail transport is configured (set SMTP_URL)';

  send(_message: MailMessage): Promise<void> {
    return Promise.reject(new ProviderDisabledError(this.disabledReason));
  }
}
