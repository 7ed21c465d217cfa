// Every Nest logger in a test file (queues and services built without an app too) keeps its lines for the
// test's failure report instead of printing them.
import { Logger } from '@nestjs/common';
import { TestLogger } from './test-logger.js';

Logger.overrideLogger(new TestLogger());

// Test apps the file did not close (a hook that timed out while one was starting) are closed when it ends.
afterAll(async () => {
  const open = (globalThis as { __openTestApps?: Set<Promise<{ close: () => Promise<void> } | undefined>> })
    .__openTestApps;
  for (const pending of [...(open ?? [])]) await (await pending)?.close();
}, 180_000);
