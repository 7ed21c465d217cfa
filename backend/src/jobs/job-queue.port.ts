import type { JobName, JobPayloads } from './job-names.js';

export interface EnqueueOptions {
  /** De-duplication key: while a job with this id is waiting or running, enqueueing it again does nothing. */
  jobId?: string;
  delayMs?: number;
}

export interface JobContext {
  jobId: string;
  /** 1 on the first try. */
  attempt: number;
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

/** Tuning shared by both adapters: attempts with exponential backoff, bounded concurrency. */
export interface JobQueueTuning {
  concurrency: number;
  attempts: number;
  backoffMs: number;
  /** BullMQ only: how soon a job whose worker died is picked up again. */
  stalledIntervalMs?: number;
  lockDurationMs?: number;
}

/** The port for background work: BullMQ on Redis in scaled mode, a durable in-process runner otherwise. */
export abstract class JobQueue {
  abstract enqueue<N extends JobName>(name: N, payload: JobPayloads[N], options?: EnqueueOptions): Promise<void>;
  /** Removes a waiting job; a running one finishes its current try and is not retried. */
  abstract remove(jobId: string): Promise<void>;
  /** Starts consuming jobs with the given handlers (the API in embedded mode, the worker in scaled mode). */
  abstract startWorker(handlers: JobHandlers): Promise<void>;
  /** Readiness probe: throws when the queue's backing store is unreachable. */
  abstract ping(): Promise<void>;
  /** Stops taking jobs, lets running ones finish within the grace period, releases connections. */
  abstract close(graceMs?: number): Promise<void>;
}

export function backoffDelay(baseMs: number, attempt: number): number {
  return baseMs * 2 ** Math.max(0, attempt - 1);
}
