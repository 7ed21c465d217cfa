/** Every background job and its payload. Boot fails if one has no handler. */
export interface JobPayloads {
  'book.ingest': { bookId: string };
  'book.summarize': { bookId: string };
  /** Embeds a completed book's pages for semantic search (only with EMBEDDINGS_MODEL). */
  'search.embed': { bookId: string };
}
export type JobName = keyof JobPayloads;
export const JOB_NAMES: readonly JobName[] = ['book.ingest', 'book.summarize', 'search.embed'];
