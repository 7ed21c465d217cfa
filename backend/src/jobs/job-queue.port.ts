import type { JobName, JobPayloads } from './job-names.js';

export interface EnqueueOptions {
  /** De-duplication key: while a job with this id is waiting or running, enqueueing it again does nothing. */
  jobId?: string;
  delayMs?: number;
}

export interface JobContext {
  jobId: string;
  attempt: number;
  /** Aborted past the shutdown grace period: the handler stops, writes no failure, and the job is handed back. */
  signal?: AbortSignal;
}

export type JobHandlerFn = (payload: unknown, context: JobContext) => Promise<void>;
export type JobHandlers = ReadonlyMap<string, JobHandlerFn>;

/** Why a job failed for good, kept with the work it was doing so callers branch on it, never on a message. */
export type JobFailureCode = 'unreadable' | 'rate_limited' | 'unavailable' | 'failed';

/** Thrown by a handler when retrying cannot help (a password-protected PDF): the job fails at once. */
export class PermanentJobError extends Error {
  override name = 'PermanentJobError';

  constructor(
    message: string,
    readonly code: JobFailureCode = 'failed',
  ) {
    super(message);
  }
}

/** The reason of a job's signal when shutdown ends it: an error caused by shutdown never fails a job or a book. */
export class JobShutdownError extends Error {
  override name = 'JobShutdownError';
  constructor() {
    super('The process is shutting down; the job goes back to the queue');
  }
}

export interface JobQueueTuning {
  concurrency: number;
  attempts: number;
  backoffMs: number;
  stalledIntervalMs?: number;
  lockDurationMs?: number;
}

/** The port for background work: BullMQ on Redis in scaled mode, a durable in-process runner otherwise. */
export abstract class JobQueue {
  abstract enqueue<N extends JobName>(name: N, payload: JobPayloads[N], options?: EnqueueOptions): Promise<void>;
  /** A running job finishes its current try and is not retried. */
  abstract remove(jobId: string): Promise<void>;
  abstract startWorker(handlers: JobHandlers): Promise<void>;
  /** Readiness: throws when the backing store is unreachable. */
  abstract ping(): Promise<void>;
  /** Past the grace period, aborts running jobs and hands them back; called before the database closes. */
  abstract drain(graceMs: number): Promise<void>;
  abstract close(graceMs?: number): Promise<void>;
}

export const ABORT_WAIT_MS = 5_000;

export async function settledWithin(promises: Promise<unknown>[], ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  try {
    return await Promise.race([Promise.allSettled(promises).then(() => true as const), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export function backoffDelay(baseMs: number, attempt: number): number {
  return baseMs * 2 ** Math.max(0, attempt - 1);
}
