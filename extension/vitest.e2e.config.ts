import { defineConfig } from 'vitest/config';

// The built extension in headless Chromium against the real backend: one file at a time, slow hooks.
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.test.ts'],
    testTimeout: 240_000,
    hookTimeout: 300_000,
    fileParallelism: false,
  },
});
