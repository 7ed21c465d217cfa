import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin, ResolvedConfig } from 'vite';
import { SESSION_TOKEN_KEY } from '@chapterwise/shared';
import { PAGE_DATA, startPageDataRequests } from './src/page-data-requests.js';

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
 * then (once the router has run) the page's own chunks. This plugin writes a tiny classic script,
 * loaded before the entry, that adds <link rel="modulepreload"> for the chunks of the page being
 * opened (and its layouts) and for what their loaders import() at once, so the waves travel together.
 * It also starts the page's first API requests (src/page-data-requests.ts), which the app takes over.
 * A file, not an inline script: the CSP allows scripts from 'self' only.
 */
export function routePreloads(): Plugin {
  let config: ResolvedConfig;
  let script = '';
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
        script = preloadScript(context.bundle as unknown as OutputBundle, config.base);
        // async: it only adds hints, so it must not hold up the first paint (it was render-blocking).
        return [{ tag: 'script', attrs: { src: `${config.base}${SCRIPT}`, async: true }, injectTo: 'head-prepend' }];
      },
    },
    writeBundle() {
      writeFileSync(join(config.build.outDir, SCRIPT), script);
    },
  };
}

/** The generated script for a bundle: per route pattern, its chunks to modulepreload and worker scripts to fetch. */
export function preloadScript(bundle: OutputBundle, base: string): string {
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

  // Route file (relative to src/routes) -> the chunks made from it, and those of its loader alone.
  const routeChunks = new Map<string, string[]>();
  const loaderChunks = new Map<string, string[]>();
  const add = (map: Map<string, string[]>, key: string, fileName: string) =>
    map.set(key, [...new Set([...(map.get(key) ?? []), fileName])]);
  for (const chunk of chunks) {
    for (const id of chunk.moduleIds) {
      const match = /\/src\/routes\/(.+\.tsx)\?tsr-split(=loader)?/.exec(id);
      if (match) add(routeChunks, match[1]!, chunk.fileName);
      if (match?.[2]) add(loaderChunks, match[1]!, chunk.fileName);
    }
  }
  // What a loader starts with import() (pdf.js for the reader) or by a script's URL (its worker) is needed on
  // every visit: fetched with the rest.
  const startedByLoader = (fileName: string, into: Set<string>, scripts: Set<string>) => {
    const reached = new Set<string>();
    withImports(fileName, reached);
    // The entry's own import()s are the route chunks: not started by a loader.
    for (const reachedFile of [...reached].filter((file) => !loadedWithEntry.has(file))) {
      const chunk = byFile.get(reachedFile);
      for (const dynamic of chunk?.dynamicImports ?? []) withImports(dynamic, into);
      for (const asset of chunk?.viteMetadata?.importedAssets ?? []) if (/\.m?js$/.test(asset)) scripts.add(asset);
    }
  };
  const table: Array<[string, string[], string[]]> = [];
  for (const routeFile of routeChunks.keys()) {
    if (routeFile.split('/').at(-1)!.startsWith('_') && routeFile.endsWith('.tsx') && !routeFile.includes('/')) {
      continue; // a layout: preloaded with its pages
    }
    const files = new Set<string>();
    const scripts = new Set<string>();
    const layouts = routeFile
      .split('/')
      .slice(0, -1)
      .map((_, index, parts) => `${parts.slice(0, index + 1).join('/')}.tsx`);
    for (const source of [...layouts, routeFile]) {
      for (const fileName of routeChunks.get(source) ?? []) withImports(fileName, files);
      for (const fileName of loaderChunks.get(source) ?? []) startedByLoader(fileName, files, scripts);
    }
    const needed = [...files].filter((fileName) => !loadedWithEntry.has(fileName)).map((fileName) => base + fileName);
    if (needed.length) table.push([routePattern(routeFile), needed, [...scripts].map((fileName) => base + fileName)]);
  }
  return `// Generated by route-preload.plugin.ts: modulepreload the opened page's chunks alongside the entry.
(function () {
  var routes = ${JSON.stringify(table)};
  for (var i = 0; i < routes.length; i++) {
    if (!new RegExp(routes[i][0]).test(location.pathname)) continue;
    for (var j = 0; j < routes[i][1].length; j++) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = routes[i][1][j];
      document.head.appendChild(link);
    }
    // A worker's script: read into the HTTP cache, where the worker's own request finds it.
    for (var k = 0; k < routes[i][2].length; k++) {
      fetch(routes[i][2][k]).then(function (response) { return response.blob(); }).catch(function () {});
    }
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
