import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { JobQueue, PermanentJobError } from '../../jobs/job-queue.port.js';
import { AppConfig } from '../../config/app-config.js';
import { StudyEngine } from '../../providers/llm/study-engine.port.js';
import {
  BookExtractor,
  ExtractionError,
  type ExtractionProgress,
  type ExtractionResult,
} from './extraction/book-extractor.port.js';
import { FileStorage } from '../../providers/storage/file-storage.port.js';
import { BookEvents } from '../books/book-events.js';
import { BookRepository } from '../books/book.repository.js';
import type { ChapterEntity } from '../books/entities/chapter.entity.js';
import type { PageEntity } from '../books/entities/page.entity.js';
import { UploadQuotaRepository } from '../books/upload-quota.repository.js';
import { renderCover } from './book-cover.js';

const PROGRESS_WRITE_INTERVAL_MS = 400;

@Injectable()
export class IngestionService implements OnModuleInit {
  private readonly logger = new Logger(IngestionService.name);
  private readonly running = new Map<string, AbortController>();

  constructor(
    private readonly books: BookRepository,
    private readonly quota: UploadQuotaRepository,
    private readonly storage: FileStorage,
    private readonly extractor: BookExtractor,
    private readonly events: BookEvents,
    private readonly jobs: JobQueue,
    private readonly engine: StudyEngine,
    private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.events.subscribe(async (event) => {
      if (event.type === 'book.deleted') this.cancel(event.bookId);
    });
  }

  /** `shutdown` aborts when the process stops: the book is left as it is and its job goes back to the queue. */
  async ingest(bookId: string, attempt: number, maxAttempts: number, shutdown?: AbortSignal): Promise<void> {
    const book = await this.books.findById(bookId);
    if (!book) return; // deleted while queued
    if (book.status === 'completed') return; // a re-delivered job: the work is done (JOB-1)

    const controller = new AbortController();
    this.running.set(bookId, controller);
    shutdown?.addEventListener('abort', () => controller.abort(shutdown.reason), { once: true });
    const writeProgress = throttledProgressWriter((progress) =>
      this.books.updateProgress(bookId, {
        status: progress.phase,
        progress: Math.round(progress.progress),
        statusDetail: progress.detail,
        error: null,
      }),
    );
    try {
      await this.books.updateProgress(bookId, {
        status: 'extracting',
        progress: 0,
        statusDetail: 'Opening the PDF',
        error: null,
      });
      const result = await this.storage.withLocalCopy(book.fileKey, (path) =>
        this.extractor.extract(path, { onProgress: writeProgress.push, signal: controller.signal }),
      );
      await writeProgress.flush();
      if (controller.signal.aborted) return;
      const coverKey = await this.makeCover(bookId, book.fileKey, controller.signal);
      const saved = await this.books.saveExtraction(bookId, toPages(bookId, result), toChapters(bookId, result), {
        coverKey,
        status: 'completed',
        progress: 100,
        statusDetail: null,
        error: null,
        totalPages: result.pageCount,
        ocrPages: result.ocrPages,
        language: result.language,
        ...(usefulTitle(result.title) ? { title: usefulTitle(result.title)! } : {}),
      });
      if (saved) this.logger.log(`Book ${bookId}: ${result.pageCount} pages, ${result.chapters.length} chapters`);
      if (saved) await this.events.bookSettled({ type: 'book.completed', bookId, ownerId: book.ownerId });
      // Offline notes are free, so they are ready on arrival; model notes stay on demand (they spend the allowance).
      if (saved && this.engine.kind === 'offline' && this.config.study.prepareOffline)
        await this.jobs.enqueue('book.prepare', { bookId }, { jobId: `prepare-${bookId}` });
    } catch (error) {
      await writeProgress.flush().catch(() => undefined);
      // What the file is (damaged, encrypted, empty) does not change on a retry; a deadlock or a store hiccup may.
      const permanent = (error instanceof ExtractionError && error.permanent) || attempt >= maxAttempts;
      if (controller.signal.aborted) return;
      if (!permanent) {
        await this.books.updateProgress(bookId, { statusDetail: 'Something went wrong; trying again' });
        throw error;
      }
      await this.fail(bookId, error);
      throw new PermanentJobError(
        error instanceof Error ? error.message : String(error),
        error instanceof ExtractionError ? 'unreadable' : 'failed',
      );
    } finally {
      this.running.delete(bookId);
    }
  }

