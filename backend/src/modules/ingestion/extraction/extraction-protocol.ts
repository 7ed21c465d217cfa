import type { ExtractionProgress, ExtractionResult } from './book-extractor.port.js';

/** Pages per `pages` message: about 100 KB of text, parsed by the parent in a few milliseconds. */
export const PAGES_PER_MESSAGE = 50;

// Messages between PdfJsBookExtractor and its child, which loads this file too: types and plain data only.

export type OcrEngineChoice = 'auto' | 'tesseractjs' | 'native';
export type TextLayerChoice = 'auto' | 'pdfjs';

export interface ExtractionLimits {
  maxPages: number;
  maxOcrPages: number;
  ocrDpi: number;
  maxPixelsPerPage: number;
  ocrEngine: OcrEngineChoice;
  ocrConcurrency: number;
  readerThreads: number;
  textLayer: TextLayerChoice;
  /** poppler is given this long, and this much memory, before pdf.js reads the text instead. */
  textLayerTimeoutMs: number;
  textLayerMemoryMb: number;
  ocrPageTimeoutMs: number;
  /** The child kills itself this long after it starts, even if its parent is gone. */
  selfDestructMs: number;
}

export interface ExtractionJob {
  type: 'extract';
  filePath: string;
  limits: ExtractionLimits;
}

export type FailureCode =
  | 'password_protected'
  | 'not_pdf'
  | 'no_pages'
  | 'too_many_pages'
  | 'damaged'
  | 'no_text'
  | 'ocr_unavailable'
  | 'unreadable_file'
  | 'internal';

export type ChildMessage =
  | { type: 'progress'; progress: ExtractionProgress }
  /** Pages of the result, in order, ahead of it: small messages keep the parent's event loop free to serve. */
  | { type: 'pages'; pages: ExtractionResult['pages'] }
  /** `peakRssBytes`: the most memory the child held, which a poll between two reads can miss. */
  | { type: 'result'; result: ExtractionResult; peakRssBytes: number }
  | { type: 'failure'; code: FailureCode; detail: string; message?: string };

export const FAILURES: Record<FailureCode, { message: string; permanent: boolean }> = {
  password_protected: { message: 'This PDF is password-protected', permanent: true },
  not_pdf: { message: 'This file is not a PDF', permanent: true },
  no_pages: { message: 'This PDF has no pages', permanent: true },
  too_many_pages: { message: 'This PDF has more pages than we can process', permanent: true },
  damaged: { message: 'This PDF is damaged and could not be read', permanent: true },
  no_text: { message: 'No readable text was found in this PDF', permanent: true },
  ocr_unavailable: { message: 'Text recognition for scanned pages is not available right now', permanent: false },
  unreadable_file: { message: 'The uploaded file could not be read', permanent: false },
  internal: { message: 'Something went wrong while reading this PDF', permanent: false },
};

export class ExtractionFailure extends Error {
  readonly code: FailureCode;
  readonly studentMessage: string | undefined;

  constructor(code: FailureCode, detail: string, studentMessage?: string) {
    super(detail);
    this.name = 'ExtractionFailure';
    this.code = code;
    this.studentMessage = studentMessage;
  }
}
