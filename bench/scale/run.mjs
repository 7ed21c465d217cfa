// Scaled mode throughput: books per minute through one API and 1 or 2 worker processes (JOB_CONCURRENCY=1, so
// the worker count is the parallelism), on the local and the S3 storage driver (s3rver on loopback). Each round
// runs every configuration once, in turns, so machine noise falls on all of them; the best round counts.
// Needs MariaDB/MySQL and Redis: TEST_DATABASE_URL and TEST_REDIS_URL (skipped with a notice without them).
// Usage: node bench/scale/run.mjs   (BOOKS=8 RUNS=2; writes bench/results/scale.json)
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiClient, bookPdf, startCluster, startS3Server } from '../../backend/test/support/scale-cluster.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const BOOKS = Number(process.env.BOOKS ?? 8);
const RUNS = Number(process.env.RUNS ?? 2);
const round = (value, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;

if (!databaseUrl || !redisUrl) {
  console.error('[notice] TEST_DATABASE_URL or TEST_REDIS_URL is not set: nothing to benchmark');
  process.exit(0);
}
if (!existsSync(join(root, 'backend', 'dist', 'worker.js'))) {
  console.error('backend/dist is missing: run `npm run build` first');
  process.exit(1);
}

const CONFIGS = [
  { name: 'local, 1 worker', driver: 'local', workers: 1 },
  { name: 's3, 1 worker', driver: 's3', workers: 1 },
  { name: 'local, 2 workers', driver: 'local', workers: 2 },
  { name: 's3, 2 workers', driver: 's3', workers: 2 },
];

let seed = 0;
async function runOnce(config) {
  const s3 = config.driver === 's3' ? await startS3Server() : undefined;
  const cluster = await startCluster({
    databaseUrl,
    redisUrl,
    storageEnv: s3?.env ?? { STORAGE_DRIVER: 'local' },
    workers: config.workers,
    sharedDataDir: config.driver === 'local',
    env: { JOB_CONCURRENCY: '1' },
  });
  try {
    const api = apiClient(cluster.api.url);
    const user = await api.register();
    await cluster.setPlan(user.id, 'premium');
    // Books differ from run to run (the same file twice is not ingested again).
    const pdfs = await Promise.all(Array.from({ length: BOOKS }, () => bookPdf(1000 + seed++, 4, 4)));
    const started = performance.now();
    const books = await Promise.all(pdfs.map((pdf, i) => api.upload(user.token, pdf, `bench-${i}.pdf`)));
    const pending = new Set(books.map((book) => book.id));
    while (pending.size) {
      for (const id of [...pending]) {
        const book = await api.book(user.token, id);
        if (book.status === 'failed') throw new Error(`book failed: ${book.error}`);
        if (book.status === 'completed') pending.delete(id);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const seconds = (performance.now() - started) / 1000;
    return { seconds, booksPerMinute: (BOOKS / seconds) * 60 };
  } finally {
    await cluster.stop();
    await s3?.close();
  }
}

const loadAtStart = loadavg().map((value) => round(value));
const results = Object.fromEntries(CONFIGS.map((config) => [config.name, []]));
for (let run = 0; run < RUNS; run++) {
  for (const config of CONFIGS) {
    const result = await runOnce(config);
    results[config.name].push(result);
    console.error(`run ${run + 1}/${RUNS} ${config.name}: ${round(result.seconds)} s`);
  }
}

const best = Object.fromEntries(
  CONFIGS.map((config) => [config.name, Math.max(...results[config.name].map((result) => result.booksPerMinute))]),
);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const medians = Object.fromEntries(
  CONFIGS.map((config) => [config.name, median(results[config.name].map((result) => result.booksPerMinute))]),
);
const rows = CONFIGS.map((config) => ({
  configuration: config.name,
  'books/min (best)': round(best[config.name], 1),
  'books/min (median)': round(medians[config.name], 1),
  'runs (s)': results[config.name].map((result) => round(result.seconds, 1)).join(', '),
}));
console.log(`\nScaled-mode ingest: ${BOOKS} books of 17 pages, best of ${RUNS} rounds`);
console.table(rows);
const ratio = {
  twoWorkersVsOne: {
    local: round(best['local, 2 workers'] / best['local, 1 worker']),
    s3: round(best['s3, 2 workers'] / best['s3, 1 worker']),
  },
  // Throughput lost to the object store: 1 - s3/local, in percent (target <= 15).
  s3OverheadPercent: {
    oneWorker: round((1 - best['s3, 1 worker'] / best['local, 1 worker']) * 100, 1),
    twoWorkers: round((1 - best['s3, 2 workers'] / best['local, 2 workers']) * 100, 1),
  },
};
console.log(
  `2 workers vs 1: x${ratio.twoWorkersVsOne.local} (local), x${ratio.twoWorkersVsOne.s3} (s3); ` +
    `S3 overhead: ${ratio.s3OverheadPercent.oneWorker}% (1 worker), ${ratio.s3OverheadPercent.twoWorkers}% (2 workers); target <= 15%`,
);
const out = join(root, 'bench', 'results');
mkdirSync(out, { recursive: true });
writeFileSync(
  join(out, 'scale.json'),
  `${JSON.stringify(
    {
      measuredAt: new Date().toISOString(),
      machine: { cores: availableParallelism(), loadAtStart, loadAtEnd: loadavg().map((value) => round(value)) },
      books: BOOKS,
      pagesPerBook: 17,
      runs: RUNS,
      results,
      best,
      medians,
      ratio,
    },
    null,
    2,
  )}\n`,
);
