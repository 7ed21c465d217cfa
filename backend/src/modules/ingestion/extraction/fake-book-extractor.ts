import { BookExtractor, type ExtractionProgress, type ExtractionResult } from './book-extractor.port.js';

export type FakeExtraction = ExtractionResult | Error | ((filePath: string) => ExtractionResult | Error);

/**
 * Test double for BookExtractor: reports the given progress steps, then resolves with the configured result or
 * rejects with the configured error (an ExtractionError to exercise failure paths). Honours abort signals.
 */
export class FakeBookExtractor extends BookExtractor {
  readonly calls: string[] = [];
  private readonly outcome: FakeExtraction;
  private readonly steps: ExtractionProgress[];

  constructor(
    outcome: FakeExtraction,
    steps: ExtractionProgress[] = [{ phase: 'extracting', progress: 50, detail: 'Reading page 1 of 1' }],
  ) {
    super();
    this.outcome = outcome;
    this.steps = steps;
  }

  async extract(
    filePath: string,
    { onProgress, signal }: { onProgress: (p: ExtractionProgress) => void | Promise<void>; signal?: AbortSignal },
  ): Promise<ExtractionResult> {
    this.calls.push(filePath);
    for (const step of this.steps) {
      signal?.throwIfAborted();
      await onProgress(step);
    }
    signal?.throwIfAborted();
    const outcome = typeof this.outcome === 'function' ? this.outcome(filePath) : this.outcome;
    if (outcome instanceof Error) throw outcome;
    return outcome;
  }
}

/** A small, valid extraction result for tests: `pages` pages of text and one chapter per `chapterPages` pages. */
export function sampleExtraction(pages = 4, chapterPages = 2): ExtractionResult {
  const count = Math.ceil(pages / chapterPages);
  return {
    title: 'Sample Book',
    language: 'en',
    pageCount: pages,
    pages: Array.from({ length: pages }, (_, i) => ({
      number: i + 1,
      label: String(i + 1),
      text: `Text of page ${i + 1}.`,
      source: 'text' as const,
      ocrConfidence: null,
    })),
    chapters: Array.from({ length: count }, (_, i) => ({
      number: i + 1,
      title: `Chapter ${i + 1}`,
      label: null,
      startPage: i * chapterPages + 1,
      endPage: Math.min(pages, (i + 1) * chapterPages),
      method: 'typography' as const,
    })),
    ocrPages: 0,
    failedOcrPages: [],
  };
}
