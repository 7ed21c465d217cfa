import { Module } from '@nestjs/common';
import { BooksModule } from '../books/books.module.js';
import { StudyController } from './study.controller.js';
import { StudyService } from './study.service.js';
import { PrepareBookJob } from './prepare-book.job.js';
import { SummarizeBookJob } from './summarize-book.job.js';
import { TopicRepository } from './topic.repository.js';

@Module({
  imports: [BooksModule],
  controllers: [StudyController],
  providers: [StudyService, TopicRepository, SummarizeBookJob, PrepareBookJob],
  exports: [TopicRepository],
})
export class StudyModule {}
