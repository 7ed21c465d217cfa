import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { MESSAGES } from '@chapterwise/shared';
import type { Request, Response } from 'express';
import multer from 'multer';
import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream, mkdirSync } from 'node:fs';
import { unlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { Observable } from 'rxjs';
import { AppConfig } from '../../config/app-config.js';
import { AppError } from '../../common/app-error.js';

export interface ReceivedPdf {
  path: string;
  size: number;
  sha256: string;
  originalName: string;
  mimeType: string;
}

// The header must open the file; only PDF whitespace may come before it (UP-2), within the first kilobyte.
const MAGIC_WINDOW = 1024;
const PDF_TYPES = new Set(['application/pdf', 'application/x-pdf', 'application/octet-stream']);

class NotAPdfError extends Error {}

// Hashes and checks the magic as the file arrives, size cap enforced mid-stream (UP-1, UP-2); rejects leave no file.
@Injectable()
export class PdfUploadInterceptor implements NestInterceptor {
  private readonly upload: ReturnType<ReturnType<typeof multer>['single']>;

  constructor(private readonly config: AppConfig) {
    const tempDir = join(config.dataDir, 'tmp');
    mkdirSync(tempDir, { recursive: true });
    this.upload = multer({
      storage: new HashingPdfStorage(tempDir),
      // Browsers, curl and Node's fetch send the file name as raw UTF-8 in `filename="…"`; busboy's default
      // reads it as Latin-1, so "Übungen" arrived as "Ãbungen". RFC 5987 `filename*=` names are decoded either way.
      defParamCharset: 'utf8',
      limits: { fileSize: config.maxUploadBytes, files: 1, fields: 5, fieldSize: 4096 },
      fileFilter: (_request, file, accept) => {
        if (file.originalname.toLowerCase().endsWith('.pdf') && PDF_TYPES.has(file.mimetype)) accept(null, true);
        else accept(new NotAPdfError());
      },
    }).single('file');
  }

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const http = context.switchToHttp();
    const request = http.getRequest<Request>();
    await new Promise<void>((resolve, reject) => {
      this.upload(request, http.getResponse<Response>(), (error: unknown) =>
        error ? reject(this.translate(error)) : resolve(),
      );
    });
    if (!request.file) throw AppError.validation(MESSAGES.notAPdf);
    return next.handle();
  }

  private translate(error: unknown): unknown {
    if (error instanceof NotAPdfError) return AppError.validation(MESSAGES.notAPdf);
    if (error instanceof multer.MulterError) {
      switch (error.code) {
        case 'LIMIT_FILE_SIZE':
          return new AppError(
            'PAYLOAD_TOO_LARGE',
            `This PDF is larger than the ${Math.round(this.config.maxUploadBytes / 1048576)} MB upload limit`,
          );
        case 'LIMIT_FILE_COUNT':
        case 'LIMIT_UNEXPECTED_FILE':
          return AppError.validation('Please upload one PDF file at a time, in the field "file"');
        default:
          return AppError.validation(`The upload could not be read: ${error.message}`);
      }
    }
    // busboy's parse errors are a broken request, not a server fault.
    if (
      error instanceof Error &&
      /malformed|unexpected end of (form|multipart)|multipart: boundary/i.test(error.message)
    ) {
      return AppError.validation('The upload could not be read. Please try again.');
    }
    return error;
  }
}

class HashingPdfStorage implements multer.StorageEngine {
  constructor(private readonly dir: string) {}

  _handleFile(
    _request: Request,
    file: Express.Multer.File,
    done: (error?: unknown, info?: Partial<Express.Multer.File>) => void,
  ): void {
    const path = join(this.dir, `${randomUUID()}.upload`);
    const hash = createHash('sha256');
    const out = createWriteStream(path);
    let size = 0;
    let head = Buffer.alloc(0);
    let failed = false;
    const fail = (error: unknown) => {
      if (failed) return;
      failed = true;
      file.stream.unpipe(out);
      // The file is opened asynchronously: removed only once the stream has closed, and before the answer (UP-1).
      out.once(
        'close',
        () =>
          void unlink(path).then(
            () => done(error),
            () => done(error),
          ),
      );
      out.destroy();
    };
    file.stream.on('data', (chunk: Buffer) => {
      hash.update(chunk);
      size += chunk.length;
      if (head.length < MAGIC_WINDOW) {
        head = Buffer.concat([head, chunk]).subarray(0, MAGIC_WINDOW);
        if (head.length >= MAGIC_WINDOW && !startsWithPdfMagic(head)) fail(new NotAPdfError());
      }
    });
    file.stream.on('error', fail);
    out.on('error', fail);
    out.on('finish', () => {
      if (failed) return;
      if (!startsWithPdfMagic(head)) return fail(new NotAPdfError());
      done(null, { path, size, filename: hash.digest('hex') });
    });
    file.stream.pipe(out);
  }

  _removeFile(_request: Request, file: Express.Multer.File, done: (error: Error | null) => void): void {
    unlink(file.path).then(
      () => done(null),
      () => done(null),
    );
  }
}

export function receivedPdf(file: Express.Multer.File): ReceivedPdf {
  // The storage engine puts the SHA-256 in `filename`: multer has no other slot for it.
  return {
    path: file.path,
    size: file.size,
    sha256: file.filename,
    originalName: file.originalname,
    mimeType: file.mimetype,
  };
}

const PDF_WHITESPACE = new Set([0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]);

export function startsWithPdfMagic(head: Buffer): boolean {
  let offset = 0;
  while (offset < head.length && PDF_WHITESPACE.has(head[offset]!)) offset++;
  return head.subarray(offset, offset + 5).toString('latin1') === '%PDF-';
}
