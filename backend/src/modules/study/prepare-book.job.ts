import { Injectable } from '@nestjs/common';
import { JobHandler, type HandlesJob } from '../../jobs/job-handler.decorator.js';
import type { JobPayloads } from '../../jobs/job-names.js';
import type { JobContext } from '../../jobs/job-queue.port.js';
import { StudyService } from './study.service.js';

@Injectable()
@JobHandler('book.prepare')
export class PrepareBookJob implements HandlesJob<'book.prepare'> {
  constructor(private readonly study: StudyService) {}

  handle(payload: JobPayloads['book.prepare'], context: JobContext): Promise<void> {
    return this.study.prepareChapters(payload.bookId, context.signal);
  }
}
