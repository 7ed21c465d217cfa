// One backend and one Chromium for the whole e2e run: the backend as `npm run build` left it (this
// never builds), the browser as a Playwright browser server the test files connect to.
import { existsSync } from 'node:fs';
import { chromium, type BrowserServer } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_ARGS, CHROMIUM_PATH, startBackend, type RunningBackend } from './support/harness.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Empty when Chromium is missing: every suite skips. */
    baseUrl: string;
    browserEndpoint: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (!existsSync(CHROMIUM_PATH)) {
    console.log(
      `\n[e2e] skipped: no Chromium at ${CHROMIUM_PATH} (set CHROMIUM_PATH to run the dashboard e2e tests)\n`,
    );
    project.provide('baseUrl', '');
    project.provide('browserEndpoint', '');
    return async () => {};
  }

  let backend: RunningBackend | undefined;
  let browser: BrowserServer | undefined;
  const teardown = async () => {
    await browser?.close();
    await backend?.stop();
  };
  try {
    backend = await startBackend();
    browser = await chromium.launchServer({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
  } catch (error) {
    await teardown();
    throw error;
  }
  project.provide('baseUrl', backend.url);
  project.provide('browserEndpoint', browser.wsEndpoint());
  return async () => {
    if (process.env.E2E_SERVER_LOG) console.log(backend?.output());
    await teardown();
  };
}
