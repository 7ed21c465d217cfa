import { Logger } from '@nestjs/common';
import { existsSync } from 'node:fs';
import type { Server } from 'node:http';
import { SHUTDOWN_MARGIN_MS, createApp, exitCleanlyOnSignals } from './bootstrap.js';
import { configurationWarnings, modeLine, networkAddresses, whereLine } from './common/startup-summary.js';
import { ConfigError, loadConfig } from './config/app-config.js';

async function main(): Promise<void> {
  if (existsSync('.env')) process.loadEnvFile('.env');
  const config = loadConfig();
  // Without Redis there is no separate worker: this process runs the job handlers too.
  const building = createApp(config, { http: true, worker: !config.redisUrl });
  const signals = exitCleanlyOnSignals(building, config.jobs.shutdownGraceMs + SHUTDOWN_MARGIN_MS);
  const app = await building;
  if (signals.stopping()) return;
  await app.listen(config.port, config.host);
  // Idle keep-alive outlives clients' and proxies' idle timeouts (60 s at most load balancers): the server never
  // closes a socket just as a request is written to it (EPIPE).
  const server = app.getHttpServer() as Server;
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  // What a person starting the server needs; Nest's module and route lines print at LOG_LEVEL=debug.
  Logger.log(whereLine(config, networkAddresses()), 'ChapterWise');
  Logger.log(modeLine(config), 'ChapterWise');
  for (const warning of configurationWarnings(config)) Logger.warn(warning, 'ChapterWise');
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(error.message);
  else console.error(error);
  process.exit(1);
});
