import { SetMetadata } from '@nestjs/common';
import type { JobName, JobPayloads } from './job-names.js';

export const JOB_HANDLER = 'chapterwise:job-handler';

/** Marks a provider as the handler of one job; its `handle(payload)` parses, calls one service method, returns. */
export const JobHandler = (name: JobName) => SetMetadata(JOB_HANDLER, name);

export interface HandlesJob<N extends JobName> {
  handle(payload: JobPayloads[N], context: { jobId: string; attempt: number }): Promise<void>;
}
