import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { isBlank } from '../ocr/gray-image.js';
import type { OcrEngine } from '../ocr/ocr-engine.port.js';
import type { PageLine } from './page-layout.js';
import { renderGray } from './pdfjs-document.js';

export type OcrOutcome =
  | { kind: 'recognized'; lines: PageLine[]; confidence: number }
  | { kind: 'blank' }
  | { kind: 'failed'; reason: string };

export interface OcrPagesOptions {
  dpi: number;
  maxPixelsPerPage: number;
  renderTimeoutMs: number;
  onPageDone: (done: number, total: number) => void;
}

/**
 * Renders each page with pdf.js and recognises it, keeping the engine's `concurrency` pages in flight while the
 * next page renders. A page that fails to render or recognise is reported as failed; the others go on.
 */
export async function ocrPages(
  doc: PDFDocumentProxy,
  pageNumbers: number[],
  engine: OcrEngine,
  options: OcrPagesOptions,
): Promise<Map<number, OcrOutcome>> {
  const outcomes = new Map<number, OcrOutcome>();
  const inFlight = new Set<Promise<void>>();
  const settle = (pageNumber: number, outcome: OcrOutcome) => {
    outcomes.set(pageNumber, outcome);
    options.onPageDone(outcomes.size, pageNumbers.length);
  };
  for (const pageNumber of pageNumbers) {
    let image: Awaited<ReturnType<typeof renderGray>>;
    try {
      const page = await doc.getPage(pageNumber);
      image = await renderGray(page, options.dpi, options.maxPixelsPerPage, options.renderTimeoutMs);
      page.cleanup();
    } catch (error) {
      settle(pageNumber, { kind: 'failed', reason: `render: ${(error as Error).message}` });
      continue;
    }
    if (isBlank(image)) {
      settle(pageNumber, { kind: 'blank' });
      continue;
    }
    const toPoints = 72 / image.dpi;
    const task: Promise<void> = engine
      .recognize(image)
      .then(
        (result) => {
          const lines = result.lines.map((line) => ({
            text: line.text,
            x: line.left * toPoints,
            right: (line.left + line.width) * toPoints,
            top: (line.top + line.height) * toPoints,
            size: line.height * toPoints,
          }));
          settle(pageNumber, { kind: 'recognized', lines, confidence: result.confidence });
        },
        (error: unknown) => settle(pageNumber, { kind: 'failed', reason: `recognise: ${(error as Error).message}` }),
      )
      .finally(() => inFlight.delete(task));
    inFlight.add(task);
    if (inFlight.size >= engine.concurrency) await Promise.race(inFlight);
  }
  await Promise.all(inFlight);
  return outcomes;
}
