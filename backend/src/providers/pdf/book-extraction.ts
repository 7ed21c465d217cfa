import { readFile } from 'node:fs/promises';
import { availableParallelism, loadavg } from 'node:os';
import { detectChapters } from '../../modules/ingestion/detection/detect-chapters.js';
import type { LayoutPage } from '../../modules/ingestion/detection/detection.types.js';
import { createOcrEngine } from '../ocr/ocr-engine.factory.js';
import { OcrUnavailableError, type OcrEngine } from '../ocr/ocr-engine.port.js';
import type { ExtractedPage, ExtractionProgress, ExtractionResult } from './book-extractor.port.js';
import { ExtractionFailure, type ExtractionLimits } from './extraction-protocol.js';
import { guessLanguage } from './language.js';
import { ocrPages, type OcrOutcome } from './ocr-pages.js';
import { linesToText, type PageLine } from './page-layout.js';
import { countLetters, readAllPages } from './page-reader.js';
import { inferPageLabels } from './page-labels.js';
import {
  declaredLanguage,
  declaredPageLabels,
  documentTitle,
  forbidsExtraction,
  openPdf,
  readOutline,
} from './pdfjs-document.js';
import { findRunningHeads } from './running-heads.js';

const RENDER_TIMEOUT_MS = 60_000;

export interface ExtractBookOptions {
  onProgress: (progress: ExtractionProgress) => void;
  /** Overridable so tests can recognise pages without a real engine. */
  createOcrEngine?: (limits: ExtractionLimits) => Promise<OcrEngine>;
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

/** OCR of an illustration yields a few low-confidence fragments; those are not the page's text. */
function looksLikeText(outcome: { lines: PageLine[]; confidence: number }): boolean {
  const letters = countLetters(outcome.lines);
  return outcome.confidence >= 40 && (letters >= 40 || outcome.confidence >= 60);
}

/** Throttles progress to one message per interval, except phase changes and the last step. */
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

/** Reads a PDF file into pages and chapters. Runs in the extraction child; failures are ExtractionFailures. */
export async function extractBook(
  filePath: string,
  limits: ExtractionLimits,
  options: ExtractBookOptions,
): Promise<ExtractionResult> {
  const report = progressReporter(options.onProgress);
  let bytes: Buffer;
  try {
    bytes = await readFile(filePath);
  } catch (error) {
    throw new ExtractionFailure('unreadable_file', (error as Error).message);
  }
  // The magic may follow a little junk; readers accept it within the first kilobyte.
  if (!bytes.subarray(0, 1024).includes('%PDF-')) throw new ExtractionFailure('not_pdf', 'no %PDF- header');
  const data = new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);

  let opened: Awaited<ReturnType<typeof openPdf>>;
  try {
    // pdf.js takes over the buffer it is given; reader threads get their own copies of these bytes.
    opened = await openPdf(data.slice(), limits.maxPixelsPerPage);
  } catch (error) {
    throw failureFromPdfJs(error);
  }
  const { task, doc } = opened;
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
      documentTitle(doc).catch(() => null),
      declaredLanguage(doc).catch(() => null),
      declaredPageLabels(doc),
      readOutline(doc),
    ]);

    let pagesRead = 0;
    const { pages: laidOut, needsOcr } = await readAllPages(doc, data, {
      // A second reader only pays when a core is idle; on a busy machine it adds work (fonts parsed twice).
      threads: (loadavg()[0] ?? 0) + 1 <= availableParallelism() ? limits.readerThreads : 1,
      maxImagePixels: limits.maxPixelsPerPage,
      onPage: () => {
        pagesRead += 1;
        report({
          phase: 'extracting',
          progress: Math.min(30, Math.round((30 * pagesRead) / pageCount)),
          detail: `Reading page ${Math.min(pagesRead + 1, pageCount)} of ${pageCount}`,
        });
      },
    });

    const ocrSources = new Map<number, number>();
    const failedOcrPages: number[] = [];
    if (needsOcr.length > 0) {
      const selected = needsOcr.slice(0, limits.maxOcrPages);
      failedOcrPages.push(...needsOcr.slice(limits.maxOcrPages));
      const outcomes =
        selected.length > 0 ? await runOcr(doc, selected, limits, options, report) : new Map<number, OcrOutcome>();
      for (const [number, outcome] of outcomes) {
        if (outcome.kind === 'failed') failedOcrPages.push(number);
        if (outcome.kind !== 'recognized' || !looksLikeText(outcome)) continue;
        const page = laidOut[number - 1]!;
        // The text layer wins when it already holds more than OCR found (a page of vector art with a caption).
        if (countLetters(outcome.lines) > countLetters(page.lines)) {
          page.lines = outcome.lines;
          ocrSources.set(number, outcome.confidence);
        }
      }
      failedOcrPages.sort((a, b) => a - b);
    }

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
    const pages: ExtractedPage[] = layoutPages.map((page) => ({
      number: page.number,
      label: page.label,
      text: linesToText(page.lines),
      source: ocrSources.has(page.number) ? 'ocr' : 'text',
      ocrConfidence: ocrSources.get(page.number) ?? null,
    }));
    if (pages.every((page) => page.text.trim().length === 0)) {
      throw new ExtractionFailure('no_text', `no text on ${pageCount} pages; ${failedOcrPages.length} failed OCR`);
    }
    const chapters = detectChapters({ pages: layoutPages, outline, bookTitle: title });
    report({ phase: 'detecting_chapters', progress: 100, detail: `Found ${chapters.length} chapters` }, true);
    return {
      title,
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
    await task.destroy().catch(() => undefined);
  }
}

async function runOcr(
  doc: Awaited<ReturnType<typeof openPdf>>['doc'],
  pageNumbers: number[],
  limits: ExtractionLimits,
  options: ExtractBookOptions,
  report: ReturnType<typeof progressReporter>,
): Promise<Map<number, OcrOutcome>> {
  let engine: OcrEngine;
  try {
    engine = await (options.createOcrEngine ?? defaultOcrEngine)(limits);
  } catch (error) {
    if (error instanceof OcrUnavailableError) throw new ExtractionFailure('ocr_unavailable', error.message);
    throw error;
  }
  report({ phase: 'ocr', progress: 30, detail: `OCR page 1 of ${pageNumbers.length}` }, true);
  try {
    return await ocrPages(doc, pageNumbers, engine, {
      dpi: limits.ocrDpi,
      maxPixelsPerPage: limits.maxPixelsPerPage,
      renderTimeoutMs: RENDER_TIMEOUT_MS,
      onPageDone: (done, total) =>
        report(
          {
            phase: 'ocr',
            progress: 30 + Math.round((65 * done) / total),
            detail: `OCR page ${Math.min(done + 1, total)} of ${total}`,
          },
          done === total,
        ),
    });
  } finally {
    await engine.close();
  }
}

/** About 20,000 characters from the middle of the book, where licence and title pages are least likely. */
function languageSample(pages: ExtractedPage[]): string {
  const all = pages.map((page) => page.text).join('\n');
  const start = Math.max(0, Math.floor(all.length / 2) - 10_000);
  return all.slice(start, start + 20_000);
}
