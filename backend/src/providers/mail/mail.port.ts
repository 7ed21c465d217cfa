import type { Disableable } from '../disabled.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  replyTo?: string;
}

/** Outgoing mail: SMTP, or the disabled mailer when no transport is configured (embedded mode). */
export abstract class Mailer implements Disableable {
  abstract readonly disabledReason: string | null;
  abstract send(message: MailMessage): Promise<void>;

  get available(): boolean {
    return this.disabledReason === null;
  }
}
