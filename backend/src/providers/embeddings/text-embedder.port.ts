import type { Disableable } from '../disabled.js';

/**
 * Turns texts into vectors for semantic search. Adapters: `OpenAiTextEmbedder` (LangChain
 * OpenAIEmbeddings on the OpenAI-compatible endpoint) and `DisabledTextEmbedder` without
 * EMBEDDINGS_MODEL, when search is full-text only.
 */
export abstract class TextEmbedder implements Disableable {
  abstract readonly disabledReason: string | null;
  /** Vectors of different models never meet: stored vectors carry the model's name. */
  abstract readonly model: string;
  abstract embed(texts: string[]): Promise<number[][]>;
}
