import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleInit } from '@nestjs/common';
import { JobHandler, type HandlesJob } from '../../jobs/job-handler.decorator.js';
import type { JobPayloads } from '../../jobs/job-names.js';
import { JobQueue } from '../../jobs/job-queue.port.js';
import { TextEmbedder } from '../../providers/embeddings/text-embedder.port.js';
import { BookEvents } from '../books/book-events.js';
import { PageVectorRepository } from './page-vector.repository.js';

const BACKFILL_LIMIT = 1000;

@Injectable()
@JobHandler('search.embed')
export class EmbedBookJob implements HandlesJob<'search.embed'> {
  constructor(
    private readonly vectors: PageVectorRepository,
    private readonly embedder: TextEmbedder,
  ) {}

  async handle({ bookId }: JobPayloads['search.embed']): Promise<void> {
    if (this.embedder.disabledReason) return;
    const pages = (await this.vectors.pagesOf(bookId)).filter((page) => page.text.trim());
    if (pages.length === 0) return;
    const vectors = await this.embedder.embed(pages.map((page) => page.text));
    await this.vectors.save(
      bookId,
      this.embedder.model,
      pages.map((page, index) => ({ page: page.page, vector: vectors[index]! })),
    );
  }
}

// At boot, books still without vectors (older than EMBEDDINGS_MODEL, or whose event a crash lost) are queued too.
@Injectable()
export class EmbeddingScheduler implements OnModuleInit, OnApplicationBootstrap {
  private readonly logger = new Logger(EmbeddingScheduler.name);

  constructor(
    private readonly vectors: PageVectorRepository,
    private readonly jobs: JobQueue,
    private readonly events: BookEvents,
    private readonly embedder: TextEmbedder,
  ) {}

  onModuleInit(): void {
    if (this.embedder.disabledReason) return;
    this.events.subscribe(async ({ type, bookId }) => {
      if (type === 'book.completed') await this.enqueue(bookId);
    });
  }

  onApplicationBootstrap(): void {
    void this.backfill();
  }

  async backfill(): Promise<void> {
    if (this.embedder.disabledReason) return;
    try {
      for (const bookId of await this.vectors.booksToEmbed(this.embedder.model, BACKFILL_LIMIT))
        await this.enqueue(bookId);
    } catch (error) {
      this.logger.error(`Embedding backfill: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  private enqueue(bookId: string): Promise<void> {
    return this.jobs.enqueue('search.embed', { bookId }, { jobId: `search.embed:${bookId}` });
  }
}
