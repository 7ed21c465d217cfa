import { OpenAIEmbeddings } from '@langchain/openai';
import type { ParsedStudyEngineConfig } from '../llm/study-engine.config.js';
import { TextEmbedder } from './text-embedder.port.js';

/** Page text sent per vector: enough for a page, well under every embedding model's input limit. */
export const EMBEDDED_CHARS_PER_TEXT = 6000;

export class OpenAiTextEmbedder extends TextEmbedder {
  private readonly client: OpenAIEmbeddings;

  constructor(
    readonly model: string,
    settings: { baseUrl: string; apiKey: string; timeoutMs: number; maxRetries: number },
  ) {
    super();
    this.client = new OpenAIEmbeddings({
      model,
      apiKey: settings.apiKey,
      configuration: { baseURL: settings.baseUrl },
      timeout: settings.timeoutMs,
      maxRetries: settings.maxRetries,
      batchSize: 64,
    });
  }

  embed(texts: string[]): Promise<number[][]> {
    return this.client.embedDocuments(texts.map((text) => text.slice(0, EMBEDDED_CHARS_PER_TEXT)));
  }
}

/** The embedder of EMBEDDINGS_MODEL on the LLM endpoint, or null when either is not configured. */
export function createTextEmbedder(config: ParsedStudyEngineConfig): TextEmbedder | null {
  if (!config.EMBEDDINGS_MODEL || !config.LLM_BASE_URL || !config.LLM_API_KEY) return null;
  return new OpenAiTextEmbedder(config.EMBEDDINGS_MODEL, {
    baseUrl: config.LLM_BASE_URL,
    apiKey: config.LLM_API_KEY,
    timeoutMs: config.LLM_TIMEOUT_S * 1000,
    maxRetries: config.LLM_MAX_RETRIES,
  });
}
