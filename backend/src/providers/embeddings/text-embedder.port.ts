import type { Disableable } from '../disabled.js';

/** Turns texts into vectors for semantic search. */
export abstract class TextEmbedder implements Disableable {
  abstract readonly disabledReason: string | null;
  /** Vectors of different models never meet: stored vectors carry the model's name. */
  abstract readonly model: string;
  abstract embed(texts: string[]): Promise<number[][]>;
}
