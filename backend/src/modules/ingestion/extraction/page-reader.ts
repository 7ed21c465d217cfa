import { existsSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { layoutPage, type PageLine } from '../../../providers/pdf/page-layout.js';
import { drawsImagesOrOutlines, readPageText } from '../../../providers/pdf/pdfjs-document.js';
import type { LaidOutPage } from './running-heads.js';

const MIN_TEXT_LETTERS = 30;
// Below this many pages a second reader costs more (another pdf.js start, fonts parsed twice) than it saves.
const MIN_PAGES_PER_THREAD = 40;

export interface ReadPages {
  pages: LaidOutPage[];
  needsOcr: number[];
}

export function countLetters(lines: PageLine[]): number {
  return lines.reduce((sum, line) => sum + (line.text.match(/\p{L}/gu)?.length ?? 0), 0);
}

// A page with a little text goes to OCR only when it draws images or outlined glyphs, so not a 'PART ONE' page.
export async function pageNeedsOcr(lines: PageLine[], page: () => Promise<PDFPageProxy>): Promise<boolean> {
  const letters = countLetters(lines);
  if (letters === 0) return true;
  if (letters >= MIN_TEXT_LETTERS) return false;
  return drawsImagesOrOutlines(await page()).catch(() => true);
}

export async function readPageRange(
  doc: PDFDocumentProxy,
  from: number,
  to: number,
  onPage: () => void,
): Promise<ReadPages> {
  const pages: LaidOutPage[] = [];
  const needsOcr: number[] = [];
  for (let number = from; number <= to; number++) {
    try {
      const page = await doc.getPage(number);
      const { width, height, runs } = await readPageText(page);
      const lines = layoutPage(runs, width);
      pages.push({ number, width, height, lines });
      if (await pageNeedsOcr(lines, () => Promise.resolve(page))) needsOcr.push(number);
      page.cleanup();
    } catch {
      // A damaged page is kept empty; rendering it for OCR may still work.
      pages.push({ number, width: 612, height: 792, lines: [] });
      needsOcr.push(number);
    }
    onPage();
  }
  return { pages, needsOcr };
}

export interface ReaderThreadJob {
  data: Uint8Array;
  maxImagePixels: number;
  from: number;
  to: number;
}

export type ReaderThreadMessage =
  { type: 'page' } | { type: 'done'; result: ReadPages } | { type: 'error'; message: string };

function readerThread(): { url: URL; execArgv?: string[] } {
  const compiled = new URL('./page-reader.thread.js', import.meta.url);
  if (existsSync(compiled)) return { url: compiled };
  return {
    url: new URL('./page-reader.thread.ts', import.meta.url),
    execArgv: ['--import', new URL('./ts-source-hooks.mjs', import.meta.url).href],
  };
}

function readInThread(job: ReaderThreadJob, onPage: () => void): Promise<ReadPages> {
  return new Promise((resolve, reject) => {
    const { url, execArgv } = readerThread();
    const worker = new Worker(url, { workerData: job, ...(execArgv ? { execArgv } : {}) });
    worker.on('message', (message: ReaderThreadMessage) => {
      if (message.type === 'page') onPage();
      else if (message.type === 'done') {
        resolve(message.result);
        void worker.terminate();
      } else reject(new Error(message.message));
    });
    worker.on('error', reject);
    worker.on('exit', (code) => reject(new Error(`page reader thread exited with ${code}`)));
  });
}

// pdf.js reads on its calling thread, so long books are split over threads; a failed thread's pages fall back here.
export async function readAllPages(
  doc: PDFDocumentProxy,
  data: Uint8Array,
  options: { threads: number; maxImagePixels: number; onPage: () => void },
): Promise<ReadPages & { threadsUsed: number }> {
  const total = doc.numPages;
  const threads = Math.max(1, Math.min(options.threads, Math.floor(total / MIN_PAGES_PER_THREAD)));
  const size = Math.ceil(total / threads);
  const ranges = Array.from({ length: threads }, (_, i) => [i * size + 1, Math.min(total, (i + 1) * size)] as const);
  const [own, ...others] = ranges;
  let threadsUsed = 1;
  const elsewhere = others.map(([from, to]) =>
    readInThread({ data: data.slice(), maxImagePixels: options.maxImagePixels, from, to }, options.onPage).then(
      (result) => {
        threadsUsed += 1;
        return result;
      },
      () => readPageRange(doc, from, to, options.onPage),
    ),
  );
  const parts = [await readPageRange(doc, own![0], own![1], options.onPage), ...(await Promise.all(elsewhere))];
  return { pages: parts.flatMap((part) => part.pages), needsOcr: parts.flatMap((part) => part.needsOcr), threadsUsed };
}
