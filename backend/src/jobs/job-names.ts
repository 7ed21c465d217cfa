export interface JobPayloads {
  'book.ingest': { bookId: string };
  'book.summarize': { bookId: string };
  /** Every chapter's notes and topics: offline right after ingestion, with a model on "Prepare all chapters". */
  'book.prepare': { bookId: string };
  /** Embeds a completed book's pages for semantic search (only with EMBEDDINGS_MODEL). */
  'search.embed': { bookId: string };
  'webhooks.publish': { eventId: string; type: 'book.completed' | 'book.failed'; bookId: string; occurredAt: string };
  'webhooks.deliver': { deliveryId: string; attempt: number };
  /** The question banks of an exam's chapters, built ahead so its first practice exam does not wait for them. */
  'exam.build-bank': { examId: string };
  /** Makes and mails a reset code after forgot-password has answered, so the answer takes as long for any email (RST-1). */
  'auth.reset-mail': { email: string };
}
export type JobName = keyof JobPayloads;
export const JOB_NAMES: readonly JobName[] = [
  'book.ingest',
  'book.summarize',
  'book.prepare',
  'search.embed',
  'webhooks.publish',
  'webhooks.deliver',
  'auth.reset-mail',
  'exam.build-bank',
];

// Work no student waits on: it runs after waiting uploads and never takes the last free slot.
export const BACKGROUND_JOBS: ReadonlySet<JobName> = new Set<JobName>([
  'book.prepare',
  'search.embed',
  'exam.build-bank',
]);
