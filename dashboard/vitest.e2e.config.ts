import { defineConfig } from 'vitest/config';

// The built app (npm run build) in a real headless Chromium against the real backend in embedded mode.
// One backend and one browser for the whole run (e2e/global-setup.ts); files run one at a time.
export default defineConfig({
  resolve: { conditions: ['source'] },
  test: {
    environment: 'node',
    include: ['e2e/**/*.e2e.test.ts'],
    globalSetup: ['e2e/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 90_000,
  },
});
