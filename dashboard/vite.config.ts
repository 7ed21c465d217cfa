import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig, type Plugin } from 'vite';
import { precompressAssets } from './precompress.plugin.js';
import { routePreloads } from './route-preload.plugin.js';

/**
 * @chapterwise/shared has no "sideEffects" field, so its barrel would pull every zod schema into
 * the landing page. Its modules only declare things: marking them side-effect free lets pages
 * that use a constant or two leave the schemas (and zod) to the chunks that call the API.
 */
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

export default defineConfig({
  plugins: [
    sharedWithoutSideEffects(),
    // The router plugin must run before React's so route files are split before JSX is transformed.
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // Loaders are split too: the API client and its schemas load with the first page that needs data.
      codeSplittingOptions: { defaultBehavior: [['loader'], ['component'], ['errorComponent'], ['notFoundComponent']] },
    }),
    react(),
    tailwindcss(),
    routePreloads(),
    precompressAssets(),
  ],
  resolve: {
    // @chapterwise/shared exports its TypeScript source under the "source" condition: no prebuild needed.
    conditions: ['source', ...defaultClientConditions],
  },
  server: {
    proxy: { '/api': 'http://localhost:3000' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Route splitting leaves one sub-kilobyte chunk per icon and per query hook; on HTTP/1.1 each
        // costs a round trip. Grouped, they load in two requests.
        codeSplitting: {
          groups: [
            { name: 'icons', test: /node_modules[\\/]lucide-react[\\/]/ },
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/](react-query|query-core)[\\/]/ },
          ],
        },
      },
    },
  },
});
