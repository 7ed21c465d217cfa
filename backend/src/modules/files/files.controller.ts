import { Controller, Get, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { extname } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { AppError } from '../../common/app-error.js';
import { Public } from '../../common/auth.decorators.js';
import { FileStorage, type ByteRange } from '../../providers/storage/file-storage.port.js';
import { SignedUrls } from './signed-urls.js';

const CONTENT_TYPES: Record<string, string> = {
  '.pdf': 'application/pdf',
  '.png': 'image/png',
  '.mp3': 'audio/mpeg',
  '.pptx': 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
};

const EXPIRED_MESSAGE = 'This link has expired or is not valid. Open the file again from ChapterWise.';

const EXPIRED_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>This link has expired · ChapterWise</title>
<style>
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; padding: 1.5rem; box-sizing: border-box;
    font: 16px/1.6 system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; background: #f8fafc; color: #0f172a; }
  main { max-width: 28rem; background: #fff; border: 1px solid #e2e8f0; border-radius: 1rem; padding: 2rem; }
  h1 { font-size: 1.375rem; margin: 0 0 .5rem; }
  p { margin: 0 0 1.5rem; color: #475569; }
  a { display: inline-block; background: #4f46e5; color: #fff; text-decoration: none; font-weight: 600;
    padding: .625rem 1.125rem; border-radius: .625rem; }
  @media (prefers-color-scheme: dark) {
    body { background: #020617; color: #f1f5f9; } main { background: #0f172a; border-color: #1e293b; }
    p { color: #cbd5e1; }
  }
</style>
</head>
<body>
<main>
<h1>This link has expired</h1>
<p>For your privacy, links to your books and downloads only work for a few minutes. Open the file again from your library and you will get a fresh one.</p>
<a href="/dashboard">Back to your library</a>
</main>
</body>
</html>`;

@Public()
@Controller('files')
export class FilesController {
  constructor(
    private readonly signedUrls: SignedUrls,
    private readonly storage: FileStorage,
  ) {}

  @Get('{*key}')
  async file(
    @Req() request: Request,
    @Query() query: Record<string, unknown>,
    @Res() response: Response,
  ): Promise<void> {
    const key = request.path.replace(/^\/api\/files\//, '');
    const signed = this.signedUrls.verify(key, query);
    if (!signed) {
      // A person who opened an old link gets a page with a way back; programs keep the JSON error.
      if (request.accepts(['json', 'html']) === 'html') {
        response.status(403).type('html').setHeader('Cache-Control', 'no-store').send(EXPIRED_PAGE);
        return;
      }
      throw new AppError('FORBIDDEN', EXPIRED_MESSAGE);
    }
    const contentType = CONTENT_TYPES[extname(key).toLowerCase()];
    const stored = contentType ? await this.storage.stat(key) : null;
    if (!contentType || !stored) throw AppError.notFound('This file no longer exists');
    response.setHeader('Content-Type', contentType);
    response.setHeader('X-Content-Type-Options', 'nosniff');
    response.setHeader('Cache-Control', 'private, max-age=300');
    response.setHeader('Referrer-Policy', 'no-referrer');
    // The signature is the permission: extension pages and players on other origins may load the file.
    response.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
    response.attachment(signed.fileName);
    // PDFs and audio open in the browser unless a download was asked for (?download=1); slides download.
    if (contentType !== CONTENT_TYPES['.pptx'] && query.download !== '1') {
      response.setHeader(
        'Content-Disposition',
        response
          .getHeader('Content-Disposition')!
          .toString()
          .replace(/^attachment/, 'inline'),
      );
    }
    // Range requests let audio seek and pdf.js load a large book in parts.
    response.setHeader('Accept-Ranges', 'bytes');
    const range = parseRange(request.headers.range, stored.size);
    if (range === 'unsatisfiable') {
      response.status(416).setHeader('Content-Range', `bytes */${stored.size}`).end();
      return;
    }
    if (range) {
      response.status(206).setHeader('Content-Range', `bytes ${range.start}-${range.end}/${stored.size}`);
    }
    response.setHeader('Content-Length', String(range ? range.end - range.start + 1 : stored.size));
    if (request.method === 'HEAD') {
      response.end();
      return;
    }
    const body = await this.storage.openReadStream(key, range ?? undefined);
    await pipeline(body, response).catch(() => response.destroy()); // a closed tab ends the copy
  }
}

/** One range of a `Range: bytes=…` header; several ranges or another unit get the whole file (RFC 9110 allows it). */
export function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  const match = header?.trim().match(/^bytes=(\d*)-(\d*)$/);
  if (!match || (!match[1] && !match[2])) return null;
  const [, first, last] = match;
  const start = first ? Number(first) : Math.max(0, size - Number(last));
  const end = first && last ? Math.min(Number(last), size - 1) : size - 1;
  if (start >= size || start > end) return 'unsatisfiable';
  return { start, end };
}
