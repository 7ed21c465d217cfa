// Memory and isolation of the API process while books are uploaded and ingested, on the built backend in
// embedded mode (its own temporary DATA_DIR):
// (a) resident memory of the API process (VmRSS from /proc, every 20 ms) while a generated ~1 GB file (a PDF
//     header, then filler) is streamed to POST /api/books/upload: baseline, peak and growth (target <= 100 MB);
// (b) p99 latency of GET /api/books with autocannon (50 connections, BENCH_SECONDS=10 per round), idle and
//     while two large corpus books are being ingested the whole time (each re-uploaded when it completes),
//     BENCH_ROUNDS=3 alternating rounds of each: median busy p99 / median idle p99 (target <= 2).
// Usage: npm run build -w backend && node bench/ingest/isolation.mjs [upload] [latency]   (default both; Linux)
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { newUser, rssOf, startBackend, uploadFile, uploadGenerated, waitForBook } from './backend.mjs';
import { median, printTable } from './metrics.mjs';
import { writeResults } from './results.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
const autocannon = createRequire(join(root, 'backend', 'package.json'))('autocannon');
const corpus = process.env.CORPUS_DIR ?? join(root, '..', 'shared', 'corpus');
const booksDir = join(corpus, 'books');
const UPLOAD_BYTES = Number(process.env.BENCH_UPLOAD_MB ?? 1024) * 1024 * 1024;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = 50;
const TARGETS = { uploadRssGrowthMb: 100, p99Ratio: 2 };
const parts = process.argv.slice(2).length ? process.argv.slice(2) : ['upload', 'latency'];
const mb = (bytes) => Math.round((bytes / 1024 / 1024) * 10) / 10;
const round = (value, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

if (!existsSync('/proc/self/status')) {
  console.log('bench/ingest isolation skipped: it reads /proc (Linux only)');
  process.exit(0);
}

/** Samples the API's VmRSS every 20 ms while `work` runs. */
async function sampledRss(pid, work) {
  const samples = [];
  const timer = setInterval(() => samples.push(rssOf(pid)), 20);
  try {
    const value = await work();
    return { value, peak: Math.max(...samples, rssOf(pid)), samples: samples.length };
  } finally {
    clearInterval(timer);
  }
}

/** The API's resident memory once it has settled: the median of a second's samples. */
async function settledRss(pid) {
  await sleep(1000);
  const samples = [];
  for (let i = 0; i < 20; i++) {
    samples.push(rssOf(pid));
    await sleep(50);
  }
  return samples.sort((a, b) => a - b)[10];
}

// (a) A 1 GB upload: a valid-looking PDF header, then comment lines (it may fail ingestion; the API's
// memory while receiving it is what is measured).
async function uploadMemory() {
  const server = await startBackend({ MAX_UPLOAD_MB: String(Math.ceil(UPLOAD_BYTES / 1024 / 1024) + 16) });
  try {
    const token = await newUser(server.url);
    // Warm the upload path once (modules, first queries) so the baseline is the server at work, not cold.
    await uploadFile(server.url, token, join(booksDir, 'carroll-alice-in-wonderland.pdf'));
    const baseline = await settledRss(server.pid);
    const header = Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1');
    const filler = Buffer.alloc(1024 * 1024, '% ChapterWise isolation benchmark filler line.............\n');
    const started = performance.now();
    const { value: response, peak } = await sampledRss(server.pid, () =>
      uploadGenerated(server.url, token, 'large.pdf', UPLOAD_BYTES, (offset, length) =>
        offset === 0 ? Buffer.concat([header, filler.subarray(0, length - header.length)]) : filler.subarray(0, length),
      ),
    );
    const seconds = (performance.now() - started) / 1000;
    if (response.status !== 201) throw new Error(`upload answered ${response.status}: ${response.body}`);
    // The file is not a book: stop its ingestion and free the disk.
    const { id } = JSON.parse(response.body);
    await fetch(`${server.url}/api/books/${id}`, { method: 'DELETE', headers: { authorization: `Bearer ${token}` } });
    return {
      upload_mb: mb(UPLOAD_BYTES),
      seconds: round(seconds, 1),
      mb_per_s: round(mb(UPLOAD_BYTES) / seconds, 0),
      baseline_rss_mb: mb(baseline),
      peak_rss_mb: mb(peak),
      growth_mb: mb(peak - baseline),
      target_growth_mb: TARGETS.uploadRssGrowthMb,
      passed: peak - baseline <= TARGETS.uploadRssGrowthMb * 1024 * 1024,
    };
  } finally {
    await server.stop();
  }
}

function cannon(url, token, seconds) {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: `${url}/api/books`,
        connections: CONNECTIONS,
        duration: seconds,
        headers: { authorization: `Bearer ${token}` },
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

// (b) GET /api/books latency, idle and while two large books are ingested without pause. The machine may be
// shared: idle and busy rounds alternate, and the medians of their p99s are compared.
async function latencyUnderIngestion() {
  const server = await startBackend();
  try {
    // The reader's library: a few books, so the list is a real one.
    const token = await newUser(server.url);
    for (const file of ['carroll-alice-in-wonderland.pdf', 'kuhlmann-grammar-matters.pdf']) {
      const book = await uploadFile(server.url, token, join(booksDir, file));
      await waitForBook(server.url, token, book.id);
    }
    // Accounts for the uploads made while measuring (two uploads a month each on the free plan), made
    // beforehand: registering hashes a password, work that is not ingestion.
    const uploaders = [];
    for (let i = 0; i < 15 * ROUNDS; i++) {
      const uploader = await newUser(server.url);
      uploaders.push(uploader, uploader);
    }
    await cannon(server.url, token, 3); // warm-up, not counted

    const large = ['austen-pride-and-prejudice.pdf', 'esenwein-carnagey-the-art-of-public-speaking.pdf'];
    let ingested = 0;
    const busyRound = async () => {
      let running = true;
      const keepIngesting = async (file) => {
        while (running) {
          const uploader = uploaders.pop();
          if (!uploader) throw new Error('out of uploader accounts');
          const book = await uploadFile(server.url, uploader, join(booksDir, file));
          const done = await waitForBook(server.url, uploader, book.id, { everyMs: 100 });
          if (done.status !== 'completed') throw new Error(`${file}: ${done.error}`);
          ingested += 1;
        }
      };
      const ingestion = Promise.all(large.map(keepIngesting));
      await sleep(300); // both books are being read
      const result = await cannon(server.url, token, SECONDS);
      running = false;
      await ingestion;
      return result;
    };
    const rounds = { idle: [], busy: [] };
    for (let round = 0; round < ROUNDS; round++) {
      rounds.idle.push(await cannon(server.url, token, SECONDS));
      rounds.busy.push(await busyRound());
    }
    const row = (name, results) => ({
      load: name,
      requests: results.reduce((sum, result) => sum + result.requests.total, 0),
      errors: results.reduce((sum, result) => sum + result.errors + result.non2xx, 0),
      rps: Math.round(median(results.map((result) => result.requests.average))),
      p50_ms: median(results.map((result) => result.latency.p50)),
      p90_ms: median(results.map((result) => result.latency.p90)),
      p99_ms: median(results.map((result) => result.latency.p99)),
      p99_by_round: results.map((result) => result.latency.p99).join(' '),
      max_ms: Math.max(...results.map((result) => result.latency.max)),
    });
    return {
      idle: row('idle', rounds.idle),
      busy: { ...row('2 books ingesting', rounds.busy), books_ingested: ingested },
    };
  } finally {
    await server.stop();
  }
}

const loadAtStart = loadavg().map((v) => round(v));
const isolation = {
  protocol:
    'built backend in embedded mode; (a) VmRSS of the API process sampled every 20 ms while a generated file (PDF header + filler) is streamed to POST /api/books/upload, baseline = median over 1 s after a warm-up upload; (b) autocannon GET /api/books (50 connections) with a signed-in user (2 books), alternating idle rounds and rounds while two large corpus books are ingested back to back (JOB_CONCURRENCY default 2, uploader accounts registered beforehand); p99 = median over rounds',
  machine: { cores: availableParallelism(), loadavgAtStart: loadAtStart },
};
if (parts.includes('upload')) {
  isolation.upload = await uploadMemory();
  printTable('API memory during a streamed upload (VmRSS of the API process)', [isolation.upload]);
}
if (parts.includes('latency')) {
  const latency = await latencyUnderIngestion();
  const p99Ratio = round(latency.busy.p99_ms / Math.max(latency.idle.p99_ms, 1));
  isolation.latency = {
    ...latency,
    p99_ratio: p99Ratio,
    target_p99_ratio: TARGETS.p99Ratio,
    passed: p99Ratio <= TARGETS.p99Ratio,
  };
  printTable(`GET /api/books, autocannon ${CONNECTIONS} connections, ${ROUNDS} x ${SECONDS} s each (medians)`, [
    latency.idle,
    latency.busy,
  ]);
  console.log(`p99 ratio busy/idle ${p99Ratio} (target ≤ ${TARGETS.p99Ratio})`);
}
isolation.machine.loadavgAtEnd = loadavg().map((v) => round(v));
writeResults({ isolation });
