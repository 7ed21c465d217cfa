// A worker process for the crash-recovery tests: runs `book.ingest` jobs from the compiled backend.
// With HANG=1 the handler never finishes, so the test can SIGKILL the process mid-job.
import { appendFileSync } from 'node:fs';

const [mode, target, prefix, marker] = process.argv.slice(2);
const dist = new URL('../../dist/', import.meta.url);
const tuning = { concurrency: 1, attempts: 3, backoffMs: 100, stalledIntervalMs: 500, lockDurationMs: 1000 };

const handlers = new Map([
  [
    'book.ingest',
    async (payload, context) => {
      appendFileSync(marker, `start ${payload.bookId} ${context.attempt}\n`);
      if (process.env.HANG === '1') await new Promise(() => {});
      appendFileSync(marker, `done ${payload.bookId}\n`);
    },
  ],
]);

if (mode === 'inprocess') {
  const { createDataSource } = await import(new URL('database/data-source.js', dist));
  const { InProcessJobQueue } = await import(new URL('jobs/in-process-job-queue.js', dist));
  const dataSource = createDataSource({ type: 'sqlite', path: target });
  await dataSource.initialize();
  await new InProcessJobQueue(dataSource, tuning).startWorker(handlers);
} else {
  const { Queue } = await import('bullmq');
  const { BullMqJobQueue, QUEUE_NAME } = await import(new URL('jobs/bullmq-job-queue.js', dist));
  const { createRedisClient } = await import(new URL('jobs/redis-client.js', dist));
  const queue = new Queue(QUEUE_NAME, { connection: createRedisClient(target), prefix });
  await new BullMqJobQueue(queue, target, prefix, tuning).startWorker(handlers);
}
process.stdout.write('ready\n');
