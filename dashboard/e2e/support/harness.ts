// The built app in embedded mode for the end-to-end tests, the screenshots and bench/dashboard:
// starts `node backend/dist/main.js` (which also serves dashboard/dist), talks to its API, and knows
// how to launch the system Chromium. No relative imports, so Node can load it directly (type
// stripping) from bench/ scripts.
import { SESSION_TOKEN_KEY, SESSION_USER_KEY } from '@chapterwise/shared';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** A second name for this machine, as a phone on the network would know it: the browser resolves it to 127.0.0.1. */
export const SECOND_HOST_NAME = 'studyhost.test';
export const CHROMIUM_ARGS = [
  `--host-resolver-rules=MAP ${SECOND_HOST_NAME} 127.0.0.1`,
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

const BUILT_FILES = ['shared/dist/index.js', 'backend/dist/main.js', 'dashboard/dist/index.html'];

// Embedded mode whatever the calling shell has configured: an empty value reads as "not set".
const OUTSIDE_SYSTEMS = [
  'DATABASE_URL',
  'REDIS_URL',
  'SMTP_URL',
  'LLM_BASE_URL',
  'LLM_API_KEY',
  'TTS_BASE_URL',
  'TTS_API_KEY',
  'RAZORPAY_KEY_ID',
  'RAZORPAY_KEY_SECRET',
  'PAYPAL_CLIENT_ID',
  'PAYPAL_CLIENT_SECRET',
  'PAYMENTS_TEST_MODE',
  'AUTH_DEV_SHOW_RESET_CODE',
  'JWT_SECRET',
];

export interface RunningBackend {
  url: string;
  /** The server's process id (its extraction and speech run in child processes). */
  pid: number;
  output: () => string;
  stop: () => Promise<void>;
}

export interface SessionUser {
  id: string;
  name: string;
  email: string;
  plan: string;
}

export interface Session {
  token: string;
  user: SessionUser;
}

export interface BookSummary {
  id: string;
  title: string;
  status: string;
  progress: number;
  total_pages: number;
  error?: string | null;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** The tests run what `npm run build` made; they never build themselves. */
export function missingBuildOutputs(): string[] {
  return BUILT_FILES.filter((file) => !existsSync(join(REPO_ROOT, file)));
}

/**
 * Starts the built backend in embedded mode (SQLite, in-process jobs, offline study engine, payments in
 * TEST MODE, reset codes shown on the page) on a free port with a temporary DATA_DIR.
 */
export async function startBackend(env: Record<string, string> = {}): Promise<RunningBackend> {
  const missing = missingBuildOutputs();
  if (missing.length > 0) {
    throw new Error(`Build the app first (npm run build at the repository root); missing: ${missing.join(', ')}`);
  }
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'chapterwise-dashboard-e2e-'));
  const child = spawn(process.execPath, [join(REPO_ROOT, 'backend/dist/main.js')], {
    cwd: dataDir,
    env: {
      ...process.env,
      ...Object.fromEntries(OUTSIDE_SYSTEMS.map((name) => [name, ''])),
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      // The public URL: PayPal's return URL and mail links are built from it (file links are paths on any host).
      APP_URL: url,
      DATA_DIR: dataDir,
      // Every test registers and signs in from the same address.
      AUTH_THROTTLE_LIMIT: '10000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const running = () => child.exitCode === null && child.signalCode === null;
  const stop = async () => {
    if (running()) {
      child.kill('SIGTERM');
      // A clean shutdown takes well under a second; do not let a stuck one hold the test run.
      const forced = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(forced);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (!running()) throw new Error(`The backend exited (${child.exitCode ?? child.signalCode}):\n${output}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return { url, pid: child.pid!, output: () => output, stop };
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`The backend did not answer /api/health within 60 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** CPU seconds used so far by a process and all its descendants (Linux /proc). */
function treeCpuSeconds(rootPid: number): number {
  const stats = readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map((name) => {
      try {
        // Fields after the command name: state ppid ... utime(14) stime(15), counted from pid as field 1.
        const fields = readFileSync(`/proc/${name}/stat`, 'utf8')
          .replace(/^.*\) /, '')
          .split(' ');
        return { pid: Number(name), ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) };
      } catch {
        return null; // Ended meanwhile.
      }
    })
    .filter((stat) => stat !== null);
  const tree = new Set([rootPid]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const stat of stats) {
      if (tree.has(stat.ppid) && !tree.has(stat.pid)) {
        tree.add(stat.pid);
        grew = true;
      }
    }
  }
  return stats.filter((stat) => tree.has(stat.pid)).reduce((sum, stat) => sum + stat.ticks, 0) / 100;
}

/**
 * Waits until the server has finished the work an upload leaves behind (chapter notes, covers), measured as
 * its process tree using under 5% of a core for two seconds in a row, so that a benchmark times pages only.
 */
export async function waitForIdleServer(backend: RunningBackend, timeoutMs = 600_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let quietSeconds = 0;
  let before = treeCpuSeconds(backend.pid);
  while (quietSeconds < 2) {
    if (Date.now() > deadline) throw new Error(`The server was still busy after ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const now = treeCpuSeconds(backend.pid);
    quietSeconds = now - before < 0.05 ? quietSeconds + 1 : 0;
    before = now;
  }
}

async function apiJson<T>(response: Response, what: string): Promise<T> {
  if (!response.ok) throw new Error(`${what}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

let accounts = 0;

/** A unique, valid account for one test (emails must not repeat within a server's life). */
export function newAccount(label: string): { name: string; email: string; password: string } {
  accounts += 1;
  const unique = `${process.pid}-${Date.now().toString(36)}-${accounts}`;
  return {
    name: label.charAt(0).toUpperCase() + label.slice(1),
    email: `${label.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${unique}@example.com`,
    password: 'correct-horse-42',
  };
}

export async function registerUser(
  baseUrl: string,
  account: { name: string; email: string; password: string },
): Promise<Session> {
  const response = await fetch(`${baseUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  return apiJson<Session>(response, `register ${account.email}`);
}

export async function uploadBook(baseUrl: string, token: string, pdf: Buffer, fileName: string): Promise<BookSummary> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), fileName);
  const response = await fetch(`${baseUrl}/api/books/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return apiJson<BookSummary>(response, `upload ${fileName}`);
}

/** Polls GET /books/{id} until ingestion has finished; throws when it failed or took too long. */
export async function waitForBook(
  baseUrl: string,
  token: string,
  bookId: string,
  timeoutMs = 60_000,
): Promise<BookSummary> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await fetch(`${baseUrl}/api/books/${bookId}`, { headers: { authorization: `Bearer ${token}` } });
    const book = await apiJson<BookSummary>(response, `book ${bookId}`);
    if (book.status === 'completed') return book;
    if (book.status === 'failed')
      throw new Error(`Ingestion of ${book.title} failed: ${book.error ?? 'no reason given'}`);
    if (Date.now() > deadline)
      throw new Error(`Ingestion of ${book.title} did not finish (${book.status} ${book.progress}%)`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** POST with the session's bearer token and no body (summaries, topics, audio, exports). */
export async function postAsUser<T>(baseUrl: string, token: string, path: string): Promise<T> {
  const response = await fetch(`${baseUrl}/api${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
  });
  return apiJson<T>(response, `POST ${path}`);
}

export async function getAsUser<T>(baseUrl: string, token: string, path: string): Promise<T> {
  const response = await fetch(`${baseUrl}/api${path}`, { headers: { authorization: `Bearer ${token}` } });
  return apiJson<T>(response, `GET ${path}`);
}

/**
 * Playwright storage state holding a signed-in session: the two localStorage keys the dashboard reads
 * (spec §3: token and user object under two keys).
 */
export function signedInState(baseUrl: string, session: Session) {
  return {
    cookies: [],
    origins: [
      {
        origin: new URL(baseUrl).origin,
        localStorage: [
          { name: SESSION_TOKEN_KEY, value: session.token },
          { name: SESSION_USER_KEY, value: JSON.stringify(session.user) },
        ],
      },
    ],
  };
}
