// Scaled mode as separate real processes: one API (`dist/main.js`) and worker processes (`dist/worker.js`)
// on MariaDB + Redis, storing files in a local S3-compatible server (s3rver) or a local folder. Used by
// test/integration/scale-out.int-spec.ts and bench/scale.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { createConnection } from 'mysql2/promise';
import PDFDocument from 'pdfkit';
import S3rver from 's3rver';

const dist = fileURLToPath(new URL('../../dist/', import.meta.url));
const BUCKET = 'chapterwise';

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** s3rver on a random loopback port with one bucket; `objectKeys()` lists what it holds. */
export async function startS3Server() {
  const directory = mkdtempSync(join(tmpdir(), 'cw-s3rver-'));
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: BUCKET }],
  });
  const { port } = await server.run();
  return {
    env: {
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_BUCKET: BUCKET,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    objectKeys: () =>
      filesUnder(join(directory, BUCKET))
        .filter((path) => path.endsWith('._S3rver_object'))
        .map((path) => path.slice(0, -'._S3rver_object'.length)),
    close: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** Every file below `dir`, relative to it. */
export function filesUnder(dir) {
  const found = [];
  const walk = (current) => {
    let entries;
    try {
      entries = readdirSync(current, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const path = join(current, entry.name);
      if (entry.isDirectory()) walk(path);
      else found.push(relative(dir, path));
    }
  };
  walk(dir);
  return found;
}

async function mysqlAdmin(baseUrl) {
  const base = new URL(baseUrl);
  return createConnection({
    host: base.hostname,
    port: Number(base.port || 3306),
    user: decodeURIComponent(base.username),
    password: decodeURIComponent(base.password),
  });
}

/**
 * Starts the API, then `workers` worker processes. `sharedDataDir`: every process uses one DATA_DIR (the local
 * driver needs a shared folder); otherwise each gets its own.
 */
export async function startCluster({
  databaseUrl,
  redisUrl,
  storageEnv = {},
  workers = 2,
  sharedDataDir = false,
  env = {},
}) {
  const dbName = `cw_scale_${randomBytes(5).toString('hex')}`;
  const admin = await mysqlAdmin(databaseUrl);
  await admin.query(`CREATE DATABASE \`${dbName}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  await admin.end();
  const dbUrl = new URL(databaseUrl);
  dbUrl.pathname = `/${dbName}`;
  const shared = sharedDataDir ? mkdtempSync(join(tmpdir(), 'cw-scale-shared-')) : undefined;
  const common = {
    NODE_ENV: 'test',
    DATABASE_URL: dbUrl.toString(),
    REDIS_URL: redisUrl,
    REDIS_PREFIX: `cwscale-${randomBytes(4).toString('hex')}`,
    JWT_SECRET: randomBytes(32).toString('hex'),
    AUTH_THROTTLE_LIMIT: '100000',
    SERVE_DASHBOARD: 'false',
    JOB_CONCURRENCY: '2',
    // A killed worker's job is taken over after about two seconds instead of BullMQ's thirty.
    JOB_LOCK_S: '2',
    // Workers stand for hosts of their own: nothing to protect, and a busy shared machine would starve niceness 19.
    EXTRACT_NICENESS: '0',
    // The test asks for one book's summary itself; preparing every chapter of six books first would queue it last.
    STUDY_PREPARE_OFFLINE: 'false',
    HOST: '127.0.0.1',
    SMTP_URL: '',
    LLM_BASE_URL: '',
    LLM_API_KEY: '',
    TTS_BASE_URL: '',
    ...storageEnv,
    ...env,
  };
  const processes = [];
  const spawnProcess = async (entry, dataDir) => {
    const port = await freePort();
    const dir = dataDir ?? shared ?? mkdtempSync(join(tmpdir(), `cw-scale-${entry.replace('.js', '')}-`));
    let output = '';
    const child = spawn(process.execPath, [join(dist, entry)], {
      cwd: dir,
      env: { ...process.env, ...common, PORT: String(port), APP_URL: `http://127.0.0.1:${port}`, DATA_DIR: dir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const keep = (chunk) => (output = (output + chunk.toString()).slice(-20_000));
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    const exited = new Promise((resolve) => child.once('exit', resolve));
    const proc = {
      child,
      dataDir: dir,
      url: `http://127.0.0.1:${port}`,
      output: () => output,
      exited,
      kill: async (signal = 'SIGKILL') => {
        if (child.exitCode === null && child.signalCode === null) child.kill(signal);
        await exited;
      },
    };
    processes.push(proc);
    return proc;
  };

  const api = await spawnProcess('main.js');
  // The first start migrates a fresh database: on a busy 2-core machine that alone can take a minute.
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (api.child.exitCode !== null) throw new Error(`API exited:\n${api.output()}`);
    const up = await fetch(`${api.url}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) throw new Error(`API did not start:\n${api.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  // Workers start after the API has run the migrations: several processes migrating at once would race.
  const workerList = [];
  for (let i = 0; i < workers; i++) workerList.push(await spawnProcess('worker.js'));
  // A worker still booting takes no job: on a busy machine the first one up would take every book, two at a time,
  // and a test about several workers would test one. The cluster is up when the queue sees all of them.
  await waitForQueueWorkers(redisUrl, common.REDIS_PREFIX, workerList);

  return {
    api,
    workers: workerList,
    databaseUrl: dbUrl.toString(),
    /** A worker with the given DATA_DIR (a restarted one) or a fresh folder. */
    startWorker: (dataDir) => spawnProcess('worker.js', dataDir),
    dataDirs: () => [...new Set(processes.map((proc) => proc.dataDir))],
    setPlan: async (userId, plan) => {
      const connection = await createConnection(dbUrl.toString());
      await connection.query('UPDATE users SET plan = ? WHERE id = ?', [plan, userId]);
      await connection.end();
    },
    stop: async () => {
      await Promise.all(processes.map((proc) => proc.kill('SIGTERM')));
      const drop = await mysqlAdmin(databaseUrl);
      await drop.query(`DROP DATABASE IF EXISTS \`${dbName}\``);
      await drop.end();
      for (const dir of new Set(processes.map((proc) => proc.dataDir))) rmSync(dir, { recursive: true, force: true });
    },
  };
}

// Sentences of an ordinary textbook, so the offline engine writes notes from them as it would from a real book.
const SENTENCES = [
  'A river carries water, sand and stones from the hills down to the sea.',
  'Cities grew where rivers met the coast, because boats could bring goods to their markets.',
  'A market is a place where buyers and sellers meet to trade goods for money.',
  'Farmers brought grain to the town market every week and sold it to millers and bakers.',
  'Trade between cities spread new ideas about tools, farming and writing.',
  'Writing let merchants keep records of what they had bought and what they owed.',
  'The first schools taught the sons of merchants to read, count and write letters.',
  'Teachers explained how the seasons changed the height of the river each year.',
  'When the river flooded, it left rich mud on the fields and the harvest was large.',
  'A dry year meant a poor harvest, and the price of bread rose in every market.',
  'Governments stored grain in good years so that people would not starve in bad ones.',
  'Roads and bridges made it cheaper to move goods between the cities of a region.',
  'A tax is money that people pay to the government to build and keep such roads.',
  'Students who study these changes learn why some cities grew rich while others faded.',
  'Maps of old trade routes show how closely the great cities followed the rivers.',
  'Historians read letters, records and laws to understand how people lived long ago.',
];

/** Ordinary sentences that differ from page to page (seeded, so a run is reproducible). */
function pageText(seed) {
  let state = seed >>> 0;
  // mulberry32: a small PRNG whose arithmetic stays within 32 bits (a float LCG degenerates).
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
  return Array.from({ length: 12 }, () => SENTENCES[next() % SENTENCES.length]).join(' ');
}

/** A small born-digital book with an outline: `chapters` chapters of `pagesPerChapter` pages; `seed` makes it unique. */
/** Waits until every worker process listens on the job queue (BullMQ names each worker's Redis connection). */
async function waitForQueueWorkers(redisUrl, prefix, workerList) {
  const connection = new Redis(redisUrl, { maxRetriesPerRequest: null });
  const queue = new Queue('chapterwise', { connection, prefix });
  try {
    const deadline = Date.now() + 120_000;
    for (;;) {
      const exited = workerList.find((worker) => worker.child.exitCode !== null);
      if (exited) throw new Error(`A worker exited while starting:\n${exited.output()}`);
      if ((await queue.getWorkersCount()) >= workerList.length) return;
      if (Date.now() > deadline)
        throw new Error(`Workers did not start:\n${workerList.map((worker) => worker.output()).join('\n')}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  } finally {
    await queue.close();
    connection.disconnect();
  }
}

export function bookPdf(seed, chapters = 3, pagesPerChapter = 3) {
  const doc = new PDFDocument({ size: 'A5', margin: 50, autoFirstPage: false, info: { Title: `Scale Book ${seed}` } });
  doc.addPage();
  doc.font('Helvetica-Bold').fontSize(26).text(`Scale Book ${seed}`, { align: 'center' });
  for (let c = 0; c < chapters; c++) {
    for (let p = 0; p < pagesPerChapter; p++) {
      doc.addPage();
      if (p === 0) {
        doc.outline.addItem(`Chapter ${c + 1}`);
        doc
          .font('Helvetica-Bold')
          .fontSize(20)
          .text(`Chapter ${c + 1}`);
        doc.moveDown();
      }
      doc
        .font('Helvetica')
        .fontSize(10)
        .text(pageText(seed * 1000 + c * 10 + p), { align: 'justify' });
    }
  }
  return new Promise((resolve, reject) => {
    const chunks = [];
    doc.on('data', (chunk) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}

/** A client of one API process. */
export function apiClient(baseUrl) {
  const call = async (method, path, { token, body, expect } = {}) => {
    const response = await fetch(`${baseUrl}/api${path}`, {
      method,
      headers: {
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
        ...(body && !(body instanceof FormData) ? { 'Content-Type': 'application/json' } : {}),
      },
      body: body instanceof FormData ? body : body ? JSON.stringify(body) : undefined,
    });
    const text = await response.text();
    const json = text && response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text;
    if (expect && !expect.includes(response.status))
      throw new Error(`${method} ${path}: ${response.status} ${text.slice(0, 300)}`);
    return { status: response.status, body: json };
  };
  return {
    call,
    register: async () => {
      const email = `scale${Date.now()}${randomBytes(3).toString('hex')}@example.com`;
      const { body } = await call('POST', '/auth/register', {
        body: { name: 'Scale Student', email, password: 'correct horse' },
        expect: [201],
      });
      return { token: body.token, id: body.user.id };
    },
    upload: async (token, pdf, name) => {
      const form = new FormData();
      form.append('file', new Blob([pdf], { type: 'application/pdf' }), name);
      const { body } = await call('POST', '/books/upload', { token, body: form, expect: [201] });
      return body;
    },
    book: async (token, id) => (await call('GET', `/books/${id}`, { token, expect: [200] })).body,
  };
}
