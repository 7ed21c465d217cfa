import { Module } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import { createPageSearchIndex, PageSearchIndex } from './page-search.index.js';
import { SearchController } from './search.controller.js';
import { SearchRepository } from './search.repository.js';
import { SearchService } from './search.service.js';

@Module({
  controllers: [SearchController],
  providers: [
    SearchService,
    SearchRepository,
    { provide: PageSearchIndex, inject: [getDataSourceToken()], useFactory: createPageSearchIndex },
  ],
})
export class SearchModule {}
