/** An 8-bit greyscale page image, row-major, one byte per pixel. */
export interface GrayImage {
  width: number;
  height: number;
  data: Uint8Array;
}

export interface OcrLine {
  text: string;
  left: number;
  top: number;
  width: number;
  height: number;
}

export interface OcrResult {
  /** Lines joined by newlines, paragraphs by a blank line. */
  text: string;
  confidence: number;
  lines: OcrLine[];
}

/** Callers keep at most `concurrency` `recognize` calls in flight; call `close` when done. */
export abstract class OcrEngine {
  abstract readonly name: string;
  abstract readonly concurrency: number;
  abstract recognize(image: GrayImage): Promise<OcrResult>;
  abstract close(): Promise<void>;
}

/** The engine cannot run here (binary or language data missing). */
export class OcrUnavailableError extends Error {
  override name = 'OcrUnavailableError';
}
