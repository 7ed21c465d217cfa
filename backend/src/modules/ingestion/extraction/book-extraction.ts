import { readFile } from 'node:fs/promises';
import { availableParallelism, loadavg } from 'node:os';
import { declaredBookTitle, titleFromTitlePage } from '../detection/book-title.js';
import { detectChapters } from '../detection/detect-chapters.js';
import type { DetectionInput, LayoutPage } from '../detection/detection.types.js';
import { createOcrEngine } from '../../../providers/ocr/ocr-engine.factory.js';
import { OcrUnavailableError, type OcrEngine } from '../../../providers/ocr/ocr-engine.port.js';
import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { ExtractedPage, ExtractionProgress, ExtractionResult } from './book-extractor.port.js';
import { ExtractionFailure, type ExtractionLimits } from './extraction-protocol.js';
import { guessLanguage } from './language.js';
import { ocrQueue, type OcrQueue } from './ocr-pages.js';
import { linesToText, type PageLine } from '../../../providers/pdf/page-layout.js';
import { countLetters, pageNeedsOcr, readAllPages } from './page-reader.js';
import { inferPageLabels } from './page-labels.js';
import {
  declaredLanguage,
  declaredPageLabels,
  declaredTitles,
  forbidsExtraction,
  openPdf,
  readOutline,
} from '../../../providers/pdf/pdfjs-document.js';
import { bookPageRenderers, renderGrayPage, type PageRenderer } from '../../../providers/pdf/page-render.js';
import {
  startTextLayer,
  type TextLayerPage,
  type TextLayerReading,
} from '../../../providers/pdf/poppler-text-layer.js';
import type { LaidOutPage } from './running-heads.js';
import { findRunningHeads } from './running-heads.js';

const RENDER_TIMEOUT_MS = 60_000;

export interface ExtractBookOptions {
  onProgress: (progress: ExtractionProgress) => void;
  createOcrEngine?: (limits: ExtractionLimits) => Promise<OcrEngine>;
  textLayer?: TextLayerReading | null;
  onDetectionInput?: (input: DetectionInput) => void;
}

const defaultOcrEngine = (limits: ExtractionLimits) =>
  createOcrEngine({
    choice: limits.ocrEngine,
    dpi: limits.ocrDpi,
    cores: limits.ocrConcurrency,
    pageTimeoutMs: limits.ocrPageTimeoutMs,
  });

function failureFromPdfJs(error: unknown): ExtractionFailure {
  const name = (error as { name?: string })?.name ?? '';
  const detail = `${name}: ${(error as Error)?.message ?? String(error)}`;
  if (name === 'PasswordException') return new ExtractionFailure('password_protected', detail);
  return new ExtractionFailure('damaged', detail);
}

function readingProgress(pagesRead: number, pageCount: number): ExtractionProgress {
  return {
    phase: 'extracting',
    progress: Math.min(30, Math.round((30 * pagesRead) / pageCount)),
    detail: `Reading page ${Math.min(pagesRead + 1, pageCount)} of ${pageCount}`,
  };
}

async function whileReading(reading: TextLayerReading, onPages: (read: number) => void) {
  const ticker = setInterval(() => onPages(reading.pagesRead()), 250);
  try {
    return await reading.done;
  } finally {
    clearInterval(ticker);
  }
}

/** OCR of an illustration yields a few low-confidence fragments; those are not the page's text. */
function looksLikeText(outcome: { lines: PageLine[]; confidence: number }): boolean {
  const letters = countLetters(outcome.lines);
  return outcome.confidence >= 40 && (letters >= 40 || outcome.confidence >= 60);
}

function progressReporter(onProgress: (progress: ExtractionProgress) => void, intervalMs = 150) {
  let last = 0;
  let lastPhase = '';
  return (progress: ExtractionProgress, force = false) => {
    const now = Date.now();
    if (!force && progress.phase === lastPhase && now - last < intervalMs) return;
    last = now;
    lastPhase = progress.phase;
    onProgress(progress);
  };
}

// Runs in the extraction child; failures are ExtractionFailures.
export async function extractBook(
  filePath: string,
  limits: ExtractionLimits,
  options: ExtractBookOptions,
): Promise<ExtractionResult> {
  const report = progressReporter(options.onProgress);
  const ownTextLayer = new AbortController();
  try {
    return await extractWith(filePath, limits, options, report, ownTextLayer.signal);
  } finally {
    ownTextLayer.abort();
  }
}

