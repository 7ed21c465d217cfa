import { randomBytes } from 'node:crypto';
import { createConnection } from 'mysql2/promise';

export type TestDatabase = 'sqlite' | 'mysql';

const ci = process.env.CI === 'true';

/** The databases this run covers: SQLite always, MySQL/MariaDB when TEST_DATABASE_URL reaches one (required in CI). */
export function testDatabases(): TestDatabase[] {
  if (process.env.TEST_DATABASE_URL) return ['sqlite', 'mysql'];
  if (ci) throw new Error('CI=true but TEST_DATABASE_URL is not set: the MySQL/MariaDB suites must run in CI');
  notice('TEST_DATABASE_URL is not set: MySQL/MariaDB integration tests are skipped');
  return ['sqlite'];
}

/** Redis for the BullMQ suites, when TEST_REDIS_URL is set (required in CI). */
export function testRedisUrl(): string | undefined {
  const url = process.env.TEST_REDIS_URL;
  if (!url && ci) throw new Error('CI=true but TEST_REDIS_URL is not set: the BullMQ suites must run in CI');
  if (!url) notice('TEST_REDIS_URL is not set: BullMQ tests are skipped');
  return url;
}

const noticed = new Set<string>();
function notice(message: string): void {
  if (noticed.has(message)) return;
  noticed.add(message);
  process.stderr.write(`[notice] ${message}\n`);
}

/** Creates a fresh, empty database on the server of TEST_DATABASE_URL; returns its URL and a drop function. */
export async function createMysqlDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const base = new URL(process.env.TEST_DATABASE_URL!);
  const name = `cw_test_${randomBytes(5).toString('hex')}`;
  const admin = await createConnection({
    host: base.hostname,
    port: Number(base.port || 3306),
    user: decodeURIComponent(base.username),
    password: decodeURIComponent(base.password),
  });
  await admin.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const connection = await createConnection({
        host: base.hostname,
        port: Number(base.port || 3306),
        user: decodeURIComponent(base.username),
        password: decodeURIComponent(base.password),
      });
      await connection.query(`DROP DATABASE IF EXISTS \`${name}\``);
      await connection.end();
    },
  };
}
