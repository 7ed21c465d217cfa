import { Controller, Get, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { extname } from 'node:path';
import { AppError } from '../../common/app-error.js';
import { Public } from '../../common/auth.decorators.js';
import { FileStorage } from '../../providers/storage/file-storage.port.js';
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
    if (!contentType || !(await this.storage.exists(key))) throw AppError.notFound('This file no longer exists');
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
    // sendFile answers Range requests (seeking in audio, pdf.js partial loads).
    response.sendFile(this.storage.localPath(key), {
      headers: { 'Content-Type': contentType },
      acceptRanges: true,
      cacheControl: false,
    });
  }
}