async function extractWith(
  filePath: string,
  limits: ExtractionLimits,
  options: ExtractBookOptions,
  report: ReturnType<typeof progressReporter>,
  textLayerSignal: AbortSignal,
): Promise<ExtractionResult> {
  let bytes: Buffer;
  try {
    bytes = await readFile(filePath);
  } catch (error) {
    throw new ExtractionFailure('unreadable_file', (error as Error).message);
  }
  // The magic may follow a little junk; readers accept it within the first kilobyte.
  if (!bytes.subarray(0, 1024).includes('%PDF-')) throw new ExtractionFailure('not_pdf', 'no %PDF- header');
  const data = new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const reading =
    options.textLayer === undefined ? startTextLayer(filePath, limits, textLayerSignal) : options.textLayer;

  let opened: Awaited<ReturnType<typeof openPdf>>;
  try {
    // pdf.js takes over the buffer it is given; reader threads get their own copies of these bytes.
    opened = await openPdf(data.slice(), limits.maxPixelsPerPage);
  } catch (error) {
    throw failureFromPdfJs(error);
  }
  const { task, doc } = opened;
  let ocr: OcrQueue | undefined;
  try {
    if (await forbidsExtraction(doc))
      throw new ExtractionFailure('password_protected', 'encrypted; text extraction not permitted');
    const pageCount = doc.numPages;
    if (pageCount === 0) throw new ExtractionFailure('no_pages', 'numPages = 0');
    if (pageCount > limits.maxPages) {
      throw new ExtractionFailure(
        'too_many_pages',
        `${pageCount} pages`,
        `This PDF has ${pageCount.toLocaleString('en')} pages; the most we can process is ${limits.maxPages.toLocaleString('en')}`,
      );
    }
    const [title, declared, pdfLabels, outline] = await Promise.all([
      declaredTitles(doc).then(declaredBookTitle, () => null),
      declaredLanguage(doc).catch(() => null),
      declaredPageLabels(doc),
      readOutline(doc),
    ]);

    let readingDone = false;
    const queue = startOcr(doc, filePath, limits, options, Boolean(reading), (done, total) => {
      // Recognition may start while the text is still being read; its progress shows once reading is done.
      if (readingDone) report(ocrProgress(done, total), done === total);
    });
    ocr = queue;

    // Progress never goes back, even when pdf.js reads again what poppler had partly read.
    let mostRead = 0;
    const reportReading = (read: number, force = false) => {
      mostRead = Math.max(mostRead, read);
      report(readingProgress(mostRead, pageCount), force);
    };
    let laidOut: LaidOutPage[] | null = null;
    if (reading) {
      // Pages are checked for OCR as poppler prints them, so recognising a scanned page overlaps the reading.
      let checked = Promise.resolve();
      reading.eachPage((page, number) => {
        if (number > pageCount) return;
        checked = checked.then(() => checkForOcr(doc, page, number, queue));
      });
      const textLayer = await whileReading(reading, reportReading);
      await checked;
      // poppler and pdf.js must agree on the pages; when they do not, pdf.js reads them all.
      if (textLayer?.length === pageCount) laidOut = textLayer.map((page, index) => ({ number: index + 1, ...page }));
    }
    if (!laidOut) {
      let pagesRead = 0;
      const read = await readAllPages(doc, data, {
        // A second reader only pays when a core is idle; on a busy machine it adds work (fonts parsed twice).
        threads: (loadavg()[0] ?? 0) + 1 <= availableParallelism() ? limits.readerThreads : 1,
        maxImagePixels: limits.maxPixelsPerPage,
        onPage: () => reportReading(++pagesRead),
      });
      read.needsOcr.forEach((number) => queue.add(number));
      laidOut = read.pages;
    }
    reportReading(pageCount, true);
    readingDone = true;
    if (queue.total > queue.done) report(ocrProgress(queue.done, queue.total), true);

    const ocrSources = new Map<number, number>();
    const failedOcrPages: number[] = [];
    let finished: Awaited<ReturnType<OcrQueue['finish']>>;
    try {
      finished = await queue.finish();
    } catch (error) {
      if (error instanceof OcrUnavailableError) throw new ExtractionFailure('ocr_unavailable', error.message);
      throw error;
    }
    failedOcrPages.push(...finished.overCap);
    for (const [number, outcome] of finished.outcomes) {
      if (outcome.kind === 'failed') failedOcrPages.push(number);
      if (outcome.kind !== 'recognized' || !looksLikeText(outcome)) continue;
      const page = laidOut[number - 1]!;
      // The text layer wins when it already holds more than OCR found (a page of vector art with a caption).
      if (countLetters(outcome.lines) > countLetters(page.lines)) {
        page.lines = outcome.lines;
        page.emphasis = [];
        ocrSources.set(number, outcome.confidence);
      }
    }
    failedOcrPages.sort((a, b) => a - b);

    report({ phase: 'detecting_chapters', progress: 95, detail: 'Detecting chapters' }, true);
    const { running, folios } = findRunningHeads(laidOut);
    const labels = pdfLabels ?? inferPageLabels(folios);
    const layoutPages: LayoutPage[] = laidOut.map((page, index) => ({
      number: page.number,
      label: labels[index] ?? String(page.number),
      width: page.width,
      height: page.height,
      lines: page.lines.filter((line) => !running[index]!.has(line)),
    }));
    const emphasis = laidOut.map((page) => page.emphasis ?? []);
    const pages: ExtractedPage[] = layoutPages.map((page) => ({
      number: page.number,
      label: page.label,
      text: linesToText(page.lines),
      emphasis: emphasis[page.number - 1] ?? [],
      source: ocrSources.has(page.number) ? 'ocr' : 'text',
      ocrConfidence: ocrSources.get(page.number) ?? null,
    }));
    if (pages.every((page) => page.text.trim().length === 0)) {
      throw new ExtractionFailure('no_text', `no text on ${pageCount} pages; ${failedOcrPages.length} failed OCR`);
    }
    const bookTitle = title ?? titleFromTitlePage(layoutPages);
    const detectionInput: DetectionInput = { pages: layoutPages, outline, bookTitle };
    options.onDetectionInput?.(detectionInput);
    const chapters = detectChapters(detectionInput);
    report({ phase: 'detecting_chapters', progress: 100, detail: `Found ${chapters.length} chapters` }, true);
    return {
      title: bookTitle,
      language: declared ?? guessLanguage(languageSample(pages)),
      pageCount,
      pages,
      chapters,
      ocrPages: ocrSources.size,
      failedOcrPages,
    };
  } catch (error) {
    if (error instanceof ExtractionFailure) throw error;
    throw failureFromPdfJs(error);
  } finally {
    await ocr?.close();
    await task.destroy().catch(() => undefined);
  }
}

