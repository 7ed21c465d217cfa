/** An 8-bit greyscale page image, row-major, one byte per pixel. */
export interface GrayImage {
  width: number;
  height: number;
  data: Uint8Array;
}

/** A recognised line with its box in image pixels. */
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
  /** Mean word confidence, 0-100. */
  confidence: number;
  lines: OcrLine[];
}

/**
 * Optical character recognition of page images. `concurrency` is how many pages the engine recognises at once
 * to best use the machine; callers keep at most that many `recognize` calls in flight. Engines hold worker
 * processes or threads: call `close` when done.
 */
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
