import { Module } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import { AppConfig } from '../../config/app-config.js';
import { createTextEmbedder } from '../../providers/embeddings/openai-text-embedder.adapter.js';
import { TextEmbedder } from '../../providers/embeddings/text-embedder.port.js';
import { parseStudyEngineConfig } from '../../providers/llm/study-engine.config.js';
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
    // Null without EMBEDDINGS_MODEL: search is then full text only.
    {
      provide: TextEmbedder,
      inject: [AppConfig],
      useFactory: (config: AppConfig) => createTextEmbedder(parseStudyEngineConfig(config.llm)),
    },
  ],
})
export class SearchModule {}
