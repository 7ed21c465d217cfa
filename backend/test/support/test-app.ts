import type { NestExpressApplication } from '@nestjs/platform-express';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import supertest from 'supertest';
import { createApp } from '../../src/bootstrap.js';
import { loadConfig, type AppConfig } from '../../src/config/app-config.js';
import { createMysqlDatabase, type TestDatabase } from './databases.js';
import { TestLogger } from './test-logger.js';

export interface TestApp {
  app: NestExpressApplication;
  config: AppConfig;
  /** supertest agent bound to the running server. */
  http: ReturnType<typeof supertest>;
  /** Base URL of the running server, e.g. http://127.0.0.1:41234 */
  url: string;
  close: () => Promise<void>;
}

export interface TestAppOptions {
  database?: TestDatabase;
  /** Redis URL: jobs go through BullMQ (and this process runs the worker too). */
  redisUrl?: string;
  env?: Record<string, string>;
}

/**
 * Apps of this test file still starting or open, closed when the file ends (test/support/jest-setup.ts): a
 * `beforeAll` that timed out on a busy machine gets its app later, and that app must not stay listening (the jest
 * worker could not exit, and was force-exited).
 */
const openApps: Set<Promise<TestApp | undefined>> = ((
  globalThis as { __openTestApps?: Set<Promise<TestApp | undefined>> }
).__openTestApps ??= new Set());

/** A real ChapterWise server on a random loopback port, with its own data folder and database. */
export function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const starting = startTestApp(options);
  const tracked = starting.then(
    (testApp) => {
      const close = testApp.close;
      let closed: Promise<void> | undefined;
      testApp.close = () => {
        openApps.delete(tracked);
        return (closed ??= close());
      };
      return testApp;
    },
    () => {
      openApps.delete(tracked);
      return undefined;
    },
  );
  openApps.add(tracked);
  return tracked.then((testApp) => testApp ?? starting);
}

async function startTestApp(options: TestAppOptions): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'chapterwise-test-'));
  const mysql = options.database === 'mysql' ? await createMysqlDatabase() : undefined;
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    AUTH_THROTTLE_LIMIT: '1000',
    SERVE_DASHBOARD: 'false',
    JOB_CONCURRENCY: '2',
    // Closing a test app stops its running jobs at once (they go back to the queue) and waits for them.
    SHUTDOWN_GRACE_S: '0',
    // Tests ask for notes and topics themselves; the prepared-on-ingest path has its own test.
    STUDY_PREPARE_OFFLINE: 'false',
    // Tests wait for their books: at niceness 19 the extraction child starves behind the other jest worker.
    EXTRACT_NICENESS: '0',
    ...(mysql ? { DATABASE_URL: mysql.url } : {}),
    ...(options.redisUrl
      ? { REDIS_URL: options.redisUrl, REDIS_PREFIX: `cwtest-${randomBytes(4).toString('hex')}` }
      : {}),
    ...options.env,
  });
  const app = await createApp(config, { http: true, worker: true }, { logger: new TestLogger() });
  await app.listen(0, '127.0.0.1');
  const address = app.getHttpServer().address() as { port: number };
  const url = `http://127.0.0.1:${address.port}`;
  return {
    app,
    config: Object.assign(config, { appUrl: url }),
    http: supertest(url),
    url,
    close: async () => {
      await app.close();
      await mysql?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

let userCounter = 0;

/** Registers a fresh user and returns its token and id. */
export async function registerUser(
  testApp: TestApp,
  name = 'Test Student',
): Promise<{ token: string; id: string; email: string }> {
  const email = `student${Date.now()}${++userCounter}@example.com`;
  const response = await testApp.http
    .post('/api/auth/register')
    .send({ name, email, password: 'correct horse' })
    .expect(201);
  const body = response.body as { token: string; user: { id: string } };
  return { token: body.token, id: body.user.id, email };
}
