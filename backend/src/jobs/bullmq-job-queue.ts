import { Logger } from '@nestjs/common';
import { Queue, UnrecoverableError, WaitingError, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import { AppError } from '../common/app-error.js';
import { BACKGROUND_JOBS, type JobName, type JobPayloads } from './job-names.js';
import { createRedisClient } from './redis-client.js';
import {
  ABORT_WAIT_MS,
  JobQueue,
  JobShutdownError,
  PermanentJobError,
  settledWithin,
  type EnqueueOptions,
  type JobHandlers,
  type JobQueueTuning,
} from './job-queue.port.js';

export const QUEUE_NAME = 'chapterwise';

const ENQUEUE_TIMEOUT_MS = 5000;
const BACKGROUND_PRIORITY = 10;

function queueUnavailable(): AppError {
  return new AppError(
    'UNAVAILABLE',
    'Background processing is unavailable right now, so nothing was saved. Please try again shortly.',
  );
}

export class BullMqJobQueue extends JobQueue {
  private readonly logger = new Logger('Jobs');
  private worker: Worker | undefined;
  private workerClient: Redis | undefined;
  /** The copies BullMQ makes of the worker's client for its blocking reads. */
  private readonly blockingClients: Redis[] = [];
  private readonly active = new Map<string, AbortController>();
  private drained: Promise<void> | undefined;

  constructor(
    private readonly queue: Queue,
    private readonly redisUrl: string,
    private readonly prefix: string,
    private readonly tuning: JobQueueTuning,
  ) {
    super();
  }

  async enqueue<N extends JobName>(name: N, payload: JobPayloads[N], options: EnqueueOptions = {}): Promise<void> {
    // Redis away: give up after a few seconds (the caller undoes its writes, 503) rather than wait (JOB-3).
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(queueUnavailable()), ENQUEUE_TIMEOUT_MS);
    });
    const added = this.clearFinished(options.jobId).then(() =>
      this.queue.add(name, payload, {
        jobId: options.jobId,
        delay: options.delayMs,
        // Unprioritised jobs (priority 0) go first in BullMQ.
        ...(BACKGROUND_JOBS.has(name) ? { priority: BACKGROUND_PRIORITY } : {}),
        attempts: this.tuning.attempts,
        backoff: { type: 'exponential', delay: this.tuning.backoffMs },
        // Completed jobs are removed so the same id can run again later (a re-ingest, a new summary).
        removeOnComplete: true,
        removeOnFail: { count: 1000 },
      }),
    );
    try {
      await Promise.race([added, deadline]);
    } finally {
      clearTimeout(timer);
    }
  }

  // BullMQ ignores an add whose id it still holds and keeps failed jobs: a retried summary would wait forever.
  private async clearFinished(jobId: string | undefined): Promise<void> {
    if (!jobId) return;
    const job = await this.queue.getJob(jobId);
    if (!job) return;
    const state = await job.getState();
    if (state === 'failed' || state === 'completed') await job.remove();
  }

  async remove(jobId: string): Promise<void> {
    const job = await this.queue.getJob(jobId);
    if (!job) return;
    if ((await job.getState()) !== 'active') {
      try {
        await job.remove();
        return;
      } catch (error) {
        // A worker took the job between the state read and the removal (P10-D1: a book's DELETE answered 500):
        // it is locked now, and cancelled like any active job below.
        if ((await job.getState()) !== 'active') throw error;
      }
    }
    // An active job is locked by its worker; making this its last try stops any retry.
    await job.updateData({ ...(job.data as object), cancelled: true });
  }

  async startWorker(handlers: JobHandlers): Promise<void> {
    this.worker = new Worker(
      QUEUE_NAME,
      async (job, token) => {
        const handler = handlers.get(job.name);
        if (!handler) throw new UnrecoverableError(`No handler for job ${job.name}`);
        if ((job.data as { cancelled?: boolean }).cancelled) return;
        const started = Date.now();
        const controller = new AbortController();
        const key = job.id ?? '';
        this.active.set(key, controller);
        this.logger.log(`${job.name} ${job.id} started (try ${job.attemptsMade + 1})`);
        try {
          await handler(job.data, { jobId: key, attempt: job.attemptsMade + 1, signal: controller.signal });
        } catch (error) {
          if (!controller.signal.aborted) {
            if (error instanceof PermanentJobError) throw new UnrecoverableError(error.message);
            throw error;
          }
        } finally {
          this.active.delete(key);
        }
        if (controller.signal.aborted) {
          // Shutdown stopped it: back to waiting, this try not counted, for the next worker (LIFE-1).
          await job.moveToWait(token);
          this.logger.log(`${job.name} ${job.id} handed back to the queue`);
          throw new WaitingError();
        }
        this.logger.log(`${job.name} ${job.id} completed in ${Date.now() - started} ms`);
      },
      {
        // The worker blocks on its own connection; BullMQ duplicates it for the blocking reads.
        connection: (this.workerClient = this.clientTrackingCopies()),
        prefix: this.prefix,
        concurrency: this.tuning.concurrency,
        // BullMQ takes an explicit undefined over its own default (and refuses it): pass only what is set.
        ...(this.tuning.stalledIntervalMs ? { stalledInterval: this.tuning.stalledIntervalMs } : {}),
        ...(this.tuning.lockDurationMs ? { lockDuration: this.tuning.lockDurationMs } : {}),
      },
    );
    this.worker.on('failed', (job, error) => this.logger.warn(`${job?.name} ${job?.id} failed: ${error.message}`));
    this.worker.on('error', (error) => this.logger.error(`Worker: ${error.message}`));
    await this.worker.waitUntilReady();
  }

  private clientTrackingCopies(): Redis {
    const client = createRedisClient(this.redisUrl);
    const duplicate = client.duplicate.bind(client);
    client.duplicate = (...args: Parameters<Redis['duplicate']>) => {
      const copy = duplicate(...args);
      this.blockingClients.push(copy);
      return copy;
    };
    return client;
  }

  /**
   * ioredis leaves a client disconnected between two reconnect attempts in "reconnecting" for ever, without the
   * "end" that BullMQ's graceful close waits for (the worker then never stops, its lock timer alive: a hung
   * shutdown after a Redis restart). True once no blocking client is between attempts, false if one still is.
   */
  private async blockingClientsLive(ms: number): Promise<boolean> {
    const reconnecting = this.blockingClients.filter((client) => client.status === 'reconnecting');
    const cleanups: Array<() => void> = [];
    const live = reconnecting.map(
      (client) =>
        new Promise<void>((resolve) => {
          const done = () => resolve();
          client.once('ready', done).once('end', done);
          cleanups.push(() => client.off('ready', done).off('end', done));
        }),
    );
    try {
      return await settledWithin(live, ms);
    } finally {
      for (const cleanup of cleanups) cleanup();
    }
  }

  async ping(): Promise<void> {
    await this.queue.getJobCounts('active');
  }

  drain(graceMs: number): Promise<void> {
    this.drained ??= this.stopWorker(graceMs);
    return this.drained;
  }

  private async stopWorker(graceMs: number): Promise<void> {
    const worker = this.worker;
    if (!worker) return;
    // With Redis out of reach nothing can be handed back gracefully: a forced close ends the connections at once.
    const closed = worker.close(!(await this.blockingClientsLive(ABORT_WAIT_MS)));
    if (await settledWithin([closed], graceMs)) return;
    this.logger.warn(`Shutting down: handing ${this.active.size} running job(s) back to the queue`);
    for (const controller of this.active.values()) controller.abort(new JobShutdownError());
    // A handler that ignores its signal keeps its lock until it expires: stalled-job recovery re-runs it.
    if (!(await settledWithin([closed], ABORT_WAIT_MS)))
      this.logger.warn('Shutting down: the worker did not stop in time');
  }

  async close(graceMs = 10_000): Promise<void> {
    try {
      await this.drain(graceMs);
      // After a Redis restart a close can wait on a reconnecting client for ever; ending the clients below unblocks it.
      await settledWithin([this.queue.close()], ABORT_WAIT_MS);
    } finally {
      // Clients we created are ours to end (BullMQ leaves connections it was given open), taken as they were
      // given rather than through BullMQ's getters, which wait for a ready connection: one left reconnecting to
      // a Redis that is gone retries for ever and keeps the process alive.
      this.workerClient?.disconnect();
      const given = this.queue.opts.connection as Partial<Redis>;
      if (typeof given.disconnect === 'function') given.disconnect();
    }
  }
}
