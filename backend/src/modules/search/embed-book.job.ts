import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { JobHandler, type HandlesJob } from '../../jobs/job-handler.decorator.js';
import type { JobPayloads } from '../../jobs/job-names.js';
import { JobQueue } from '../../jobs/job-queue.port.js';
import { TextEmbedder } from '../../providers/embeddings/text-embedder.port.js';
import { PageVectorRepository } from './page-vector.repository.js';

const SWEEP_INTERVAL_MS = 5000;
const BOOKS_PER_SWEEP = 20;

/** Embeds the pages of one completed book (a no-op when no embeddings model is configured). */
@Injectable()
@JobHandler('search.embed')
export class EmbedBookJob implements HandlesJob<'search.embed'> {
  constructor(
    private readonly vectors: PageVectorRepository,
    @Inject(TextEmbedder) private readonly embedder: TextEmbedder | null,
  ) {}

  async handle({ bookId }: JobPayloads['search.embed']): Promise<void> {
    if (!this.embedder) return;
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

/**
 * Finds completed books without vectors and queues their embedding: new books within seconds of
 * completing, books from before EMBEDDINGS_MODEL was set, and any a crash left behind. Job ids are
 * the book ids, so every process may sweep without queueing a book twice.
 */
@Injectable()
export class EmbeddingSweeper implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(EmbeddingSweeper.name);
  private timer: NodeJS.Timeout | undefined;
  private running = false;

  constructor(
    private readonly vectors: PageVectorRepository,
    private readonly jobs: JobQueue,
    @Inject(TextEmbedder) private readonly embedder: TextEmbedder | null,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.embedder) return;
    this.timer = setInterval(() => void this.sweep(), SWEEP_INTERVAL_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  async sweep(): Promise<void> {
    if (!this.embedder || this.running) return;
    this.running = true;
    try {
      for (const bookId of await this.vectors.booksToEmbed(this.embedder.model, BOOKS_PER_SWEEP))
        await this.jobs.enqueue('search.embed', { bookId }, { jobId: `search.embed:${bookId}` });
    } catch (error) {
      this.logger.error(`Embedding sweep: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      this.running = false;
    }
  }
}
