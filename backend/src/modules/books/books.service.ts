import { Injectable, Logger } from '@nestjs/common';
import {
  sanitiseUserText,
  MONTHLY_UPLOAD_LIMITS,
  PLAN_NAMES,
  uploadsUsed,
  type Plan,
  type Book,
  type BookListItem,
  type Chapter,
} from '@chapterwise/shared';
import { randomUUID } from 'node:crypto';
import { unlink } from 'node:fs/promises';
import { basename } from 'node:path';
import { AppError } from '../../common/app-error.js';
import { JobQueue } from '../../jobs/job-queue.port.js';
import { StudyEngine } from '../../providers/llm/study-engine.port.js';
import { BookEvents } from './book-events.js';
import { FileStorage } from '../../providers/storage/file-storage.port.js';
import { EntitlementService } from '../billing/entitlement.service.js';
import { SignedUrls } from '../files/signed-urls.js';
import type { UserEntity } from '../users/user.entity.js';
import { isUniqueViolation } from '../users/user.repository.js';
import { toBookDto, toBookListItem, toChapterDto } from './book.mapper.js';
import { BookRepository } from './book.repository.js';
import type { BookEntity } from './entities/book.entity.js';
import type { ReceivedPdf } from './pdf-upload.interceptor.js';
import { currentPeriod, UploadQuotaRepository } from './upload-quota.repository.js';

@Injectable()
export class BooksService {
  private readonly logger = new Logger(BooksService.name);

  constructor(
    private readonly books: BookRepository,
    private readonly quota: UploadQuotaRepository,
    private readonly storage: FileStorage,
    private readonly jobs: JobQueue,
    private readonly signedUrls: SignedUrls,
    private readonly engine: StudyEngine,
    private readonly events: BookEvents,
    private readonly entitlements: EntitlementService,
  ) {}

  // The same file again returns its book without using a slot.
  async upload(
    user: UserEntity,
    file: ReceivedPdf,
    rawSourceUrl: string | null,
  ): Promise<{ book: BookListItem; created: boolean }> {
    const sourceUrl = rawSourceUrl && withoutFragment(rawSourceUrl);
    try {
      const existing = await this.books.findOwnedByFile(user.id, file.sha256);
      if (existing) {
        // The same file sent from a new address: that address now names this book too.
        if (sourceUrl && existing.sourceUrl !== sourceUrl) await this.books.updateFields(existing.id, { sourceUrl });
        return { book: toBookListItem(existing), created: false };
      }

      const period = currentPeriod();
      // The plan in force: a paid period that has ended is settled before the limit is read.
      const plan = await this.entitlements.currentPlan(user);
      const limit = MONTHLY_UPLOAD_LIMITS[plan];
      const id = randomUUID();
      const fileKey = `books/${id}/source.pdf`;
      const book = newBook({ id, ownerId: user.id, fileKey, file, sourceUrl, period });
      // The row claims the file before a slot: the unique (owner, file) index lets one concurrent upload through.
      try {
        await this.books.insert(book);
      } catch (error) {
        const winner = isUniqueViolation(error) ? await this.books.findOwnedByFile(user.id, file.sha256) : null;
        if (winner) return { book: toBookListItem(winner), created: false };
        throw error;
      }
      let reserved = false;
      try {
        const reservation = await this.quota.reserveSlot(user.id, period, limit);
        if (!reservation.reserved) throw upgradeRequired(plan, limit ?? 0, reservation.used);
        reserved = true;
        await this.storage.importFile(fileKey, file.path);
        const created = (await this.books.findById(id)) ?? book;
        await this.jobs.enqueue('book.ingest', { bookId: id }, { jobId: id });
        return { book: toBookListItem(created), created: true };
      } catch (error) {
        // Nothing half-written: give the slot back and drop the row and what was stored (JOB-3).
        if (reserved) await this.quota.releaseSlot(user.id, period).catch(() => undefined);
        await this.books.deleteOwned(user.id, id).catch(() => undefined);
        await this.storage.delete(`books/${id}/`).catch(() => undefined);
        throw error;
      }
    } finally {
      await unlink(file.path).catch(() => undefined);
    }
  }

  async list(ownerId: string): Promise<BookListItem[]> {
    const books = await this.books.listOwned(ownerId);
    const counts = await this.books.countChaptersOf(books.map((book) => book.id));
    return books.map((book) => ({
      ...toBookListItem(book),
      chapter_count: counts.get(book.id) ?? 0,
      cover_url: book.coverKey ? this.signedUrls.sign({ key: book.coverKey, ownerId, fileName: 'cover.png' }) : null,
      last_opened_at: book.lastOpenedAt?.toISOString() ?? null,
    }));
  }

