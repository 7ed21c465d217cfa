import { Injectable, Logger } from '@nestjs/common';
import type {
  BookSummaryAccepted,
  ChapterPreparation,
  Eli12Response,
  SummaryResponse,
  Topic,
} from '@chapterwise/shared';
import { AppConfig } from '../../config/app-config.js';
import { AppError } from '../../common/app-error.js';
import { JobQueue, PermanentJobError } from '../../jobs/job-queue.port.js';
import {
  FallbackNotesEngine,
  StudyBudgetExceededError,
  StudyEngine,
  StudyEngineUnavailableError,
  StudyNotesUnusableError,
  type BookInput,
  type ChapterInput,
  type NotesEngine,
  type StudyContext,
  type TokenEstimate,
  type StudyPage,
} from '../../providers/llm/study-engine.port.js';
import { toTopicDto } from '../books/book.mapper.js';
import { BookIndexService } from '../books/book-index.service.js';
import { BookRepository } from '../books/book.repository.js';
import type { BookEntity } from '../books/entities/book.entity.js';
import type { ChapterEntity } from '../books/entities/chapter.entity.js';
import { TopicRepository } from './topic.repository.js';
import { studyPageOf } from '../books/study-page.js';

const POLL_MS = 200;
const INGESTION_YIELD_MAX_MS = 60_000;
// Chapters summarised at once while building a book summary; the LLM adapter caps its own calls too.
const CHAPTER_PARALLELISM = 4;
const ESTIMATES_KEPT = 200;
const OTHER_PAGES_SAMPLE = 60;

export type BookSummaryOutcome = { done: true; body: SummaryResponse } | { done: false; body: BookSummaryAccepted };

@Injectable()
export class StudyService {
  private readonly logger = new Logger(StudyService.name);
  private readonly estimates = new Map<string, { key: string; estimate: TokenEstimate }>();

  constructor(
    private readonly books: BookRepository,
    private readonly bookIndex: BookIndexService,
    private readonly topics: TopicRepository,
    private readonly engine: StudyEngine,
    private readonly fallback: FallbackNotesEngine,
    private readonly jobs: JobQueue,
    private readonly config: AppConfig,
  ) {}

  async summarizeChapter(ownerId: string, chapterId: string): Promise<SummaryResponse> {
    const { chapter, book } = await this.ownedChapterOfReadyBook(ownerId, chapterId);
    const summary = await this.study(() => this.writeChapterSummary(book, chapter));
    return { summary };
  }

