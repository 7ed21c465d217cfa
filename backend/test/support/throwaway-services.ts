import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './server-process.js';

/**
 * A Redis or MariaDB server of this test alone, on a random port with its own data folder, that the
 * test may stop and start again (the machine's shared servers are never touched).
 */
export interface ThrowawayService {
  url: string;
  stop: () => Promise<void>;
  start: () => Promise<void>;
  remove: () => Promise<void>;
}

const MARIADBD = ['/usr/sbin/mariadbd', '/usr/sbin/mysqld'].find((path) => existsSync(path));
const REDIS = ['/usr/bin/redis-server', '/usr/local/bin/redis-server'].find((path) => existsSync(path));

export const canRunThrowawayRedis = (): boolean => REDIS !== undefined;
export const canRunThrowawayMariadb = (): boolean =>
  MARIADBD !== undefined && spawnSync('which', ['mariadb-install-db']).status === 0;

async function waitForPort(port: number, child: ChildProcess, output: () => string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`exited with ${child.exitCode}:\n${output()}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = createConnection({ port, host: '127.0.0.1' });
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`not listening on ${port} after ${timeoutMs} ms:\n${output()}`);
}

function managed(command: string, args: string[], port: number, cleanup: () => void): ThrowawayService & { url: '' } {
  let child: ChildProcess | undefined;
  let output = '';
  const service = {
    url: '' as const,
    start: async () => {
      output = '';
      child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
      child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
      await waitForPort(port, child, () => output);
    },
    stop: async () => {
      if (!child || child.exitCode !== null) return;
      const exited = new Promise((resolve) => child!.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    },
    remove: async () => {
      await service.stop();
      cleanup();
    },
  };
  return service;
}

/** `redis-server` on a free port, nothing saved to disk. */
export async function startThrowawayRedis(): Promise<ThrowawayService> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'cw-redis-'));
  const service = managed(
    REDIS!,
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir],
    port,
    () => rmSync(dir, { recursive: true, force: true }),
  );
  await service.start();
  return { ...service, url: `redis://127.0.0.1:${port}` };
}

/** A MariaDB server in a temp data folder (mariadb-install-db), on its own port and socket. */
export async function startThrowawayMariadb(): Promise<ThrowawayService> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'cw-mariadb-'));
  const data = join(dir, 'data');
  const install = spawnSync(
    'mariadb-install-db',
    ['--no-defaults', `--datadir=${data}`, '--user=root', '--auth-root-authentication-method=normal', '--skip-test-db'],
    { encoding: 'utf8' },
  );
  if (install.status !== 0) throw new Error(`mariadb-install-db failed:\n${install.stdout}${install.stderr}`);
  const service = managed(
    MARIADBD!,
    [
      '--no-defaults',
      `--datadir=${data}`,
      `--socket=${join(dir, 'mysqld.sock')}`,
      `--pid-file=${join(dir, 'mysqld.pid')}`,
      `--port=${port}`,
      '--bind-address=127.0.0.1',
      '--user=root',
      '--skip-log-bin',
      '--innodb-buffer-pool-size=32M',
      '--innodb-log-file-size=16M',
    ],
    port,
    () => rmSync(dir, { recursive: true, force: true }),
  );
  await service.start();
  return { ...service, url: `mysql://root@127.0.0.1:${port}` };
}
