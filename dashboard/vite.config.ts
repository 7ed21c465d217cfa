import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig, type Plugin } from 'vite';
import { modulesOfTheEntry } from './entry-modules.plugin.js';
import { fontWeights, preloadLatinFont } from './font-weights.plugin.js';
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

const entryModules = modulesOfTheEntry();

export default defineConfig({
  plugins: [
    sharedWithoutSideEffects(),
    entryModules.plugin,
    // The router plugin must run before React's so route files are split before JSX is transformed.
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // A route's loader and page come in one file (a first visit needs both); pdf.js is fetched once the reader
      // is painted (features/reader/pdf-document.ts).
      codeSplittingOptions: { defaultBehavior: [['loader', 'component', 'errorComponent', 'notFoundComponent']] },
    }),
    react(),
    tailwindcss(),
    routePreloads(),
    fontWeights(),
    preloadLatinFont(),
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
        // A first visit on HTTP/1.1 fetches six files at a time, one round trip each: the framework comes as one
        // file, and the code pages share in a few (a shared piece under 4 KB joins a neighbour), not forty. Not
        // larger: a piece merged into a neighbour comes with everything that neighbour imports (at 8 KB the reader
        // fetched the notes' markdown for its citations' helpers).
        codeSplitting: {
          groups: [
            {
              name: 'vendor',
              test: /node_modules[\\/](react|react-dom|scheduler|use-sync-external-store|@tanstack|lucide-react)[\\/]/,
              priority: 30,
            },
            // What every visit runs comes as one file, not spread over pieces that other pages share.
            { name: 'boot', test: entryModules.has, priority: 25 },
            // Markdown is for the pages that show notes, not the library or the forms.
            {
              name: 'notes',
              test: /node_modules[\\/]marked[\\/]/,
              includeDependenciesRecursively: false,
              priority: 20,
            },
            {
              name: 'app',
              test: /[\\/](dashboard|shared)[\\/]src[\\/]/,
              minShareCount: 2,
              entriesAware: true,
              entriesAwareMergeThreshold: 4_000,
              priority: 10,
            },
          ],
        },
        // entriesAware names a chunk after every route that shares it: a short name is enough.
        chunkFileNames: (chunk) => (chunk.name.startsWith('app~') ? 'assets/app-[hash].js' : 'assets/[name]-[hash].js'),
      },
    },
  },
});
