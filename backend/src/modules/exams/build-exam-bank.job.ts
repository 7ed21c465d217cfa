import { Injectable } from '@nestjs/common';
import { JobHandler, type HandlesJob } from '../../jobs/job-handler.decorator.js';
import type { JobPayloads } from '../../jobs/job-names.js';
import { QuestionBankService } from './question-bank.service.js';

@Injectable()
@JobHandler('exam.build-bank')
export class BuildExamBankJob implements HandlesJob<'exam.build-bank'> {
  constructor(private readonly bank: QuestionBankService) {}

  handle(payload: JobPayloads['exam.build-bank']): Promise<void> {
    return this.bank.buildForExam(payload.examId);
  }
}
