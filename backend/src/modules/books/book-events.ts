import { Global, Injectable, Logger, Module } from '@nestjs/common';

export interface BookSettledEvent {
  type: 'book.completed' | 'book.failed';
  bookId: string;
  ownerId: string;
}

/** A book was deleted: work still running on it stops. */
export interface BookDeletedEvent {
  type: 'book.deleted';
  bookId: string;
  ownerId: string;
}

export type BookEvent = BookSettledEvent | BookDeletedEvent;
export type BookEventListener = (event: BookEvent) => Promise<void>;

// Listeners are quick, never fail the book, and hear events of their own process only.
@Injectable()
export class BookEvents {
  private readonly logger = new Logger(BookEvents.name);
  private readonly listeners: BookEventListener[] = [];

  subscribe(listener: BookEventListener): void {
    this.listeners.push(listener);
  }

  bookSettled(event: BookSettledEvent): Promise<void> {
    return this.publish(event);
  }

  bookDeleted(event: BookDeletedEvent): Promise<void> {
    return this.publish(event);
  }

  private async publish(event: BookEvent): Promise<void> {
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
