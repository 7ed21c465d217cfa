import { Job, Queue, type Worker } from 'bullmq';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DataSource } from 'typeorm';
import { BullMqJobQueue, QUEUE_NAME } from '../../src/jobs/bullmq-job-queue.js';
import { InProcessJobQueue } from '../../src/jobs/in-process-job-queue.js';
import { JobQueue, PermanentJobError, type JobHandlerFn, type JobQueueTuning } from '../../src/jobs/job-queue.port.js';
import { createDataSource } from '../../src/database/data-source.js';
import { createRedisClient } from '../../src/jobs/redis-client.js';
import { testRedisUrl } from '../support/databases.js';
import { canRunThrowawayRedis, startThrowawayRedis, type ThrowawayService } from '../support/throwaway-services.js';

const backendDir = fileURLToPath(new URL('../..', import.meta.url));
const tuning: JobQueueTuning = {
  concurrency: 2,
  attempts: 3,
  backoffMs: 50,
  stalledIntervalMs: 500,
  lockDurationMs: 1000,
};

interface Harness {
  queue: JobQueue;
  /** Another queue on the same store, as a restarted process would open it. */
  reopen: () => JobQueue;
  close: () => Promise<void>;
}

async function inProcessHarness(): Promise<Harness> {
  const dir = mkdtempSync(join(tmpdir(), 'cw-jobs-'));
  const dataSource = createDataSource({ type: 'sqlite', path: join(dir, 'db.sqlite') });
  await dataSource.initialize();
  const queue = new InProcessJobQueue(dataSource, tuning);
  return {
    queue,
    reopen: () => new InProcessJobQueue(dataSource, tuning),
    close: async () => {
      await queue.close(1000);
      await dataSource.destroy();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function bullHarness(redisUrl: string): Promise<Harness> {
  const prefix = `cwtest-${randomBytes(4).toString('hex')}`;
  const open = () =>
    new BullMqJobQueue(
      new Queue(QUEUE_NAME, { connection: createRedisClient(redisUrl), prefix }),
      redisUrl,
      prefix,
      tuning,
    );
  const queue = open();
  return { queue, reopen: open, close: () => queue.close(1000) };
}

function until(check: () => boolean, timeoutMs = 15_000): Promise<void> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const timer = setInterval(() => {
      if (check()) {
        clearInterval(timer);
        resolve();
      } else if (Date.now() - started > timeoutMs) {
        clearInterval(timer);
        reject(new Error('condition not met in time'));
      }
    }, 25);
  });
}

const redisUrl = testRedisUrl();
const adapters: Array<[string, () => Promise<Harness>]> = [['in-process', inProcessHarness]];
if (redisUrl) adapters.push(['BullMQ', () => bullHarness(redisUrl)]);

