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
  '.mp3': 'audio/mpeg',
  '.pptx': 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
};

/** Serves stored files to signed links only; the signature is the permission (URL-1). */
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
    if (!signed)
      throw new AppError('FORBIDDEN', 'This link has expired or is not valid. Open the file again from ChapterWise.');
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
    // PDFs and audio open in the browser; slides download.
    if (contentType !== CONTENT_TYPES['.pptx']) {
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
