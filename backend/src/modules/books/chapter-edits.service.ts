import { Injectable, Logger } from '@nestjs/common';
import {
  CHAPTER_EDIT_MESSAGES,
  splitOutsideChapter,
  type BookListItem,
  type Chapter,
  type ChapterEditResult,
} from '@chapterwise/shared';
import { randomUUID } from 'node:crypto';
import { AppError } from '../../common/app-error.js';
import { JobQueue } from '../../jobs/job-queue.port.js';
import { FileStorage } from '../../providers/storage/file-storage.port.js';
import { toBookListItem, toChapterDto } from './book.mapper.js';
import { BookRepository } from './book.repository.js';
import { ChapterEditRepository, type EditOutcome } from './chapter-edit.repository.js';
import type { BookEntity } from './entities/book.entity.js';
import type { ChapterEntity } from './entities/chapter.entity.js';

// Edits are stored as they are and survive until the student asks for detection again.
@Injectable()
export class ChapterEditsService {
  private readonly logger = new Logger(ChapterEditsService.name);

  constructor(
    private readonly books: BookRepository,
    private readonly edits: ChapterEditRepository,
    private readonly storage: FileStorage,
    private readonly jobs: JobQueue,
  ) {}

  async rename(ownerId: string, chapterId: string, title: string): Promise<Chapter> {
    const { chapter } = await this.editable(ownerId, chapterId);
    const outcome = await this.edits.rename(chapter.id, title.slice(0, 300), chapter.bookId);
    return toChapterDto(this.settle(outcome).find((entry) => entry.id === chapter.id)!);
  }

  async mergeWithNext(ownerId: string, chapterId: string): Promise<Chapter[]> {
    const { chapter, chapters } = await this.editable(ownerId, chapterId);
    const next = chapters[chapters.indexOf(chapter) + 1];
    if (!next) throw AppError.validation(CHAPTER_EDIT_MESSAGES.lastChapterMerge);
    return this.settle(await this.edits.merge(chapter, next)).map(toChapterDto);
  }

  async split(ownerId: string, chapterId: string, page: number): Promise<Chapter[]> {
    const { chapter } = await this.editable(ownerId, chapterId);
    if (page <= chapter.startPage || page > chapter.endPage) {
      throw AppError.validation(splitOutsideChapter(chapter.startPage + 1, chapter.endPage));
    }
    const labels = await this.books.pagesOf(chapter.bookId, page - 1, page);
    const labelOf = (number: number) => labels.find((entry) => entry.number === number)?.label ?? null;
    const added: ChapterEntity = {
      id: randomUUID(),
      bookId: chapter.bookId,
      chapterNumber: chapter.chapterNumber + 1,
      title: `${chapter.title} (continued)`.slice(0, 300),
      label: null,
      startPage: page,
      endPage: chapter.endPage,
      startLabel: labelOf(page),
      endLabel: chapter.endLabel,
      detectionMethod: chapter.detectionMethod,
      summary: null,
      summaryEngine: null,
    };
    return this.settle(await this.edits.split(chapter, added, labelOf(page - 1))).map(toChapterDto);
  }

  async remove(ownerId: string, chapterId: string): Promise<ChapterEditResult> {
    const { chapter, chapters } = await this.editable(ownerId, chapterId);
    const index = chapters.indexOf(chapter);
    const neighbour = chapters[index - 1] ?? chapters[index + 1];
    if (!neighbour) throw AppError.validation(CHAPTER_EDIT_MESSAGES.onlyChapterDelete);
    const outcome = await this.edits.remove(chapter, neighbour);
    return { message: CHAPTER_EDIT_MESSAGES.chapterDeleted, chapters: this.settle(outcome).map(toChapterDto) };
  }

  async redetect(ownerId: string, bookId: string): Promise<BookListItem> {
    const book = await this.books.findOwned(ownerId, bookId);
    if (!book) throw AppError.notFound('Book not found');
    this.ensureReady(book);
    await this.jobs.remove(book.id);
    await this.books.updateProgress(book.id, {
      status: 'queued',
      progress: 0,
      statusDetail: 'Detecting chapters again',
      error: null,
    });
    this.removeFiles(await this.edits.dropAllFiles(book.id));
    // The answer is the book as queued: read after the job starts, it could already say 'extracting' (BullMQ).
    const queued = (await this.books.findById(book.id)) ?? book;
    await this.jobs.enqueue('book.ingest', { bookId: book.id }, { jobId: book.id });
    return toBookListItem(queued);
  }

  private async editable(ownerId: string, chapterId: string) {
    const owned = await this.books.findOwnedChapter(ownerId, chapterId);
    if (!owned) throw AppError.notFound('Chapter not found');
    this.ensureReady(owned.book);
    const chapters = await this.books.listChapters(owned.book.id);
    const chapter = chapters.find((entry) => entry.id === chapterId)!;
    return { chapter, chapters, book: owned.book };
  }

  private ensureReady(book: BookEntity): void {
    if (book.status !== 'completed') throw AppError.conflict(CHAPTER_EDIT_MESSAGES.bookNotReady);
  }

  // After the commit: a failed delete leaves only an orphan file.
  private settle(outcome: EditOutcome): ChapterEntity[] {
    this.removeFiles(outcome.staleFiles);
    return outcome.chapters;
  }

  private removeFiles(keys: string[]): void {
    for (const key of keys) {
      this.storage.delete(key).catch((error: unknown) => this.logger.warn(`Could not remove ${key}: ${String(error)}`));
    }
  }
}