  /** The fragment (#page=3) names a place, not a document. */
  async findBySource(ownerId: string, url: string): Promise<BookListItem | null> {
    const book = await this.books.findOwnedBySource(ownerId, withoutFragment(url));
    return book ? toBookListItem(book) : null;
  }

  async get(ownerId: string, id: string): Promise<Book> {
    const book = await this.ownedBook(ownerId, id);
    // Opening a processed book counts; the progress polls while it is processed do not (no writes then).
    if (book.status === 'completed') await this.books.markOpened(ownerId, id);
    return toBookDto(book, {
      pdfUrl: this.signedUrls.sign({ key: book.fileKey, ownerId, fileName: book.fileName }),
      chapterCount: await this.books.countChapters(book.id),
      engine: this.engine.kind,
    });
  }

  async delete(ownerId: string, id: string): Promise<void> {
    const book = await this.ownedBook(ownerId, id);
    await this.jobs.remove(book.id);
    await this.events.bookDeleted({ type: 'book.deleted', bookId: book.id, ownerId });
    await this.books.deleteOwned(ownerId, id);
    await this.storage
      .delete(`books/${book.id}/`)
      .catch((error: unknown) => this.logger.warn(`Could not remove files of book ${id}: ${String(error)}`));
  }

  async chapters(ownerId: string, bookId: string): Promise<Chapter[]> {
    const book = await this.ownedBook(ownerId, bookId);
    return (await this.books.listChapters(book.id)).map(toChapterDto);
  }

  async chapter(ownerId: string, chapterId: string): Promise<Chapter> {
    const owned = await this.books.findOwnedChapter(ownerId, chapterId);
    if (!owned) throw AppError.notFound('Chapter not found');
    return toChapterDto(owned.chapter);
  }

  async ownedBook(ownerId: string, id: string): Promise<BookEntity> {
    const book = await this.books.findOwned(ownerId, id);
    if (!book) throw AppError.notFound('Book not found');
    return book;
  }
}

function withoutFragment(url: string): string {
  const hash = url.indexOf('#');
  return hash === -1 ? url : url.slice(0, hash);
}

function upgradeRequired(plan: Plan, limit: number, used: number): AppError {
  const message = `You have ${uploadsUsed(used, limit, PLAN_NAMES[plan])}. Upgrade to upload more books this month.`;
  return new AppError('UPGRADE_REQUIRED', message, {
    upgrade_required: true,
    current_plan: plan,
    limit,
    used,
    message,
  });
}

function newBook(input: {
  id: string;
  ownerId: string;
  fileKey: string;
  file: ReceivedPdf;
  sourceUrl: string | null;
  period: string;
}): BookEntity {
  const now = new Date();
  return {
    id: input.id,
    ownerId: input.ownerId,
    title: titleFromFileName(input.file.originalName),
    status: 'queued',
    progress: 0,
    statusDetail: 'Waiting to start',
    error: null,
    totalPages: 0,
    fileKey: input.fileKey,
    fileName: safeFileName(input.file.originalName),
    fileSha256: input.file.sha256,
    fileSize: input.file.size,
    ocrPages: 0,
    language: null,
    sourceUrl: input.sourceUrl,
    fullSummary: null,
    fullSummaryEngine: null,
    summaryStatus: null,
    summaryProgress: 0,
    summaryError: null,
    summaryErrorCode: null,
    prepareStatus: null,
    prepareError: null,
    uploadPeriod: input.period,
    coverKey: null,
    lastOpenedAt: null,
    createdAt: now,
    updatedAt: now,
  };
}

/** "intro_to-biology (2nd ed).pdf" -> "intro to biology (2nd ed)". The PDF's own title replaces it later. */
export function titleFromFileName(name: string): string {
  const base = basename(name.replace(/\\/g, '/')).replace(/\.pdf$/i, '');
  const cleaned = sanitiseUserText(base).replace(/[_]+/g, ' ').replace(/\s+/g, ' ').trim();
  return (cleaned || 'Untitled book').slice(0, 300);
}

// The user's file name is metadata only (UP-3): kept for the download name, never used as a path.
function safeFileName(name: string): string {
  const base = sanitiseUserText(basename(name.replace(/\\/g, '/')))
    .replace(/"/g, '')
    .trim();
  return (base || 'book.pdf').slice(0, 200);
}
