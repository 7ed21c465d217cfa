// The built backend as the ingestion benches use it: `node backend/dist/main.js` in embedded mode (SQLite,
// in-process jobs) on a free port with its own temporary DATA_DIR, and the few API calls they need.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../backend/test/support/scale-cluster.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const backendEntry = join(root, 'backend', 'dist', 'main.js');

// Embedded mode whatever the calling shell has configured: an empty value reads as "not set".
const OUTSIDE_SYSTEMS = ['DATABASE_URL', 'REDIS_URL', 'SMTP_URL', 'LLM_BASE_URL', 'LLM_API_KEY', 'JWT_SECRET'];

/** Starts the backend and resolves once /api/health answers; `pid` is the API process. */
export async function startBackend(env = {}) {
  if (!existsSync(backendEntry)) throw new Error('backend/dist is missing: run `npm run build -w backend` first');
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'cw-bench-ingest-server-'));
  const child = spawn(process.execPath, [backendEntry], {
    cwd: dataDir,
    env: {
      ...process.env,
      ...Object.fromEntries(OUTSIDE_SYSTEMS.map((name) => [name, ''])),
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: url,
      DATA_DIR: dataDir,
      SERVE_DASHBOARD: 'false',
      AUTH_THROTTLE_LIMIT: '100000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk) => (output = (output + chunk.toString()).slice(-20_000));
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const running = () => child.exitCode === null && child.signalCode === null;
  const stop = async () => {
    if (running()) {
      child.kill('SIGTERM');
      const forced = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(forced);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (!running()) throw new Error(`the backend exited (${child.exitCode ?? child.signalCode}):\n${output}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the backend did not answer /api/health within 60 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { url, pid: child.pid, dataDir, output: () => output, stop };
}

async function json(response, what) {
  if (!response.ok) throw new Error(`${what}: ${response.status} ${await response.text()}`);
  return response.json();
}

let accounts = 0;
/** A new account (free plan: two uploads a month, so each upload gets its own). Returns its token. */
export async function newUser(url) {
  accounts += 1;
  const unique = `${process.pid}-${Date.now().toString(36)}-${accounts}`;
  const session = await json(
    await fetch(`${url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Bench', email: `bench-${unique}@example.com`, password: 'correct-horse-42' }),
    }),
    'register',
  );
  return session.token;
}

/** Uploads a file from disk; resolves with the created book. */
export async function uploadFile(url, token, file) {
  const form = new FormData();
  form.append('file', new Blob([readFileSync(file)], { type: 'application/pdf' }), basename(file));
  return json(
    await fetch(`${url}/api/books/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    }),
    `upload ${basename(file)}`,
  );
}

/**
 * Streams a multipart upload of `size` bytes produced chunk by chunk by `chunkAt(offset, length)`, without
 * holding the file anywhere. Resolves with the HTTP status and body.
 */
export function uploadGenerated(url, token, fileName, size, chunkAt, chunkSize = 1 << 20) {
  const boundary = `----cw-bench-${Date.now().toString(36)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n` +
      'Content-Type: application/pdf\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return new Promise((resolve, reject) => {
    const req = request(
      `${url}/api/books/upload`,
      {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(head.length + size + tail.length),
        },
      },
      (response) => {
        let body = '';
        response.on('data', (chunk) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode, body }));
      },
    );
    req.on('error', reject);
    let offset = 0;
    const pump = () => {
      while (offset < size) {
        const length = Math.min(chunkSize, size - offset);
        const chunk = chunkAt(offset, length);
        offset += length;
        if (!req.write(chunk)) return void req.once('drain', pump);
      }
      req.end(tail);
    };
    req.write(head);
    pump();
  });
}

/**
 * Polls GET /api/books/{id} every `everyMs` until it is completed or failed. `onStage(status, detail)` hears each
 * change of stage (page counts aside), so a caller can time queueing, opening, reading, detection and saving.
 */
export async function waitForBook(url, token, id, { timeoutMs = 600_000, everyMs = 20, onStage } = {}) {
  const deadline = Date.now() + timeoutMs;
  let stage = '';
  for (;;) {
    const book = await json(
      await fetch(`${url}/api/books/${id}`, { headers: { authorization: `Bearer ${token}` } }),
      `book ${id}`,
    );
    const now = `${book.status}|${(book.status_detail ?? '').replace(/\d[\d,]*/g, 'N')}`;
    if (onStage && now !== stage) onStage(book.status, book.status_detail ?? '');
    stage = now;
    if (book.status === 'completed' || book.status === 'failed') return book;
    if (Date.now() > deadline) throw new Error(`book ${id} still ${book.status} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/** Resident memory of a process in bytes (Linux /proc), 0 once it has ended. */
export function rssOf(pid) {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;
  } catch {
    return 0;
  }
}
