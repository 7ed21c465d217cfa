import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin, ResolvedConfig } from 'vite';
import { ROUTE_PRELOADS_FILE, SESSION_TOKEN_KEY } from '@chapterwise/shared';
import { PAGE_DATA, READER_PATH, startPageDataRequests } from './src/page-data-requests.js';

// pdf.js's worker script, emitted as an asset by features/reader/pdf-worker.ts.
const PDF_WORKER = /pdf\.worker[^/]*\.m?js$/;

const SCRIPT = 'route-preload.js';

/** `/src/routes/_authenticated/books.$bookId.tsx` -> the URL pattern it serves (`^/books/[^/]+/?$`). */
export function routePattern(routeFile: string): string {
  const path = routeFile
    .replace(/\.tsx$/, '')
    .split('/')
    .filter((segment) => !segment.startsWith('_')) // pathless layouts
    .join('/')
    .split('.')
    .map((part) => (part.startsWith('$') ? '[^/]+' : part))
    .join('/')
    .replace(/(^|\/)index$/, '');
  return `^/${path}/?$`.replace('//?$', '/?$');
}

/**
 * The dashboard splits code per route, so a first visit loads its JavaScript in two waves: the entry,
 * then (once the router has run) the page's own chunks. This plugin writes, per URL pattern, the chunks of
 * the page (and its layouts) to route-preloads.json, which the server names in the page's HTML
 * (<link rel="modulepreload">, backend/src/common/dashboard-page.ts), so the waves travel together. Its tiny
 * classic script, loaded before the entry, adds the same links where the HTML came without them, starts the
 * page's first API requests (src/page-data-requests.ts), which the app takes over, and the reader's pdf.js
 * worker. A file, not an inline script: the CSP allows scripts from 'self' only.
 */
export function routePreloads(): Plugin {
  let config: ResolvedConfig;
  let script = '';
  let table: RouteTable = [];
  return {
    name: 'chapterwise:route-preloads',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        if (!context.bundle) return [];
        table = routeTable(context.bundle as unknown as OutputBundle, config.base);
        script = preloadScript(context.bundle as unknown as OutputBundle, config.base);
        // async: it only adds hints, so it must not hold up the first paint (it was render-blocking).
        return [{ tag: 'script', attrs: { src: `${config.base}${SCRIPT}`, async: true }, injectTo: 'head-prepend' }];
      },
    },
    writeBundle() {
      writeFileSync(join(config.build.outDir, SCRIPT), script);
      writeFileSync(join(config.build.outDir, ROUTE_PRELOADS_FILE), JSON.stringify(table));
    },
  };
}

type RouteTable = Array<[pattern: string, files: string[]]>;

/** Per route pattern, the chunks its page needs that the entry does not load (its layouts' included). */
export function routeTable(bundle: OutputBundle, base: string): RouteTable {
  const chunks = Object.values(bundle).filter((file): file is OutputChunk => file.type === 'chunk');
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const entry = chunks.find((chunk) => chunk.isEntry);
  const loadedWithEntry = new Set<string>();
  const withImports = (fileName: string, into: Set<string>) => {
    if (into.has(fileName)) return;
    into.add(fileName);
    for (const imported of byFile.get(fileName)?.imports ?? []) withImports(imported, into);
  };
  if (entry) withImports(entry.fileName, loadedWithEntry);

  // Route file (relative to src/routes) -> the chunks made from it (its loader and page: vite.config.ts).
  const routeChunks = new Map<string, string[]>();
  for (const chunk of chunks) {
    for (const id of chunk.moduleIds) {
      const routeFile = /\/src\/routes\/(.+\.tsx)\?tsr-split/.exec(id)?.[1];
      if (routeFile) routeChunks.set(routeFile, [...new Set([...(routeChunks.get(routeFile) ?? []), chunk.fileName])]);
    }
  }
  const table: RouteTable = [];
  for (const routeFile of routeChunks.keys()) {
    if (routeFile.split('/').at(-1)!.startsWith('_') && routeFile.endsWith('.tsx') && !routeFile.includes('/')) {
      continue; // a layout: preloaded with its pages
    }
    const files = new Set<string>();
    const layouts = routeFile
      .split('/')
      .slice(0, -1)
      .map((_, index, parts) => `${parts.slice(0, index + 1).join('/')}.tsx`);
    for (const source of [...layouts, routeFile]) {
      for (const fileName of routeChunks.get(source) ?? []) withImports(fileName, files);
    }
    const needed = [...files].filter((fileName) => !loadedWithEntry.has(fileName)).map((fileName) => base + fileName);
    if (needed.length) table.push([routePattern(routeFile), needed]);
  }
  return table;
}

/**
 * The generated script for a bundle: the page's chunks to modulepreload where the server did not name them; on
 * a reader URL, pdf.js's worker (1.3 MB of script, a few hundred milliseconds to start), which the app adopts
 * (features/reader/pdf-worker.ts); then the page's first API requests.
 */
export function preloadScript(bundle: OutputBundle, base: string): string {
  const table = routeTable(bundle, base);
  const worker = Object.values(bundle).find((file) => file.type === 'asset' && PDF_WORKER.test(file.fileName));
  return `// Generated by route-preload.plugin.ts: modulepreload the opened page's chunks alongside the entry.
(function () {
  var routes = ${JSON.stringify(table)};
  // The server named them in the HTML (data-route): nothing to add.
  if (document.querySelector('link[data-route]')) routes = [];
  for (var i = 0; i < routes.length; i++) {
    if (!new RegExp(routes[i][0]).test(location.pathname)) continue;
    for (var j = 0; j < routes[i][1].length; j++) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = routes[i][1][j];
      document.head.appendChild(link);
    }
  }
  var worker = ${JSON.stringify(worker ? base + worker.fileName : null)};
  // Not when the entry ran first and started its own.
  if (worker && !window.__chapterwisePdfWorker && new RegExp(${JSON.stringify(READER_PATH)}).test(location.pathname)) {
    try {
      window.__chapterwisePdfWorker = new Worker(worker, { type: 'module' });
    } catch (error) {}
  }
})();
// The page's first API requests, started while the entry downloads; the app takes them over (early-page-data.ts).
(function () {
  var token = null;
  try {
    token = localStorage.getItem(${JSON.stringify(SESSION_TOKEN_KEY)});
  } catch (error) {}
  // Already there when the entry ran first: it started them itself.
  if (window.__chapterwiseEarly) return;
  window.__chapterwiseEarly = (${startPageDataRequests.toString()})(${JSON.stringify(PAGE_DATA)}, location.pathname, token, function (url, init) { return fetch(url, init); }, function (request) { window.__chapterwiseEarly.push(request); });
})();
`;
}
