/**
 * Turns texts into vectors for semantic search. Adapter: `OpenAiTextEmbedder` (LangChain
 * OpenAIEmbeddings on the OpenAI-compatible endpoint). Without EMBEDDINGS_MODEL there is none, and
 * search is full-text only.
 */
export abstract class TextEmbedder {
  /** Vectors of different models never meet: stored vectors carry the model's name. */
  abstract readonly model: string;
  abstract embed(texts: string[]): Promise<number[][]>;
}
