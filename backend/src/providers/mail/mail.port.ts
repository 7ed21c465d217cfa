export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  replyTo?: string;
}

/** Outgoing mail. `available` is false when no transport is configured (embedded mode). */
export abstract class Mailer {
  abstract readonly available: boolean;
  abstract send(message: MailMessage): Promise<void>;
}
