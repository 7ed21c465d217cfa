import { Injectable } from '@nestjs/common';
import { JobHandler, type HandlesJob } from '../../jobs/job-handler.decorator.js';
import type { JobPayloads } from '../../jobs/job-names.js';
import { AuthService } from './auth.service.js';

@Injectable()
@JobHandler('auth.reset-mail')
export class ResetMailJob implements HandlesJob<'auth.reset-mail'> {
  constructor(private readonly auth: AuthService) {}

  handle(payload: JobPayloads['auth.reset-mail']): Promise<void> {
    return this.auth.mailResetCode(payload.email);
  }
}
