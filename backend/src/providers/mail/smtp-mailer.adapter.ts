import { createTransport, type Transporter } from 'nodemailer';
import { Mailer, type MailMessage } from './mail.port.js';

export class SmtpMailer extends Mailer {
  readonly disabledReason = null;
  private readonly transport: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    super();
    // Timeouts ride on the URL so a silent server cannot hold a request open.
    const url = new URL(smtpUrl);
    for (const [key, value] of Object.entries({
      connectionTimeout: '10000',
      greetingTimeout: '10000',
      socketTimeout: '20000',
    })) {
      if (!url.searchParams.has(key)) url.searchParams.set(key, value);
    }
    this.transport = createTransport(url.toString());
  }

  async send(message: MailMessage): Promise<void> {
    await this.transport.sendMail({ from: this.from, ...message });
  }

  close(): void {
    this.transport.close();
  }
}
