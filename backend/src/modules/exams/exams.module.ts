import { Module } from '@nestjs/common';
import { BooksModule } from '../books/books.module.js';
import { StudioModule } from '../studio/studio.module.js';
import { BuildExamBankJob } from './build-exam-bank.job.js';
import { ExamRepository } from './exam.repository.js';
import { ExamsController } from './exams.controller.js';
import { ExamsService } from './exams.service.js';
import { PracticeRepository } from './practice.repository.js';
import { PracticeService } from './practice.service.js';
import { QuestionBankService } from './question-bank.service.js';
import { QuestionRepository } from './question.repository.js';

@Module({
  imports: [BooksModule, StudioModule],
  controllers: [ExamsController],
  providers: [
    BuildExamBankJob,
    ExamsService,
    ExamRepository,
    QuestionBankService,
    QuestionRepository,
    PracticeService,
    PracticeRepository,
  ],
})
export class ExamsModule {}
