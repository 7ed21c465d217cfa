/** A book reached the end of ingestion. */
export interface BookSettledEvent {
  type: 'book.completed' | 'book.failed';
  bookId: string;
  ownerId: string;
}

/**
 * Where ingestion announces that a book is completed or failed (webhooks listen here). Calls are
 * quick and never throw: whatever listens does its work in its own jobs.
 */
export abstract class BookEvents {
  abstract bookSettled(event: BookSettledEvent): Promise<void>;
}
