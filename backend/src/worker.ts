import { Logger } from '@nestjs/common';
import { existsSync } from 'node:fs';
import { SHUTDOWN_MARGIN_MS, createApp, exitCleanlyOnSignals } from './bootstrap.js';
import { configurationWarnings, modeLine } from './common/startup-summary.js';
import { ConfigError, loadConfig } from './config/app-config.js';

/** Scaled mode: a process that runs job handlers only (no HTTP). */
async function main(): Promise<void> {
  if (existsSync('.env')) process.loadEnvFile('.env');
  const config = loadConfig();
  if (!config.redisUrl)
    throw new ConfigError(
      'Invalid configuration:\n  REDIS_URL: the worker needs Redis (embedded mode runs jobs inside `npm start`)',
    );
  const building = createApp(config, { http: false, worker: true });
  const signals = exitCleanlyOnSignals(building, config.jobs.shutdownGraceMs + SHUTDOWN_MARGIN_MS);
  const app = await building;
  if (signals.stopping()) return;
  await app.init();
  Logger.log('ChapterWise worker is up', 'Worker');
  Logger.log(modeLine(config), 'Worker');
  for (const warning of configurationWarnings(config)) Logger.warn(warning, 'Worker');
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(error.message);
  else console.error(error);
  process.exit(1);
});
