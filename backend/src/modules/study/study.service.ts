import { indexEntriesOf } from '../../providers/llm/book-index.js';
import { Injectable, Logger } from '@nestjs/common';
import type { BookSummaryAccepted, Eli12Response, SummaryResponse, Topic } from '@chapterwise/shared';
import { AppConfig } from '../../config/app-config.js';
import { AppError } from '../../common/app-error.js';
import { JobQueue, PermanentJobError } from '../../jobs/job-queue.port.js';
import {
  StudyBudgetExceededError,
  StudyEngine,
  StudyEngineUnavailableError,
  type ChapterInput,
  type StudyContext,
  type StudyPage,
} from '../../providers/llm/study-engine.port.js';
import { toTopicDto } from '../books/book.mapper.js';
import { BookRepository } from '../books/book.repository.js';
import type { BookEntity } from '../books/entities/book.entity.js';
import type { ChapterEntity } from '../books/entities/chapter.entity.js';
import { TopicRepository } from './topic.repository.js';

const POLL_MS = 200;
// Chapters summarised at once while building a book summary; the LLM adapter caps its own calls too.
const CHAPTER_PARALLELISM = 4;
const OTHER_PAGES_SAMPLE = 60;

/** The summary when it is done, else the progress the controller answers 202 with. */
export type BookSummaryOutcome = { done: true; body: SummaryResponse } | { done: false; body: BookSummaryAccepted };

@Injectable()
export class StudyService {
  private readonly logger = new Logger(StudyService.name);

  constructor(
    private readonly books: BookRepository,
    private readonly topics: TopicRepository,
    private readonly engine: StudyEngine,
    private readonly jobs: JobQueue,
    private readonly config: AppConfig,
  ) {}

  async summarizeChapter(ownerId: string, chapterId: string): Promise<SummaryResponse> {
    const { chapter, book } = await this.ownedChapterOfReadyBook(ownerId, chapterId);
    const summary = await this.study(() => this.writeChapterSummary(book, chapter));
    return { summary };
  }