  // Waits within the request budget; past it the controller answers 202 and the client polls GET /books/{id}.
  async summarizeBook(ownerId: string, bookId: string): Promise<BookSummaryOutcome> {
    const book = await this.ownedReadyBook(ownerId, bookId);
    // Written, and no chapter's notes dropped since (an edit): asking again answers it without a model call.
    if (book.summaryStatus === null && book.fullSummary !== null && (await this.everyChapterHasNotes(book.id)))
      return { done: true, body: { summary: book.fullSummary } };
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

  // When `shutdown` aborts, it stops between steps and leaves the summary `generating` for the re-queued job.
  async runBookSummary(bookId: string, shutdown?: AbortSignal): Promise<void> {
    const book = await this.books.findById(bookId);
    if (!book || book.status !== 'completed') return;
    try {
      const chapters = await this.books.listChapters(bookId);
      const missing = chapters.filter((chapter) => !chapter.summary);
      // A request that raced a run which has just finished: the summary is current, so nothing is sent again.
      if (book.fullSummary !== null && missing.length === 0) {
        await this.books.updateFields(bookId, { summaryStatus: null, summaryProgress: 100 });
        return;
      }
      let done = 0;
      const steps = missing.length + 1;
      await forEachLimited(missing, CHAPTER_PARALLELISM, async (chapter) => {
        shutdown?.throwIfAborted();
        chapter.summary = await this.writeChapterSummary(book, chapter);
        done += 1;
        await this.books.updateProgress(bookId, { summaryProgress: Math.floor((done / steps) * 100) });
      });
      shutdown?.throwIfAborted();
      const input: BookInput = {
        bookTitle: book.title,
        language: book.language,
        chapters: chapters.map((chapter) => ({
          number: chapter.chapterNumber,
          title: chapter.title,
          summary: chapter.summary ?? '',
        })),
      };
      const context = this.context(book);
      const summary = await this.notesOrFallback(
        `Book ${bookId}`,
        () => this.engine.summarizeBook(input, context),
        () => this.fallback.summarizeBook(input, context),
      );
      // Asking again would write the same nothing: say why instead of leaving the student waiting.
      if (!summary.text.trim()) throw new PermanentJobError(NOTHING_TO_SUMMARISE, 'unreadable');
      await this.books.updateFields(bookId, {
        fullSummary: summary.text,
        fullSummaryEngine: summary.engine,
        summaryStatus: null,
        summaryProgress: 100,
        summaryError: null,
        summaryErrorCode: null,
      });
    } catch (error) {
      if (shutdown?.aborted) throw error; // caused by shutdown: not a failed summary
      const failure = jobFailure(error);
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

  // Notes and topics for every chapter that has none; chapters done stay done when one fails.
  async prepareChapters(bookId: string, shutdown?: AbortSignal): Promise<void> {
    const book = await this.books.findById(bookId);
    if (!book || book.status !== 'completed') return;
    try {
      const chapters = await this.books.listChapters(bookId);
      const withTopics = await this.topics.chaptersWithTopics(chapters.map((chapter) => chapter.id));
      // The offline engine has one worker thread; a model takes chapters side by side within its call cap.
      const lanes = this.engine.kind === 'llm' ? CHAPTER_PARALLELISM : 1;
      // Bounded, so a book left unfinished by a crash never stalls preparation.
      const yieldUntil = Date.now() + INGESTION_YIELD_MAX_MS;
      await forEachLimited(chapters, lanes, async (chapter) => {
        shutdown?.throwIfAborted();
        if (this.engine.kind === 'offline') await this.yieldToIngestion(yieldUntil, shutdown);
        if (!chapter.summary) await this.writeChapterSummary(book, chapter);
        if (!withTopics.has(chapter.id)) {
          shutdown?.throwIfAborted();
          const input = await this.topicInput(book, chapter);
          await this.topics.replaceForChapter(chapter.id, await this.engine.extractTopics(input, this.context(book)));
        }
      });
      await this.books.updateFields(bookId, { prepareStatus: null, prepareError: null });
    } catch (error) {
      if (shutdown?.aborted) throw error;
      const failure = jobFailure(error);
      if (failure.code === 'failed') {
        this.logger.error(`Preparing ${bookId} failed: ${error instanceof Error ? error.stack : String(error)}`);
      }
      await this.books.updateFields(bookId, { prepareStatus: 'failed', prepareError: failure.message });
      throw failure;
    }
  }

  /** "Prepare all chapters" (model engine): how far it is, and the estimated cost of the chapters left. */
  async chapterPreparation(ownerId: string, bookId: string): Promise<ChapterPreparation> {
    return this.preparationOf(await this.ownedBookForPreparation(ownerId, bookId));
  }

  /** Starts "Prepare all chapters" unless it is running or there is nothing left to prepare. */
  async startChapterPreparation(ownerId: string, bookId: string): Promise<ChapterPreparation> {
    const book = await this.ownedBookForPreparation(ownerId, bookId);
    const current = await this.preparationOf(book);
    if (current.status === 'running' || current.status === 'done') return current;
    await this.books.updateFields(book.id, { prepareStatus: 'running', prepareError: null });
    await this.jobs.enqueue('book.prepare', { bookId: book.id }, { jobId: `prepare-${book.id}` });
    return { ...current, status: 'running', error: null };
  }

  private async ownedBookForPreparation(ownerId: string, bookId: string): Promise<BookEntity> {
    const book = await this.ownedReadyBook(ownerId, bookId);
    if (this.engine.kind === 'offline')
      throw AppError.conflict(
        'With the offline engine, chapter notes and topics are prepared when the book is processed.',
      );
    return book;
  }

  private async preparationOf(book: BookEntity): Promise<ChapterPreparation> {
    const chapters = await this.books.listChapters(book.id);
    const withTopics = await this.topics.chaptersWithTopics(chapters.map((chapter) => chapter.id));
    const left = chapters.filter((chapter) => !chapter.summary || !withTopics.has(chapter.id));
    const estimate = await this.estimateOf(book, left);
    const price = this.config.llm.price;
    const status =
      book.prepareStatus === 'running'
        ? 'running'
        : book.prepareStatus === 'failed'
          ? 'failed'
          : left.length
            ? 'idle'
            : 'done';
    return {
      status,
      chapters_done: chapters.length - left.length,
      chapters_total: chapters.length,
      error: status === 'failed' ? book.prepareError : null,
      estimate: {
        input_tokens: estimate.input,
        output_tokens: estimate.output,
        cost_usd: price ? Math.round(estimate.input * price.input + estimate.output * price.output) / 1e6 : null,
      },
    };
  }

  // Counting a book's tokens reads all its pages: the answer is kept while the same chapters are left,
  // so polling the progress does not read the book again.
  private async estimateOf(book: BookEntity, left: readonly ChapterEntity[]): Promise<TokenEstimate> {
    const key = left.map((chapter) => chapter.id).join(',');
    const cached = this.estimates.get(book.id);
    if (cached?.key === key) return cached.estimate;
    const estimate = { input: 0, output: 0 };
    for (const chapter of left) {
      const tokens = this.engine.estimateChapterTokens(await this.chapterInput(book, chapter));
      estimate.input += tokens?.input ?? 0;
      estimate.output += tokens?.output ?? 0;
    }
    if (this.estimates.size >= ESTIMATES_KEPT) this.estimates.delete(this.estimates.keys().next().value!);
    this.estimates.set(book.id, { key, estimate });
    return estimate;
  }

  async listTopics(ownerId: string, chapterId: string): Promise<Topic[]> {
    const owned = await this.books.findOwnedChapter(ownerId, chapterId);
    if (!owned) throw AppError.notFound('Chapter not found');
    return (await this.topics.listForChapter(chapterId)).map(toTopicDto);
  }

  async extractTopics(ownerId: string, chapterId: string): Promise<Topic[]> {
    const { chapter, book } = await this.ownedChapterOfReadyBook(ownerId, chapterId);
    const drafts = await this.study(async () =>
      this.engine.extractTopics(await this.topicInput(book, chapter), this.context(book)),
    );
    return (await this.topics.replaceForChapter(chapter.id, drafts)).map(toTopicDto);
  }

  async explainTopic(ownerId: string, topicId: string): Promise<Eli12Response> {
    const owned = await this.topics.findOwned(ownerId, topicId);
    if (!owned) throw AppError.notFound('Topic not found');
    const eli12 = await this.study(async () =>
      this.engine.explainEli12(
        // The chapter's index entries are its terms: an explanation keeps their words as the book writes them.
        { topic: owned.topic.title, chapter: await this.termsInput(owned.book, owned.chapter) },
        this.context(owned.book),
      ),
    );
    await this.topics.setEli12(topicId, eli12);
    return { eli12_summary: eli12 };
  }

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
    const input = await this.chapterInput(book, chapter);
    const context = this.context(book);
    const summary = await this.notesOrFallback(
      `Chapter ${chapter.id}`,
      () => this.engine.summarizeChapter(input, context),
      () => this.fallback.summarizeChapter(input, context),
    );
    // Stored with who wrote it: a chapter with notes is not sent again, and offline ones are labelled.
    await this.books.setChapterSummary(chapter.id, summary.text, summary.engine);
    return summary.text;
  }

  // A model whose notes were refused twice would most likely be refused a third time, at the cost of the
  // chapter's text each time: the offline engine's notes stand in, labelled as its own.
  private async notesOrFallback(
    subject: string,
    write: () => Promise<string>,
    fallback: () => Promise<string>,
  ): Promise<{ text: string; engine: NotesEngine }> {
    try {
      return { text: await write(), engine: this.engine.kind };
    } catch (error) {
      if (!(error instanceof StudyNotesUnusableError)) throw error;
      this.logger.warn(`${subject}: the model's notes were unusable twice; the offline engine's stand in`);
      return { text: await fallback(), engine: 'offline' };
    }
  }

  private async everyChapterHasNotes(bookId: string): Promise<boolean> {
    return (await this.books.listChapters(bookId)).every((chapter) => chapter.summary);
  }

  private async chapterInput(book: BookEntity, chapter: ChapterEntity): Promise<ChapterInput> {
    const pages = await this.books.pagesOf(book.id, chapter.startPage, chapter.endPage);
    return {
      bookTitle: book.title,
      chapterTitle: chapter.title,
      language: book.language,
      pages: pages.map(studyPageOf),
    };
  }

  // Pages spread over the rest of the book: the background that tells the chapter's terms from the book's.
  private async otherPagesOf(book: BookEntity, chapter: ChapterEntity): Promise<StudyPage[]> {
    const others = Array.from({ length: book.totalPages }, (_, index) => index + 1).filter(
      (number) => number < chapter.startPage || number > chapter.endPage,
    );
    const step = Math.max(1, Math.ceil(others.length / OTHER_PAGES_SAMPLE));
    const sample = others.filter((_, index) => index % step === 0);
    return (await this.books.pagesNumbered(book.id, sample)).map(studyPageOf);
  }

  private async termsInput(book: BookEntity, chapter: ChapterEntity): Promise<ChapterInput> {
    return {
      ...(await this.chapterInput(book, chapter)),
      indexTerms: await this.bookIndex.indexTermsOf(book, chapter),
    };
  }

  private async topicInput(book: BookEntity, chapter: ChapterEntity): Promise<ChapterInput> {
    return {
      ...(await this.chapterInput(book, chapter)),
      indexTerms: await this.bookIndex.indexTermsOf(book, chapter),
      bookPages: await this.otherPagesOf(book, chapter),
    };
  }

  // Offline notes share the cores with extraction, which runs at low priority: a student's upload goes first.
  private async yieldToIngestion(until: number, shutdown?: AbortSignal): Promise<void> {
    while (Date.now() < until && (await this.books.countIngesting()) > 0) {
      shutdown?.throwIfAborted();
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
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

// What the student is told when a study job stops: the engine's own plain reasons, never a stack.
function jobFailure(error: unknown): PermanentJobError {
  if (error instanceof PermanentJobError) return error;
  if (error instanceof StudyBudgetExceededError) return new PermanentJobError(error.message, 'rate_limited');
  if (error instanceof StudyEngineUnavailableError) return new PermanentJobError(error.message, 'unavailable');
  return new PermanentJobError('Failed to generate summary', 'failed');
}

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
