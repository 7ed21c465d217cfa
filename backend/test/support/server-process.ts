import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const backendDir = fileURLToPath(new URL('../..', import.meta.url));

/** Compiles the backend when dist is older than the sources (tests that start the real server use dist). */
export function ensureBackendBuilt(): void {
  const built = join(backendDir, 'dist/main.js');
  const newest = (dir: string): number => {
    let latest = 0;
    for (const entry of spawnSync('find', [dir, '-name', '*.ts', '-newer', built], { encoding: 'utf8' }).stdout.split(
      '\n',
    )) {
      if (entry) latest = Math.max(latest, statSync(entry).mtimeMs);
    }
    return latest;
  };
  if (existsSync(built) && newest(join(backendDir, 'src')) === 0) return;
  const result = spawnSync('npx', ['tsc', '-p', 'tsconfig.build.json'], { cwd: backendDir, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('backend build failed');
}

// Below Linux's ephemeral range (32768 and up): there, the other jest worker's outgoing connections can take
// the port between this check and the child's listen (EADDRINUSE).
const QUIET_PORTS = { from: 20_000, to: 32_000 };

export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const port = QUIET_PORTS.from + Math.floor(Math.random() * (QUIET_PORTS.to - QUIET_PORTS.from));
    if (await canListen(port)) return port;
  }
  throw new Error('no free port below the ephemeral range');
}

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '0.0.0.0', () => server.close(() => resolve(true)));
  });
}

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  dataDir: string;
  output: () => string;
  exit: Promise<number | null>;
  stop: () => Promise<void>;
}

/** Starts `node backend/dist/main.js` (or worker.js) as a real process with its own data folder. */
export async function startServer(
  env: Record<string, string> = {},
  entry = 'main.js',
  dataDir?: string,
): Promise<ServerProcess> {
  const port = await freePort();
  const dir = dataDir ?? mkdtempSync(join(tmpdir(), 'chapterwise-server-'));
  let output = '';
  const child = spawn(process.execPath, [join(backendDir, 'dist', entry)], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      DATA_DIR: dir,
      SERVE_DASHBOARD: 'false',
      // The test waits for its books: see test-app.ts.
      EXTRACT_NICENESS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  return {
    child,
    url,
    dataDir: dir,
    output: () => output,
    exit,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGKILL');
      await exit;
      if (!dataDir) rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Resolves when GET /api/health answers, rejects when the process exits first or time runs out. */
// A cold Nest start takes a few seconds; on a 2-core machine busy with other test files, tens of them.
export async function waitUntilUp(server: ServerProcess, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null)
      throw new Error(`server exited with ${server.child.exitCode}:\n${server.output()}`);
    try {
      const response = await fetch(`${server.url}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server did not start in time:\n${server.output()}`);
}
