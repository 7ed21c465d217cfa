import { Global, Injectable, Logger, Module } from '@nestjs/common';

/** A book reached the end of ingestion. */
export interface BookSettledEvent {
  type: 'book.completed' | 'book.failed';
  bookId: string;
  ownerId: string;
}

export type BookSettledListener = (event: BookSettledEvent) => Promise<void>;

/**
 * The one place ingestion announces that a book is completed or failed; webhooks and search
 * (embeddings) subscribe. Listeners only queue their own jobs, and a failing listener never fails the book.
 */
@Injectable()
export class BookEvents {
  private readonly logger = new Logger(BookEvents.name);
  private readonly listeners: BookSettledListener[] = [];

  subscribe(listener: BookSettledListener): void {
    this.listeners.push(listener);
  }

  async bookSettled(event: BookSettledEvent): Promise<void> {
    for (const listener of this.listeners) {
      await listener(event).catch((error: unknown) =>
        this.logger.warn(`A ${event.type} listener failed for book ${event.bookId}: ${String(error)}`),
      );
    }
  }
}

@Global()
@Module({ providers: [BookEvents], exports: [BookEvents] })
export class BookEventsModule {}
