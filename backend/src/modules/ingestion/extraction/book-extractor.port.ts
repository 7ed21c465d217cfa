export interface ExtractedPage {
  /** 1-based physical page number. */
  number: number;
  /** Printed page label, e.g. 'xii' or '143'; falls back to String(number). */
  label: string;
  text: string;
  /** Phrases the page sets in bold or italic: a textbook's key terms among them. Empty when the reader cannot tell. */
  emphasis: string[];
  source: 'text' | 'ocr';
  /** Mean word confidence 0-100 reported by the OCR engine; null for text-layer pages. */
  ocrConfidence: number | null;
}

export type DetectionMethod = 'outline' | 'toc' | 'typography' | 'auto';

export interface DetectedChapter {
  number: number;
  title: string;
  /** The number the book prints for the chapter ('2', 'IV', 'A'), apart from the title; null when unnumbered. */
  label: string | null;
  startPage: number;
  endPage: number;
  method: DetectionMethod;
}

export interface ExtractionResult {
  title: string | null;
  language: string | null;
  pageCount: number;
  pages: ExtractedPage[];
  chapters: DetectedChapter[];
  ocrPages: number;
  failedOcrPages: number[];
}

export type ExtractionPhase = 'extracting' | 'ocr' | 'detecting_chapters';

export interface ExtractionProgress {
  phase: ExtractionPhase;
  progress: number;
  detail: string;
}

/** message is plain language for the student; permanent = retrying cannot help (encrypted, not a PDF, zero pages). */
export class ExtractionError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
    this.name = 'ExtractionError';
  }
}

/** Runs off the caller's event loop under time and memory limits; rejects with ExtractionError, or the abort reason. */
export abstract class BookExtractor {
  abstract extract(
    filePath: string,
    options: { onProgress: (p: ExtractionProgress) => void | Promise<void>; signal?: AbortSignal },
  ): Promise<ExtractionResult>;
}
