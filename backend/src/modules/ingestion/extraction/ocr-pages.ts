import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { isBlank } from '../../../providers/ocr/gray-image.js';
import type { GrayImage, OcrEngine } from '../../../providers/ocr/ocr-engine.port.js';
import type { PageLine } from '../../../providers/pdf/page-layout.js';
import { renderGray } from '../../../providers/pdf/pdfjs-document.js';

export type OcrOutcome =
  | { kind: 'recognized'; lines: PageLine[]; confidence: number }
  | { kind: 'blank' }
  | { kind: 'failed'; reason: string };

export type PageImage = GrayImage & { dpi: number };

export interface OcrQueueOptions {
  dpi: number;
  maxPixelsPerPage: number;
  renderTimeoutMs: number;
  maxPages: number;
  /** Started when the first page is added: books without scanned pages never start an engine. */
  createEngine: () => Promise<OcrEngine>;
  render?: (pageNumber: number) => Promise<PageImage | null>;
  onPageDone: (done: number, total: number) => void;
}

export interface OcrQueue {
  add(pageNumber: number): void;
  readonly total: number;
  readonly done: number;
  /** Rejects only when the engine could not start; a page that fails to render or recognise is an outcome. */
  finish(): Promise<{ outcomes: Map<number, OcrOutcome>; overCap: number[] }>;
  close(): Promise<void>;
}

/** Keeps `concurrency` pages in recognition while the next one renders, as the caller goes on reading. */
export function ocrQueue(doc: PDFDocumentProxy, options: OcrQueueOptions): OcrQueue {
  const outcomes = new Map<number, OcrOutcome>();
  const queued = new Set<number>();
  const overCap: number[] = [];
  const inFlight = new Set<Promise<void>>();
  let engine: Promise<OcrEngine> | null = null;
  let rendering: Promise<void> = Promise.resolve();
  let closed = false;

  const settle = (pageNumber: number, outcome: OcrOutcome) => {
    outcomes.set(pageNumber, outcome);
    options.onPageDone(outcomes.size, queued.size);
  };
  const render = async (pageNumber: number): Promise<PageImage> => {
    const fast = await options.render?.(pageNumber);
    if (fast) return fast;
    const page = await doc.getPage(pageNumber);
    try {
      return await renderGray(page, options.dpi, options.maxPixelsPerPage, options.renderTimeoutMs);
    } finally {
      page.cleanup();
    }
  };
  const recognize = async (pageNumber: number) => {
    const ocr = await engine!;
    if (closed) return;
    let image: PageImage;
    try {
      image = await render(pageNumber);
    } catch (error) {
      return settle(pageNumber, { kind: 'failed', reason: `render: ${(error as Error).message}` });
    }
    if (isBlank(image)) return settle(pageNumber, { kind: 'blank' });
    // Rendered while the engine was busy: a slot's core never waits for a render.
    while (inFlight.size >= ocr.concurrency) await Promise.race(inFlight);
    if (closed) return;
    const toPoints = 72 / image.dpi;
    const task: Promise<void> = ocr
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
  };

  return {
    add(pageNumber) {
      if (queued.has(pageNumber)) return;
      if (queued.size >= options.maxPages) return void overCap.push(pageNumber);
      queued.add(pageNumber);
      if (!engine) {
        engine = options.createEngine();
        engine.catch(() => undefined);
      }
      rendering = rendering.then(() => recognize(pageNumber));
      // Awaited in finish(); until then a failed engine start must not count as unhandled.
      rendering.catch(() => undefined);
    },
    get total() {
      return queued.size;
    },
    get done() {
      return outcomes.size;
    },
    async finish() {
      try {
        await rendering;
        await Promise.all(inFlight);
        return { outcomes, overCap };
      } finally {
        await this.close();
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      if (engine) await engine.then((ocr) => ocr.close()).catch(() => undefined);
    },
  };
}