  /**
   * Starts (or joins) the whole-book summary job and waits for it within the request budget:
   * done -> the summary; still working -> its progress, and the client polls GET /books/{id}.
   */
  async summarizeBook(ownerId: string, bookId: string): Promise<BookSummaryOutcome> {
    const book = await this.ownedReadyBook(ownerId, bookId);
    if (book.summaryStatus !== 'generating') {
      await this.books.updateProgress(book.id, {
        summaryStatus: 'generating',
        summaryProgress: 0,
        summaryError: null,
        summaryErrorCode: null,
      });
    }
    await this.jobs.enqueue('book.summarize', { bookId: book.id }, { jobId: `summary-${book.id}` });
    const deadline = Date.now() + this.config.study.requestBudgetMs;
    for (;;) {
      const current = await this.books.findOwned(ownerId, bookId);
      if (!current) throw AppError.notFound('Book not found');
      if (current.summaryStatus === null && current.fullSummary !== null)
        return { done: true, body: { summary: current.fullSummary } };
      if (current.summaryStatus === 'failed') throw summaryFailure(current);
      if (Date.now() >= deadline)
        return { done: false, body: { status: 'generating', progress: current.summaryProgress } };
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }

  /**
   * The `book.summarize` job: missing chapter summaries first, in parallel, then the book summary from them.
   * When `shutdown` aborts, it stops between steps and leaves the summary `generating` for the re-queued job.
   */
  async runBookSummary(bookId: string, shutdown?: AbortSignal): Promise<void> {
    const book = await this.books.findById(bookId);
    if (!book || book.status !== 'completed') return;
    try {
      const chapters = await this.books.listChapters(bookId);
      const missing = chapters.filter((chapter) => !chapter.summary);
      let done = 0;
      const steps = missing.length + 1;
      await forEachLimited(missing, CHAPTER_PARALLELISM, async (chapter) => {
        shutdown?.throwIfAborted();
        chapter.summary = await this.writeChapterSummary(book, chapter);
        done += 1;
        await this.books.updateProgress(bookId, { summaryProgress: Math.floor((done / steps) * 100) });
      });
      shutdown?.throwIfAborted();
      const summary = await this.engine.summarizeBook(
        {
          bookTitle: book.title,
          language: book.language,
          chapters: chapters.map((chapter) => ({
            number: chapter.chapterNumber,
            title: chapter.title,
            summary: chapter.summary ?? '',
          })),
        },
        this.context(book),
      );
      // Asking again would write the same nothing: say why instead of leaving the student waiting.
      if (!summary.trim()) throw new PermanentJobError(NOTHING_TO_SUMMARISE, 'unreadable');
      await this.books.updateFields(bookId, {
        fullSummary: summary,
        summaryStatus: null,
        summaryProgress: 100,
        summaryError: null,
        summaryErrorCode: null,
      });
    } catch (error) {
      if (shutdown?.aborted) throw error; // caused by shutdown: not a failed summary
      const failure =
        error instanceof PermanentJobError
          ? error
          : error instanceof StudyBudgetExceededError
            ? new PermanentJobError(error.message, 'rate_limited')
            : error instanceof StudyEngineUnavailableError
              ? new PermanentJobError(error.message, 'unavailable')
              : new PermanentJobError('Failed to generate summary', 'failed');
      if (failure.code === 'failed') {
        this.logger.error(`Book summary ${bookId} failed: ${error instanceof Error ? error.stack : String(error)}`);
      }
      await this.books.updateProgress(bookId, {
        summaryStatus: 'failed',
        summaryError: failure.message,
        summaryErrorCode: failure.code,
      });
      throw failure;
    }
  }

  /** The `book.prepare` job: notes and topics for every chapter that has none yet, in book order. */
  async prepareChapters(bookId: string): Promise<void> {
    const book = await this.books.findById(bookId);
    if (!book || book.status !== 'completed') return;
    for (const chapter of await this.books.listChapters(bookId)) {
      if (!chapter.summary) await this.writeChapterSummary(book, chapter);
      if ((await this.topics.listForChapter(chapter.id)).length === 0) {
        const drafts = await this.engine.extractTopics(await this.chapterInput(book, chapter), this.context(book));
        await this.topics.replaceForChapter(chapter.id, drafts);
      }
    }
  }

  async listTopics(ownerId: string, chapterId: string): Promise<Topic[]> {
    const owned = await this.books.findOwnedChapter(ownerId, chapterId);
    if (!owned) throw AppError.notFound('Chapter not found');
    return (await this.topics.listForChapter(chapterId)).map(toTopicDto);
  }

  async extractTopics(ownerId: string, chapterId: string): Promise<Topic[]> {
    const { chapter, book } = await this.ownedChapterOfReadyBook(ownerId, chapterId);
    const drafts = await this.study(async () =>
      this.engine.extractTopics(
        {
          ...(await this.chapterInput(book, chapter)),
          indexTerms: await this.indexTermsOf(book, chapter),
          bookPages: await this.otherPagesOf(book, chapter),
        },
        this.context(book),
      ),
    );
    return (await this.topics.replaceForChapter(chapter.id, drafts)).map(toTopicDto);
  }

  async explainTopic(ownerId: string, topicId: string): Promise<Eli12Response> {
    const owned = await this.topics.findOwned(ownerId, topicId);
    if (!owned) throw AppError.notFound('Topic not found');
    const eli12 = await this.study(async () =>
      this.engine.explainEli12(
        { topic: owned.topic.title, chapter: await this.chapterInput(owned.book, owned.chapter) },
        this.context(owned.book),
      ),
    );
    await this.topics.setEli12(topicId, eli12);
    return { eli12_summary: eli12 };
  }

  /**
   * ELI12 of a passage the student selected in the reader: the engine explains it as a topic, with
   * the page and its neighbours as the chapter it comes from.
   */
  async explainPassage(ownerId: string, bookId: string, page: number, text: string): Promise<Eli12Response> {
    const book = await this.ownedReadyBook(ownerId, bookId);
    if (page > book.totalPages)
      throw AppError.validation(`page must be between 1 and ${book.totalPages}, the pages of this book`);
    const chapter = (await this.books.listChapters(book.id)).find(
      (item) => page >= item.startPage && page <= item.endPage,
    );
    const pages = await this.books.pagesOf(book.id, Math.max(1, page - 1), page + 1);
    const eli12 = await this.study(() =>
      this.engine.explainEli12(
        {
          topic: text,
          chapter: {
            bookTitle: book.title,
            chapterTitle: chapter?.title ?? book.title,
            language: book.language,
            pages: pages.map((item) => ({ label: item.label, text: item.text })),
          },
        },
        this.context(book),
      ),
    );
    return { eli12_summary: eli12 };
  }

  private async writeChapterSummary(book: BookEntity, chapter: ChapterEntity): Promise<string> {
    const summary = await this.engine.summarizeChapter(await this.chapterInput(book, chapter), this.context(book));
    await this.books.setChapterSummary(chapter.id, summary);
    return summary;
  }

  private async chapterInput(book: BookEntity, chapter: ChapterEntity): Promise<ChapterInput> {
    const pages = await this.books.pagesOf(book.id, chapter.startPage, chapter.endPage);
    return {
      bookTitle: book.title,
      chapterTitle: chapter.title,
      language: book.language,
      pages: pages.map((page) => ({ label: page.label, text: page.text })),
    };
  }

  /** Entries of the book's back-of-book index (read from its last fifth) that point into the chapter. */
  private async indexTermsOf(book: BookEntity, chapter: ChapterEntity): Promise<string[]> {
    if (book.totalPages < 20) return [];
    const back = await this.books.pagesOf(book.id, Math.floor(book.totalPages * 0.8), book.totalPages);
    const index = indexEntriesOf(
      back.map((page) => ({ label: page.label, text: page.text })),
      0,
    );
    if (index.size === 0) return [];
    const chapterLabels = new Set(
      (await this.books.pagesOf(book.id, chapter.startPage, chapter.endPage)).map((page) => page.label),
    );
    return [...index].filter(([, labels]) => labels.some((label) => chapterLabels.has(label))).map(([term]) => term);
  }

  // Pages spread over the rest of the book: the background that tells the chapter's terms from the book's.
  private async otherPagesOf(book: BookEntity, chapter: ChapterEntity): Promise<StudyPage[]> {
    const others = (await this.books.pagesOf(book.id, 1, book.totalPages)).filter(
      (page) => page.number < chapter.startPage || page.number > chapter.endPage,
    );
    const step = Math.max(1, Math.ceil(others.length / OTHER_PAGES_SAMPLE));
    return others.filter((_, index) => index % step === 0).map((page) => ({ label: page.label, text: page.text }));
  }

  private context(book: BookEntity): StudyContext {
    return { userId: book.ownerId, bookId: book.id };
  }

  // The engine's errors become the API's: 429 for the daily budget, 503 when the model is unreachable.
  private async study<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof StudyBudgetExceededError) throw new AppError('RATE_LIMITED', error.message);
      if (error instanceof StudyEngineUnavailableError) throw new AppError('UNAVAILABLE', error.message);
      throw error;
    }
  }

  private async ownedReadyBook(ownerId: string, bookId: string): Promise<BookEntity> {
    const book = await this.books.findOwned(ownerId, bookId);
    if (!book) throw AppError.notFound('Book not found');
    assertReady(book);
    return book;
  }

  private async ownedChapterOfReadyBook(ownerId: string, chapterId: string) {
    const owned = await this.books.findOwnedChapter(ownerId, chapterId);
    if (!owned) throw AppError.notFound('Chapter not found');
    assertReady(owned.book);
    return owned;
  }
}

function assertReady(book: BookEntity): void {
  if (book.status === 'failed')
    throw AppError.conflict(`This book could not be processed: ${book.error ?? 'unknown reason'}`);
  if (book.status !== 'completed')
    throw AppError.conflict('This book is still being processed. Summaries are available once it is ready.');
}

const NOTHING_TO_SUMMARISE =
  "This book's chapters hold too little readable text to write a summary from (the text repeats or is not prose).";

function summaryFailure(book: BookEntity): AppError {
  const reason = book.summaryError ?? 'Failed to generate summary';
  if (book.summaryErrorCode === 'unreadable') return AppError.conflict(reason);
  return new AppError(book.summaryErrorCode === 'rate_limited' ? 'RATE_LIMITED' : 'UNAVAILABLE', reason);
}

async function forEachLimited<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await work(items[next++]!);
  });
  await Promise.all(lanes);
}
