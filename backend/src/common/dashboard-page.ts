import { ROUTE_PRELOADS_FILE } from '@chapterwise/shared';
import type { NextFunction, Request, Response } from 'express';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

interface Built {
  stamp: string;
  html: string;
  routes: Array<[pattern: RegExp, files: string[]]>;
}

/**
 * Answers a dashboard page (any GET for HTML outside /api and /assets) with index.html carrying
 * `<link rel="modulepreload">` for that page's own script files. The parser finds them at once, where
 * route-preload.js (which adds them when they are missing) could only after it had loaded and run; a phone on
 * HTTP/1.1 then fetches the page's code in the first wave. Files the build has not written fall through.
 */
export function dashboardPage(root: string) {
  let built: Built | undefined;
  const load = (): Built | undefined => {
    try {
      const index = join(root, 'index.html');
      const manifest = join(root, ROUTE_PRELOADS_FILE);
      // Re-read after a rebuild: both files are small, and a stat is cheaper than a stale page.
      const stamp = `${statSync(index).mtimeMs}:${statSync(manifest).mtimeMs}`;
      if (built?.stamp !== stamp) {
        const table = JSON.parse(readFileSync(manifest, 'utf8')) as Array<[string, string[]]>;
        built = {
          stamp,
          html: readFileSync(index, 'utf8'),
          routes: table.map(([pattern, files]) => [new RegExp(pattern), files]),
        };
      }
      return built;
    } catch {
      return undefined;
    }
  };
  return (request: Request, response: Response, next: NextFunction): void => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return next();
    if (/^\/(api|assets)(\/|$)/.test(request.path) || /\.[a-z0-9]+$/i.test(request.path)) return next();
    if (!request.accepts('html')) return next();
    const page = load();
    if (!page) return next();
    const files = page.routes.find(([pattern]) => pattern.test(request.path))?.[1] ?? [];
    const links = files.map((file) => `<link rel="modulepreload" crossorigin href="${encodeURI(file)}" data-route>`);
    response.setHeader('Cache-Control', 'no-cache');
    response.type('html').send(page.html.replace('</head>', `${links.join('')}</head>`));
  };
}
