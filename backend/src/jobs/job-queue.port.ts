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
  /**
   * Aborted when the process shuts down and the grace period is over: the handler stops, writes no failure,
   * and the queue hands the job back (the try does not count). Optional for handlers called outside a queue.
   */
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
  /**
   * Stops taking jobs and lets running ones finish within the grace period; past it, aborts them and hands them
   * back to the queue, and resolves once their handlers have returned. Called before the database closes.
   */
  abstract drain(graceMs: number): Promise<void>;
  /** Drains (when not done yet) and releases connections. */
  abstract close(graceMs?: number): Promise<void>;
}

/** How long handlers get to return after their signal aborted (they stop at the next await). */
export const ABORT_WAIT_MS = 5_000;

/** Resolves true when every promise settled within `ms`, false when time ran out first. */
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
