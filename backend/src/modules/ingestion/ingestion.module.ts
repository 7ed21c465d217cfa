import { Module } from '@nestjs/common';
import { AppConfig } from '../../config/app-config.js';
import { BooksModule } from '../books/books.module.js';
import { BookExtractor } from './extraction/book-extractor.port.js';
import { createBookExtractor } from './extraction/book-extractor.factory.js';
import { IngestBookJob } from './ingest-book.job.js';
import { IngestionService } from './ingestion.service.js';

@Module({
  imports: [BooksModule],
  providers: [
    IngestionService,
    IngestBookJob,
    {
      provide: BookExtractor,
      inject: [AppConfig],
      useFactory: (config: AppConfig) => createBookExtractor(config.extraction),
    },
  ],
})
export class IngestionModule {}
