import { Global, Module } from '@nestjs/common';
import { AppConfig } from '../../config/app-config.js';
import type { LlmConfig } from '../llm/study-engine.config.js';
import { DisabledTextEmbedder } from './disabled-text-embedder.adapter.js';
import { OpenAiTextEmbedder } from './openai-text-embedder.adapter.js';
import { TextEmbedder } from './text-embedder.port.js';

/** EMBEDDINGS_MODEL on the LLM endpoint, or the disabled embedder (search is then full text only). */
export function textEmbedderFor(config: LlmConfig): TextEmbedder {
  if (!config.embeddingsModel || !config.baseUrl || !config.apiKey)
    return new DisabledTextEmbedder('Semantic search is off: set EMBEDDINGS_MODEL, LLM_BASE_URL and LLM_API_KEY');
  return new OpenAiTextEmbedder(config.embeddingsModel, {
    baseUrl: config.baseUrl,
    apiKey: config.apiKey,
    timeoutMs: config.timeoutMs,
    maxRetries: config.maxRetries,
  });
}

@Global()
@Module({
  providers: [
    { provide: TextEmbedder, inject: [AppConfig], useFactory: (config: AppConfig) => textEmbedderFor(config.llm) },
  ],
  exports: [TextEmbedder],
})
export class EmbeddingsModule {}
