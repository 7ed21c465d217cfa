import { OpenAIEmbeddings } from '@langchain/openai';
import { TextEmbedder } from './text-embedder.port.js';

/** Page text sent per vector: enough for a page, well under every embedding model's input limit. */
export const EMBEDDED_CHARS_PER_TEXT = 6000;

export class OpenAiTextEmbedder extends TextEmbedder {
  readonly disabledReason = null;
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
