import { defaultClientConditions } from 'vite';
import { defineConfig } from 'vitest/config';
import { WxtVitest } from 'wxt/testing/vitest-plugin';

export default defineConfig({
  // WxtVitest swaps `wxt/browser` (and the chrome/browser globals) for the in-memory fake browser.
  plugins: [WxtVitest()],
  resolve: { conditions: ['source', ...defaultClientConditions] },
  test: {
    include: ['utils/**/*.test.ts', 'entrypoints/**/*.test.{ts,tsx}', 'components/**/*.test.{ts,tsx}'],
    restoreMocks: true,
  },
});