function ocrProgress(done: number, total: number): ExtractionProgress {
  return {
    phase: 'ocr',
    progress: 30 + Math.round((65 * done) / total),
    detail: `OCR page ${Math.min(done + 1, total)} of ${total}`,
  };
}

async function checkForOcr(doc: PDFDocumentProxy, page: TextLayerPage, number: number, ocr: OcrQueue): Promise<void> {
  let opened: Awaited<ReturnType<PDFDocumentProxy['getPage']>> | undefined;
  const needed = await pageNeedsOcr(page.lines, async () => (opened = await doc.getPage(number))).catch(() => true);
  opened?.cleanup();
  if (needed) ocr.add(number);
}

function startOcr(
  doc: PDFDocumentProxy,
  filePath: string,
  limits: ExtractionLimits,
  options: ExtractBookOptions,
  withPoppler: boolean,
  onPageDone: (done: number, total: number) => void,
): OcrQueue {
  const toolLimits = { timeoutMs: RENDER_TIMEOUT_MS, maxRssBytes: limits.textLayerMemoryMb * 1024 * 1024 };
  let renderers: Promise<PageRenderer[]> | null = null;
  const render = async (pageNumber: number) => {
    renderers ??= bookPageRenderers(filePath, doc.numPages, toolLimits);
    const page = await doc.getPage(pageNumber);
    const { width, height } = page.getViewport({ scale: 1 });
    page.cleanup();
    return renderGrayPage(filePath, pageNumber, {
      ...toolLimits,
      dpi: limits.ocrDpi,
      maxPixels: limits.maxPixelsPerPage,
      width,
      height,
      renderers: await renderers,
    });
  };
  return ocrQueue(doc, {
    dpi: limits.ocrDpi,
    maxPixelsPerPage: limits.maxPixelsPerPage,
    renderTimeoutMs: RENDER_TIMEOUT_MS,
    maxPages: limits.maxOcrPages,
    createEngine: () => (options.createOcrEngine ?? defaultOcrEngine)(limits),
    ...(withPoppler ? { render } : {}),
    onPageDone,
  });
}

/** About 20,000 characters from the middle of the book, where licence and title pages are least likely. */
function languageSample(pages: ExtractedPage[]): string {
  const all = pages.map((page) => page.text).join('\n');
  const start = Math.max(0, Math.floor(all.length / 2) - 10_000);
  return all.slice(start, start + 20_000);
}