describe.each(adapters)('JobQueue (%s adapter)', (_name, makeHarness) => {
  let harness: Harness;
  beforeEach(async () => {
    harness = await makeHarness();
  });
  afterEach(async () => {
    await harness.close();
  });

  function start(handler: JobHandlerFn) {
    return harness.queue.startWorker(new Map([['book.ingest', handler]]));
  }

  it('runs a job with its payload', async () => {
    const seen: unknown[] = [];
    await start(async (payload) => {
      seen.push(payload);
    });
    await harness.queue.enqueue('book.ingest', { bookId: 'b-1' });
    await until(() => seen.length === 1);
    expect(seen).toEqual([{ bookId: 'b-1' }]);
  });

  it('retries a failing job with backoff until it succeeds', async () => {
    const attempts: number[] = [];
    const times: number[] = [];
    await start(async (_payload, context) => {
      attempts.push(context.attempt);
      times.push(Date.now());
      if (context.attempt < 3) throw new Error('transient');
    });
    await harness.queue.enqueue('book.ingest', { bookId: 'b-2' });
    await until(() => attempts.length === 3);
    expect(attempts).toEqual([1, 2, 3]);
    // Exponential: the second wait is at least the base delay doubled.
    expect(times[2]! - times[1]!).toBeGreaterThanOrEqual(90);
  });

  it('does not retry a permanent failure', async () => {
    let calls = 0;
    await start(async () => {
      calls += 1;
      throw new PermanentJobError('This PDF is password-protected');
    });
    await harness.queue.enqueue('book.ingest', { bookId: 'b-3' });
    await until(() => calls === 1);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(calls).toBe(1);
  });

  it('on shutdown lets a job finish within the grace period, and it does not run again', async () => {
    const runs: number[] = [];
    await start(async (_payload, context) => {
      runs.push(context.attempt);
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
    await harness.queue.enqueue('book.ingest', { bookId: 'b-graceful' }, { jobId: 'b-graceful' });
    await until(() => runs.length === 1);
    await harness.queue.drain(10_000);
    const next = harness.reopen();
    await next.startWorker(new Map([['book.ingest', async () => void runs.push(-1)]]));
    await new Promise((resolve) => setTimeout(resolve, 800));
    await next.close(1000);
    expect(runs).toEqual([1]);
  });

  it('on shutdown past the grace period aborts a job and hands it back without counting the try (LIFE-1)', async () => {
    let stopped = false;
    await start(async (_payload, context) => {
      await new Promise((resolve) => context.signal!.addEventListener('abort', resolve, { once: true }));
      stopped = true;
      // What a handler typically meets while its process stops: it must not count as a failure.
      throw new Error('The database connection is not open');
    });
    await harness.queue.enqueue('book.ingest', { bookId: 'b-handed-back' }, { jobId: 'b-handed-back' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    await harness.queue.drain(100);
    // drain resolves only once the handler has returned.
    expect(stopped).toBe(true);
    const attempts: number[] = [];
    const next = harness.reopen();
    await next.startWorker(
      new Map([['book.ingest', async (_payload, context) => void attempts.push(context.attempt)]]),
    );
    await until(() => attempts.length === 1);
    await next.close(1000);
    expect(attempts).toEqual([1]);
  });

  it('de-duplicates by job id while the job is waiting or running', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let calls = 0;
    await start(async () => {
      calls += 1;
      await gate;
    });
    await harness.queue.enqueue('book.ingest', { bookId: 'same' }, { jobId: 'same' });
    await until(() => calls === 1);
    await harness.queue.enqueue('book.ingest', { bookId: 'same' }, { jobId: 'same' });
    release();
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(calls).toBe(1);
  });

  it('runs a job id again once its earlier job has failed for good (a summary asked for after a failure)', async () => {
    let calls = 0;
    await start(async () => {
      calls += 1;
      if (calls === 1) throw new PermanentJobError('Failed to generate summary');
    });
    await harness.queue.enqueue('book.ingest', { bookId: 'again' }, { jobId: 'again' });
    await until(() => calls === 1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    await harness.queue.enqueue('book.ingest', { bookId: 'again' }, { jobId: 'again' });
    await until(() => calls === 2);
    expect(calls).toBe(2);
  });

  it('starts a waiting upload before waiting background work, and in-process keeps a slot free for it', async () => {
    const started: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const record = async (payload: unknown) => {
      started.push((payload as { bookId: string }).bookId);
      await gate;
    };
    await harness.queue.startWorker(
      new Map([
        ['book.ingest', record],
        ['book.prepare', record],
      ]),
    );
    for (const bookId of ['p1', 'p2', 'p3']) await harness.queue.enqueue('book.prepare', { bookId });
    await until(() => started.length >= 1);
    await harness.queue.enqueue('book.ingest', { bookId: 'upload' });
    if (_name === 'in-process') await until(() => started.includes('upload'));
    else await new Promise((resolve) => setTimeout(resolve, 300));
    release();
    await until(() => started.length === 4);
    expect(started.indexOf('upload')).toBeLessThan(started.indexOf('p3'));
  });

  it('never runs more jobs at once than its concurrency', async () => {
    let active = 0;
    let peak = 0;
    let done = 0;
    await start(async () => {
      active += 1;
      peak = Math.max(peak, active);
      await new Promise((resolve) => setTimeout(resolve, 80));
      active -= 1;
      done += 1;
    });
    for (let i = 0; i < 6; i++) await harness.queue.enqueue('book.ingest', { bookId: `c-${i}` });
    await until(() => done === 6);
    expect(peak).toBe(tuning.concurrency);
  });
});

describe('Crash recovery (JOB-2): a worker killed with SIGKILL mid-job', () => {
  const children: ChildProcess[] = [];
  let dir: string;

  beforeAll(() => {
    // The child processes run the compiled backend; build it when the sources are newer.
    const built = join(backendDir, 'dist/jobs/in-process-job-queue.js');
    const source = join(backendDir, 'src/jobs/in-process-job-queue.ts');
    if (!existsSync(built) || statSync(built).mtimeMs < statSync(source).mtimeMs) {
      const result = spawnSync('npx', ['tsc', '-p', 'tsconfig.build.json'], { cwd: backendDir, stdio: 'inherit' });
      if (result.status !== 0) throw new Error('backend build failed');
    }
  }, 120_000);
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'cw-crash-'));
  });
  afterEach(() => {
    for (const child of children.splice(0)) child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  // The exit is awaited from spawn on: a worker that ends early (before the test kills it) must not hang the test.
  const exits = new WeakMap<ChildProcess, Promise<unknown>>();
  const exitOf = (child: ChildProcess) => exits.get(child)!;

  function worker(mode: string, target: string, prefix: string, marker: string, hang: boolean): ChildProcess {
    const child = spawn(
      process.execPath,
      [join(backendDir, 'test/support/job-worker-child.mjs'), mode, target, prefix, marker],
      {
        env: { ...process.env, HANG: hang ? '1' : '0' },
        stdio: 'ignore',
      },
    );
    children.push(child);
    exits.set(child, new Promise((resolve) => child.once('exit', resolve)));
    return child;
  }

  const read = (marker: string) => (existsSync(marker) ? readFileSync(marker, 'utf8') : '');

  it('in-process: the job is resumed at the next start and completes', async () => {
    const db = join(dir, 'db.sqlite');
    const marker = join(dir, 'marker.txt');
    writeFileSync(marker, '');
    const dataSource: DataSource = createDataSource({ type: 'sqlite', path: db });
    await dataSource.initialize();
    await new InProcessJobQueue(dataSource, tuning).enqueue('book.ingest', { bookId: 'crash-1' }, { jobId: 'crash-1' });
    await dataSource.destroy();

    // Generous waits: each worker is a fresh Node process loading the compiled backend, slow on a busy CI machine.
    const first = worker('inprocess', db, '', marker, true);
    await until(() => read(marker).includes('start crash-1 1'), 40_000);
    first.kill('SIGKILL');
    await exitOf(first);

    worker('inprocess', db, '', marker, false);
    await until(() => read(marker).includes('done crash-1'), 40_000);
    expect(read(marker)).toMatch(/start crash-1 1\n(.|\n)*done crash-1/);
  }, 90_000);

  (redisUrl ? it : it.skip)(
    'BullMQ: stalled-job recovery hands the job to another worker, which completes it',
    async () => {
      const prefix = `cwtest-${randomBytes(4).toString('hex')}`;
      const marker = join(dir, 'marker.txt');
      writeFileSync(marker, '');
      const client = createRedisClient(redisUrl!);
      const queue = new Queue(QUEUE_NAME, { connection: client, prefix });
      await queue.add('book.ingest', { bookId: 'crash-2' }, { jobId: 'crash-2', attempts: 3 });

      const first = worker('bullmq', redisUrl!, prefix, marker, true);
      await until(() => read(marker).includes('start crash-2'));
      first.kill('SIGKILL');
      await exitOf(first);

      worker('bullmq', redisUrl!, prefix, marker, false);
      await until(() => read(marker).includes('done crash-2'), 30_000);
      await queue.obliterate({ force: true });
      await queue.close();
      client.disconnect();
    },
    45_000,
  );
});

(canRunThrowawayRedis() ? describe : describe.skip)('BullMQ worker shutdown after a Redis restart', () => {
  let redis: ThrowawayService;
  beforeAll(async () => {
    redis = await startThrowawayRedis();
  }, 30_000);
  afterAll(async () => {
    await redis?.remove();
  }, 30_000);

  // The worker's blocking client waits between reconnect attempts for a while after Redis is back: closed at
  // that moment, BullMQ's graceful close waited for ever on it and its lock-renewal timer kept the process alive.
  it('stops its worker promptly while the blocking client is between reconnect attempts', async () => {
    const prefix = `cwtest-${randomBytes(4).toString('hex')}`;
    const queue = new BullMqJobQueue(
      new Queue(QUEUE_NAME, { connection: createRedisClient(redis.url), prefix }),
      redis.url,
      prefix,
      tuning,
    );
    await queue.startWorker(new Map([['book.ingest', async () => undefined]]));
    const worker = (queue as unknown as { worker: Worker }).worker;
    const stopped = new Promise<void>((resolve) => worker.once('closed', () => resolve()));
    await redis.stop();
    // Several failed attempts stretch ioredis's wait before the next one.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await redis.start();
    const started = Date.now();
    await queue.close(0);
    await expect(
      Promise.race([stopped.then(() => 'stopped'), new Promise((r) => setTimeout(r, 1000, 'running'))]),
    ).resolves.toBe('stopped');
    expect(Date.now() - started).toBeLessThan(8000);
  }, 30_000);
});

const describeBullMq = redisUrl ? describe : describe.skip;
describeBullMq('BullMQ job removal', () => {
  it('cancels a job a worker takes between reading its state and removing it (P10-D1: a book DELETE answered 500)', async () => {
    const harness = await bullHarness(redisUrl!);
    const getState = Job.prototype.getState;
    const updateData = Job.prototype.updateData;
    const updates: unknown[] = [];
    let release: () => void = () => undefined;
    try {
      let runs = 0;
      await harness.queue.startWorker(
        new Map([
          [
            'book.ingest',
            async () => {
              runs += 1;
              await new Promise<void>((resolve) => (release = resolve));
            },
          ],
        ]),
      );
      await harness.queue.enqueue('book.ingest', { bookId: 'b-race' }, { jobId: 'b-race' });
      await until(() => runs === 1);
      // The state as it was read just before the worker took the job.
      let staleReads = 1;
      Job.prototype.getState = function (this: Job) {
        if (staleReads-- > 0) return Promise.resolve('waiting');
        return getState.call(this);
      } as typeof getState;
      Job.prototype.updateData = function (this: Job, data: unknown) {
        updates.push(data);
        return updateData.call(this, data);
      } as typeof updateData;
      await expect(harness.queue.remove('b-race')).resolves.toBeUndefined();
      expect(updates).toEqual([expect.objectContaining({ bookId: 'b-race', cancelled: true })]);
    } finally {
      Job.prototype.getState = getState;
      Job.prototype.updateData = updateData;
      release();
      await harness.close();
    }
  });
});
