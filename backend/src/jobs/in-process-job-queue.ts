import { Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { In, LessThanOrEqual, Not, type DataSource, type Repository } from 'typeorm';
import { JobEntity } from './job.entity.js';
import { BACKGROUND_JOBS, type JobName, type JobPayloads } from './job-names.js';
import {
  ABORT_WAIT_MS,
  backoffDelay,
  JobQueue,
  JobShutdownError,
  PermanentJobError,
  settledWithin,
  type EnqueueOptions,
  type JobHandlers,
  type JobQueueTuning,
} from './job-queue.port.js';

const POLL_MS = 500;

// Jobs are kept in the database so work survives a crash: jobs left `running` are queued again at start.
export class InProcessJobQueue extends JobQueue {
  private readonly logger = new Logger('Jobs');
  private readonly jobs: Repository<JobEntity>;
  private handlers: JobHandlers | undefined;
  private readonly running = new Map<
    string,
    { done: Promise<void>; controller: AbortController; background: boolean }
  >();
  private timer: NodeJS.Timeout | undefined;
  private closing = false;
  private pumping: Promise<void> | undefined;
  private drained: Promise<void> | undefined;

  constructor(
    dataSource: DataSource,
    private readonly tuning: JobQueueTuning,
  ) {
    super();
    this.jobs = dataSource.getRepository(JobEntity);
  }

  async enqueue<N extends JobName>(name: N, payload: JobPayloads[N], options: EnqueueOptions = {}): Promise<void> {
    const id = options.jobId ?? randomUUID();
    const existing = await this.jobs.findOneBy({ id });
    if (existing && (existing.status === 'queued' || existing.status === 'running')) return;
    const job = this.jobs.create({
      id,
      name,
      payload: JSON.stringify(payload),
      status: 'queued',
      attempts: 0,
      maxAttempts: this.tuning.attempts,
      runAt: new Date(Date.now() + (options.delayMs ?? 0)),
      lastError: null,
    });
    try {
      await this.jobs.save(job);
    } catch (error) {
      // Two requests asked for the same job at once (a client asking again while it starts): one row wins.
      const winner = isDuplicateKey(error) ? await this.jobs.findOneBy({ id }) : null;
      if (!winner || (winner.status !== 'queued' && winner.status !== 'running')) throw error;
    }
    this.kick();
    // A short delay runs on time rather than at the next poll.
    if (options.delayMs && options.delayMs < POLL_MS) setTimeout(() => this.kick(), options.delayMs + 5).unref();
  }

  async remove(jobId: string): Promise<void> {
    await this.jobs.delete({ id: jobId, status: 'queued' });
    await this.jobs.update({ id: jobId, status: 'running' }, { maxAttempts: 0 });
  }

  async startWorker(handlers: JobHandlers): Promise<void> {
    this.handlers = handlers;
    const resumed = await this.jobs.update({ status: 'running' }, { status: 'queued', runAt: new Date() });
    if (resumed.affected) this.logger.log(`Resuming ${resumed.affected} unfinished job(s)`);
    this.timer = setInterval(() => this.kick(), POLL_MS);
    this.timer.unref();
    this.kick();
  }

  async ping(): Promise<void> {
    await this.jobs.count({ where: { status: 'running' } });
  }

  drain(graceMs: number): Promise<void> {
    this.drained ??= this.stopJobs(graceMs);
    return this.drained;
  }

  async close(graceMs = 10_000): Promise<void> {
    await this.drain(graceMs);
  }

  private async stopJobs(graceMs: number): Promise<void> {
    this.closing = true;
    if (this.timer) clearInterval(this.timer);
    // A claim in flight either starts its job (which is then waited for) or hands it straight back.
    await this.pumping;
    const done = () => [...this.running.values()].map((job) => job.done);
    if (await settledWithin(done(), graceMs)) return;
    this.logger.warn(`Shutting down: handing ${this.running.size} running job(s) back to the queue`);
    for (const job of this.running.values()) job.controller.abort(new JobShutdownError());
    // A handler that ignores its signal is left behind: its job stays `running` and resumes at the next start.
    await settledWithin(done(), ABORT_WAIT_MS);
  }

  private kick(): void {
    if (!this.handlers || this.closing || this.pumping) return;
    this.pumping = this.pump()
      .catch((error: unknown) => this.logger.error(`Job runner: ${String(error)}`))
      .finally(() => {
        this.pumping = undefined;
      });
  }

  private async pump(): Promise<void> {
    while (!this.closing && this.running.size < this.tuning.concurrency) {
      const job = await this.claimNext(this.backgroundSlotsLeft() > 0);
      if (!job) return;
      if (this.closing) return this.handBack(job);
      const controller = new AbortController();
      const done = this.execute(job, controller.signal).finally(() => {
        this.running.delete(job.id);
        this.kick();
      });
      this.running.set(job.id, { done, controller, background: BACKGROUND_JOBS.has(job.name as JobName) });
    }
  }

  private backgroundSlotsLeft(): number {
    const background = [...this.running.values()].filter((job) => job.background).length;
    return Math.max(1, this.tuning.concurrency - 1) - background;
  }

  // Claiming is a conditional update, so two pumps can never take the same job.
  private async claimNext(backgroundAllowed: boolean): Promise<JobEntity | null> {
    const ready = { status: 'queued' as const, runAt: LessThanOrEqual(new Date()) };
    const foreground = { ...ready, name: Not(In([...BACKGROUND_JOBS])) };
    const candidates = await this.jobs.find({ where: foreground, order: { runAt: 'ASC' }, take: 5 });
    if (backgroundAllowed && candidates.length === 0) {
      candidates.push(...(await this.jobs.find({ where: ready, order: { runAt: 'ASC' }, take: 5 })));
    }
    for (const job of candidates) {
      if (this.running.has(job.id)) continue;
      const claimed = await this.jobs.update(
        { id: job.id, status: 'queued', attempts: job.attempts },
        { status: 'running', attempts: job.attempts + 1 },
      );
      if (claimed.affected) return { ...job, status: 'running', attempts: job.attempts + 1 };
    }
    return null;
  }

  private async execute(job: JobEntity, signal: AbortSignal): Promise<void> {
    const handler = this.handlers?.get(job.name);
    const started = Date.now();
    try {
      if (!handler) throw new PermanentJobError(`No handler for job ${job.name}`);
      this.logger.log(`${job.name} ${job.id} started (try ${job.attempts})`);
      await handler(JSON.parse(job.payload), { jobId: job.id, attempt: job.attempts, signal });
      if (signal.aborted) return await this.handBack(job);
      await this.jobs.delete({ id: job.id, status: 'running' });
      this.logger.log(`${job.name} ${job.id} completed in ${Date.now() - started} ms`);
    } catch (error) {
      // Whatever a job ended with once shutdown stopped it was caused by shutdown: it never counts as a failure.
      if (signal.aborted) return await this.handBack(job);
      await this.recordFailure(job, error).catch((failure: unknown) =>
        this.logger.error(`${job.name} ${job.id}: could not record its failure: ${String(failure)}`),
      );
    }
  }

  private async handBack(job: JobEntity): Promise<void> {
    try {
      await this.jobs.update(
        { id: job.id, status: 'running' },
        { status: 'queued', attempts: Math.max(0, job.attempts - 1), runAt: new Date() },
      );
      this.logger.log(`${job.name} ${job.id} handed back to the queue`);
    } catch (error) {
      // The database is already gone: the job is still `running` there and is resumed at the next start.
      this.logger.warn(`${job.name} ${job.id} left for the next start: ${String(error)}`);
    }
  }

  private async recordFailure(job: JobEntity, error: unknown): Promise<void> {
    const message = error instanceof Error ? error.message : String(error);
    const current = await this.jobs.findOneBy({ id: job.id });
    if (!current) return;
    const retry = !(error instanceof PermanentJobError) && current.attempts < current.maxAttempts;
    await this.jobs.update(
      { id: job.id },
      retry
        ? {
            status: 'queued',
            lastError: message,
            runAt: new Date(Date.now() + backoffDelay(this.tuning.backoffMs, job.attempts)),
          }
        : { status: 'failed', lastError: message },
    );
    this.logger.warn(
      `${job.name} ${job.id} failed (try ${job.attempts}${retry ? ', will retry' : ', giving up'}): ${message}`,
    );
  }

  pending(): Promise<number> {
    return this.jobs.count({ where: { status: In(['queued', 'running']) } });
  }
}

function isDuplicateKey(error: unknown): boolean {
  const code = (error as { driverError?: { code?: string } }).driverError?.code ?? (error as { code?: string }).code;
  return code === 'ER_DUP_ENTRY' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}
