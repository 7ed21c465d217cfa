import type { NextFunction, Request, Response } from 'express';
import { existsSync } from 'node:fs';
import { extname, join, sep } from 'node:path';

/**
 * Serves a dashboard asset as the Brotli copy the build wrote beside it (`<file>.br`, at the highest
 * quality, 10-20% smaller than gzip) to a browser that accepts br. Compressing that well per request
 * would take seconds; everything else falls through to the usual static serving and compression.
 */
export function precompressedAssets(root: string) {
  return (request: Request, response: Response, next: NextFunction): void => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return next();
    if (!request.path.startsWith('/assets/') || !/\bbr\b/.test(request.headers['accept-encoding'] ?? '')) return next();
    const file = join(root, request.path);
    if (!file.startsWith(join(root, 'assets') + sep) || !existsSync(`${file}.br`)) return next();
    response.type(extname(file));
    response.setHeader('Content-Encoding', 'br');
    response.vary('Accept-Encoding');
    // Hashed names never change their content.
    response.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    response.sendFile(`${file}.br`, (error) => {
      if (error && !response.headersSent) next();
    });
  };
}
