import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { MESSAGES, type ContactRequest } from '@chapterwise/shared';
import { randomUUID } from 'node:crypto';
import type { DataSource, Repository } from 'typeorm';
import { AppConfig } from '../../config/app-config.js';
import { Mailer } from '../../providers/mail/mail.port.js';
import { ContactMessageEntity } from './contact-message.entity.js';

@Injectable()
export class ContactService {
  private readonly logger = new Logger(ContactService.name);
  private readonly messages: Repository<ContactMessageEntity>;

  constructor(
    @InjectDataSource() dataSource: DataSource,
    private readonly mailer: Mailer,
    private readonly config: AppConfig,
  ) {
    this.messages = dataSource.getRepository(ContactMessageEntity);
  }

  async submit(input: ContactRequest): Promise<{ message: string }> {
    const id = randomUUID();
    await this.messages.insert({ id, ...input, mailed: false });
    if (this.mailer.available) {
      try {
        await this.mailer.send({
          to: this.config.mail.supportEmail,
          replyTo: input.email,
          subject: `[Contact] ${input.subject}`,
          text: `From: ${input.name} <${input.email}>\n\n${input.message}`,
        });
        await this.messages.update({ id }, { mailed: true });
      } catch (error) {
        // The message is stored either way; support can read it from the database.
        this.logger.error(
          `Contact message ${id} could not be mailed: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    }
    return { message: MESSAGES.contactSent };
  }
}
