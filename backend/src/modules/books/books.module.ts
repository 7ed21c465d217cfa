import { Module } from '@nestjs/common';
import { AppConfig } from '../../config/app-config.js';
import { BookExtractor } from '../../providers/pdf/book-extractor.port.js';
import { createBookExtractor } from '../../providers/pdf/book-extractor.factory.js';
import { IngestBookJob } from '../ingestion/ingest-book.job.js';
import { IngestionService } from '../ingestion/ingestion.service.js';
import { AssetRepository } from './asset.repository.js';
import { BookRepository } from './book.repository.js';
import { BooksController } from './books.controller.js';
import { BooksService } from './books.service.js';
import { ChapterEditRepository } from './chapter-edit.repository.js';
import { ChapterEditsController } from './chapter-edits.controller.js';
import { ChapterEditsService } from './chapter-edits.service.js';
import { GeneratedFilesService } from './generated-files.service.js';
import { PdfUploadInterceptor } from './pdf-upload.interceptor.js';
import { BillingModule } from '../billing/billing.module.js';
import { UploadQuotaModule } from './upload-quota.module.js';

@Module({
  imports: [UploadQuotaModule, BillingModule],
  controllers: [BooksController, ChapterEditsController],
  providers: [
    BooksService,
    BookRepository,
    AssetRepository,
    GeneratedFilesService,
    PdfUploadInterceptor,
    IngestionService,
    IngestBookJob,
    ChapterEditsService,
    ChapterEditRepository,
    {
      provide: BookExtractor,
      inject: [AppConfig],
      useFactory: (config: AppConfig) => createBookExtractor(config.extraction),
    },
  ],
  exports: [BookRepository, GeneratedFilesService, BooksService],
})
export class BooksModule {}
