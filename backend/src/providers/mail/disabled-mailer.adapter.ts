import { ProviderDisabledError } from '../disabled.js';
import { Mailer, type MailMessage } from './mail.port.js';

/** No transport configured: nothing can be sent, and callers decide what to do instead. */
export class DisabledMailer extends Mailer {
  readonly disabledReason = 'No mail transport is configured (set SMTP_URL)';

  send(_message: MailMessage): Promise<void> {
    return Promise.reject(new ProviderDisabledError(this.disabledReason));
  }
}
