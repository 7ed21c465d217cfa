import { Logger } from '@nestjs/common';
import { existsSync } from 'node:fs';
import { createApp, exitCleanlyOnSignals } from './bootstrap.js';
import { ConfigError, loadConfig } from './config/app-config.js';

async function main(): Promise<void> {
  // A .env file in the working directory is read first; real environment variables win.
  if (existsSync('.env')) process.loadEnvFile('.env');
  const config = loadConfig();
  // Without Redis there is no separate worker: this process runs the job handlers too.
  const app = await createApp(config, { http: true, worker: !config.redisUrl });
  exitCleanlyOnSignals(app);
  await app.listen(config.port, config.host);
  const mode = `${config.database.type === 'sqlite' ? 'SQLite' : 'MySQL'} + ${config.redisUrl ? 'BullMQ' : 'in-process jobs'}`;
  Logger.log(`ChapterWise is up on ${config.appUrl} (${mode}, data in ${config.dataDir})`, 'Main');
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(error.message);
  else console.error(error);
  process.exit(1);
});
