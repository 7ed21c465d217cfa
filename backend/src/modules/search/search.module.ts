import { Module } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import { EmbedBookJob, EmbeddingScheduler } from './embed-book.job.js';
import { createPageSearchIndex, PageSearchIndex } from './page-search.index.js';
import { PageVectorRepository } from './page-vector.repository.js';
import { SearchController } from './search.controller.js';
import { SearchRepository } from './search.repository.js';
import { SearchService } from './search.service.js';

@Module({
  controllers: [SearchController],
  providers: [
    SearchService,
    SearchRepository,
    PageVectorRepository,
    EmbedBookJob,
    EmbeddingScheduler,
    { provide: PageSearchIndex, inject: [getDataSourceToken()], useFactory: createPageSearchIndex },
  ],
})
export class SearchModule {}
