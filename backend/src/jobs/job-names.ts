/** Every background job and its payload. Boot fails if one has no handler. */
export interface JobPayloads {
  'book.ingest': { bookId: string };
}
export type JobName = keyof JobPayloads;
/** Job names that must have a handler at boot; a feature adds its job here with its handler. */
export const JOB_NAMES: readonly JobName[] = [];
