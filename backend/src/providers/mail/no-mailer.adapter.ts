import { Mailer, type MailMessage } from './mail.port.js';

/** No transport configured: nothing can be sent, and callers decide what to do instead. */
export class NoMailer extends Mailer {
  readonly available = false;

  send(_message: MailMessage): Promise<void> {
    return Promise.reject(new Error('No mail transport is configured (set SMTP_URL)'));
  }
}
