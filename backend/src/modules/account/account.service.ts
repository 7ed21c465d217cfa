import { Injectable, Logger } from '@nestjs/common';
import { MESSAGES } from '@chapterwise/shared';
import type { Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import { AppError } from '../../common/app-error.js';
import { PaypalGateway } from '../../providers/payments/paypal.port.js';
import { PaymentProviderError, SubscriptionNotFoundError } from '../../providers/payments/payment-provider.error.js';
import { RazorpayGateway } from '../../providers/payments/razorpay.port.js';
import { FileStorage } from '../../providers/storage/file-storage.port.js';
import { PasswordHasher } from '../auth/password-hasher.js';
import { BookRepository } from '../books/book.repository.js';
import { BooksService } from '../books/books.service.js';
import type { UserEntity } from '../users/user.entity.js';
import { UserDataRepository } from './user-data.repository.js';

/** Subscriptions that would charge again: cancelled with the provider before the account goes. */
const RUNNING = new Set(['active', 'past_due']);

@Injectable()
export class AccountService {
  private readonly logger = new Logger(AccountService.name);

  constructor(
    private readonly hasher: PasswordHasher,
    private readonly books: BookRepository,
    private readonly booksService: BooksService,
    private readonly userData: UserDataRepository,
    private readonly storage: FileStorage,
    private readonly razorpay: RazorpayGateway,
    private readonly paypal: PaypalGateway,
  ) {}

  // If the provider cannot be reached nothing is deleted (503): the user is never charged for a deleted account.
  async delete(user: UserEntity, password: string): Promise<{ message: string }> {
    if (!(await this.hasher.verify(user.passwordHash, password))) {
      throw AppError.validation(MESSAGES.wrongPassword);
    }
    for (const subscription of await this.userData.subscriptions(user.id)) {
      if (!RUNNING.has(subscription.status)) continue;
      try {
        if (subscription.provider === 'razorpay')
          await this.razorpay.cancelSubscription(subscription.providerRef, 'now');
        else await this.paypal.cancelSubscription(subscription.providerRef, 'The ChapterWise account was deleted');
      } catch (error) {
        // The provider no longer has it: already cancelled, nothing left to charge the deleted account.
        if (error instanceof SubscriptionNotFoundError) {
          this.logger.warn(`${error.message}: nothing left to cancel`);
          continue;
        }
        if (!(error instanceof PaymentProviderError)) throw error;
        this.logger.warn(`Cancelling ${subscription.provider} ${subscription.providerRef} failed: ${error.message}`);
        throw new AppError(
          'UNAVAILABLE',
          'Your subscription could not be cancelled right now, so nothing was deleted. Please try again in a few minutes.',
        );
      }
    }
    const bookIds = (await this.books.listOwned(user.id)).map((book) => book.id);
    // Each book the way a single delete goes: its jobs stopped, its rows and its folder removed.
    for (const bookId of bookIds) await this.booksService.delete(user.id, bookId).catch(() => undefined);
    await this.userData.deleteUser(user, bookIds);
    // Files of books that raced in during the deletion, and any per-user folder.
    for (const prefix of [...bookIds.map((id) => `books/${id}/`), `users/${user.id}/`]) {
      await this.storage.delete(prefix).catch(() => undefined);
    }
    return { message: MESSAGES.accountDeleted };
  }

  async export(user: UserEntity): Promise<Readable> {
    const rows = await this.userData.export(user.id);
    const zip = new ZipFile();
    zip.addBuffer(
      Buffer.from(JSON.stringify({ exported_at: new Date().toISOString(), tables: rows }, null, 2)),
      'account.json',
    );
    const bookIds = (rows.books ?? []).map((row) => String(row.id));
    for (const prefix of [...bookIds.map((id) => `books/${id}/`), `users/${user.id}/`]) {
      for (const key of await this.storage.list(prefix)) {
        zip.addReadStreamLazy(`files/${key}`, (done) => {
          this.storage.openReadStream(key).then(
            (stream) => done(null, stream),
            (error: unknown) => done(error instanceof Error ? error : new Error(String(error)), undefined as never),
          );
        });
      }
    }
    zip.end();
    return zip.outputStream as Readable;
  }
}
