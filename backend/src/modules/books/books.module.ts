import { Module } from '@nestjs/common';
import { AssetRepository } from './asset.repository.js';
import { BookIndexService } from './book-index.service.js';
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
    BookIndexService,
    AssetRepository,
    GeneratedFilesService,
    PdfUploadInterceptor,
    ChapterEditsService,
    ChapterEditRepository,
  ],
  exports: [BookRepository, BookIndexService, GeneratedFilesService, BooksService],
})
export class BooksModule {}
