import { Logger } from '@nestjs/common';
import { existsSync } from 'node:fs';
import type { Server } from 'node:http';
import { SHUTDOWN_MARGIN_MS, createApp, exitCleanlyOnSignals } from './bootstrap.js';
import { ConfigError, loadConfig } from './config/app-config.js';

async function main(): Promise<void> {
  if (existsSync('.env')) process.loadEnvFile('.env');
  const config = loadConfig();
  // Without Redis there is no separate worker: this process runs the job handlers too.
  const app = await createApp(config, { http: true, worker: !config.redisUrl });
  exitCleanlyOnSignals(app, config.jobs.shutdownGraceMs + SHUTDOWN_MARGIN_MS);
  await app.listen(config.port, config.host);
  // Idle keep-alive outlives clients' and proxies' idle timeouts (60 s at most load balancers): the server never
  // closes a socket just as a request is written to it (EPIPE).
  const server = app.getHttpServer() as Server;
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  const mode = `${config.database.type === 'sqlite' ? 'SQLite' : 'MySQL'} + ${config.redisUrl ? 'BullMQ' : 'in-process jobs'}`;
  Logger.log(`ChapterWise is up on ${config.appUrl} (${mode}, data in ${config.dataDir})`, 'Main');
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(error.message);
  else console.error(error);
  process.exit(1);
});
