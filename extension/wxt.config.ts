import { defaultClientConditions, type Plugin } from 'vite';
import { defineConfig } from 'wxt';

// @chapterwise/shared has no "sideEffects" field: marked side-effect free, the popup and side panel drop zod.
function sharedWithoutSideEffects(): Plugin {
  return {
    name: 'chapterwise:shared-without-side-effects',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer || !(source === '@chapterwise/shared' || importer.includes('/shared/src/'))) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved || !resolved.id.includes('/shared/src/')) return resolved;
      return { ...resolved, moduleSideEffects: false };
    },
  };
}

// Match patterns granted at install time, comma-separated (managed installs and the e2e test, where
// nobody can answer a permission prompt). Empty for store builds: access is asked per site (EXT-1).
const grantedHosts = (process.env.CHAPTERWISE_GRANTED_HOSTS ?? '')
  .split(',')
  .map((pattern) => pattern.trim())
  .filter(Boolean);

const API_PERMISSIONS = ['storage', 'tabs', 'contextMenus'];

// Fixes the dev builds' Chrome id (imbbdmpj…), which the backend's CORS allows outside production (EXTENSION_IDS).
const DEV_PUBLIC_KEY =
  'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAk6fXvZ5yvOP1vrfp8JiY63G1Exkd214P6d49BEUCTFh00PQuAkaxFwWBP/Po1L1xj0qWm+TDRntTFw2sh9MybqAZixQ4bbpCTXGDpJI2bJ2/rw729Z/lYB4lqXv0mLrLBWy3CoLUlukh9jgwNrC5+3wWMk4TZ6vORBuGpsm7TfJYVrnVNDx8Z8ykZx0ueUhEI27sLK69s3xPVDLd5YcNtKbVd28xy1NamHw4vwezsJAERIOvEAvzvF9QyZ5Vt1s52HcB+j8/mMzW9LL7hPQk2kr85MXB5DHmOICPAbXvYDEBLm5SHlwb0KpjjjgokqZF442U91V1yJk/Qr4q95xs4wIDAQAB';

export default defineConfig({
  modules: ['@wxt-dev/module-react'],
  outDir: process.env.CHAPTERWISE_EXTENSION_OUT_DIR ?? '.output',
  vite: () => ({
    plugins: [sharedWithoutSideEffects()],
    // @chapterwise/shared exports its TypeScript source under the "source" condition: no prebuild needed.
    resolve: { conditions: ['source', ...defaultClientConditions] },
  }),
  manifest: ({ browser, manifestVersion, mode }) => ({
    name: 'ChapterWise',
    description:
      // Chrome's limit is 132 characters.
      'Send the PDF in your tab to ChapterWise, then study its chapters, summaries, key topics and ELI12 explanations in the side panel.',
    // tabs: read the active tab's address to recognise a PDF already in the library.
    ...(manifestVersion === 3
      ? {
          permissions: API_PERMISSIONS,
          optional_host_permissions: ['<all_urls>'],
          ...(grantedHosts.length ? { host_permissions: grantedHosts } : {}),
        }
      : { permissions: [...API_PERMISSIONS, ...grantedHosts], optional_permissions: ['<all_urls>'] }),
    action: { default_title: 'ChapterWise' },
    ...(browser !== 'firefox' && mode === 'development' ? { key: DEV_PUBLIC_KEY } : {}),
    ...(browser === 'firefox'
      ? { browser_specific_settings: { gecko: { id: 'chapterwise@chapterwise.app', strict_min_version: '115.0' } } }
      : {}),
  }),
  zip: {
    artifactTemplate: 'chapterwise-{{packageVersion}}-{{browser}}.zip',
    // The sources zip would hold only this workspace, not @chapterwise/shared: build it from the monorepo.
    zipSources: false,
  },
});