  private async makeCover(bookId: string, fileKey: string, signal: AbortSignal): Promise<string | null> {
    try {
      const png = await this.storage.withLocalCopy(fileKey, (path) => renderCover(path, signal));
      if (!png) return null;
      const key = `books/${bookId}/cover.png`;
      await this.storage.write(key, png);
      return key;
    } catch (error) {
      this.logger.warn(`Book ${bookId}: no cover (${error instanceof Error ? error.message : String(error)})`);
      return null;
    }
  }

  cancel(bookId: string): void {
    this.running.get(bookId)?.abort();
  }

  private async fail(bookId: string, error: unknown): Promise<void> {
    const reason =
      error instanceof ExtractionError
        ? error.message
        : 'Something went wrong on our side while reading this PDF. Please try uploading it again.';
    if (!(error instanceof ExtractionError))
      this.logger.error(`Book ${bookId} failed unexpectedly: ${error instanceof Error ? error.stack : String(error)}`);
    const book = await this.books.findById(bookId);
    if (!book) return;
    await this.books.updateProgress(bookId, { status: 'failed', statusDetail: null, error: reason });
    await this.events.bookSettled({ type: 'book.failed', bookId, ownerId: book.ownerId });
    if (book.uploadPeriod) await this.quota.releaseSlot(book.ownerId, book.uploadPeriod);
    await this.books.updateFields(bookId, { uploadPeriod: null });
  }
}

function toPages(bookId: string, result: ExtractionResult): PageEntity[] {
  return result.pages.map((page) => ({
    bookId,
    number: page.number,
    label: page.label.slice(0, 32),
    text: page.text,
    emphasis: page.emphasis.length ? page.emphasis : null,
    source: page.source,
    ocrConfidence: page.ocrConfidence,
  }));
}

function toChapters(bookId: string, result: ExtractionResult): ChapterEntity[] {
  const labels = new Map(result.pages.map((page) => [page.number, page.label]));
  return result.chapters.map((chapter) => ({
    id: randomUUID(),
    bookId,
    chapterNumber: chapter.number,
    title: chapter.title.slice(0, 300),
    label: chapter.label?.slice(0, 32) ?? null,
    startPage: chapter.startPage,
    endPage: chapter.endPage,
    startLabel: labels.get(chapter.startPage)?.slice(0, 32) ?? null,
    endLabel: labels.get(chapter.endPage)?.slice(0, 32) ?? null,
    detectionMethod: chapter.method,
    summary: null,
    summaryEngine: null,
  }));
}

// Metadata titles are often junk ("Microsoft Word - draft3.docx", "untitled"); keep the file name then.
function usefulTitle(title: string | null): string | null {
  const cleaned = title?.replace(/\s+/g, ' ').trim();
  if (!cleaned || cleaned.length < 3) return null;
  if (
    /^(untitled|microsoft word|document\d*|title|unknown)\b/i.test(cleaned) ||
    /\.(docx?|pdf|tex|indd)$/i.test(cleaned)
  )
    return null;
  return cleaned.slice(0, 300);
}

function throttledProgressWriter(write: (progress: ExtractionProgress) => Promise<void>) {
  let last: ExtractionProgress | undefined;
  let pending: ExtractionProgress | undefined;
  let lastWrite = 0;
  let chain = Promise.resolve();
  const enqueue = (progress: ExtractionProgress) => {
    lastWrite = Date.now();
    last = progress;
    pending = undefined;
    chain = chain.then(() => write(progress)).catch(() => undefined);
  };
  return {
    push: (progress: ExtractionProgress) => {
      if (!last || last.phase !== progress.phase || Date.now() - lastWrite >= PROGRESS_WRITE_INTERVAL_MS)
        enqueue(progress);
      else pending = progress;
    },
    flush: async () => {
      if (pending) enqueue(pending);
      await chain;
    },
  };
}
