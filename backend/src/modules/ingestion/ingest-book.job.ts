import { Injectable } from '@nestjs/common';
import { AppConfig } from '../../config/app-config.js';
import { JobHandler, type HandlesJob } from '../../jobs/job-handler.decorator.js';
import type { JobPayloads } from '../../jobs/job-names.js';
import type { JobContext } from '../../jobs/job-queue.port.js';
import { IngestionService } from './ingestion.service.js';

@Injectable()
@JobHandler('book.ingest')
export class IngestBookJob implements HandlesJob<'book.ingest'> {
  constructor(
    private readonly ingestion: IngestionService,
    private readonly config: AppConfig,
  ) {}

  handle(payload: JobPayloads['book.ingest'], context: JobContext): Promise<void> {
    return this.ingestion.ingest(payload.bookId, context.attempt, this.config.jobs.attempts, context.signal);
  }
}
