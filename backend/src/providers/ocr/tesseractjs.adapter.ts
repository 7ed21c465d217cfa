import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createWorker, OEM, type Worker } from 'tesseract.js';
import { encodePgm } from './gray-image.js';
import { OcrEngine, type GrayImage, type OcrResult } from './ocr-engine.port.js';
import { parseTesseractTsv } from './tesseract-tsv.js';

export interface TesseractJsOptions {
  concurrency: number;
  pageTimeoutMs: number;
  dpi: number;
  /** A worker is replaced after this many pages, so its WebAssembly memory cannot grow without bound. */
  recycleAfterPages?: number;
}

/** The language data shipped in @tesseract.js-data/eng: nothing is downloaded. */
export function bundledEnglishDataPath(): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int');
}

interface Slot {
  worker: Promise<Worker> | null;
  pages: number;
  busy: boolean;
}

/** tesseract.js (WebAssembly in worker threads): needs no system package; slower than the native binary. */
export class TesseractJsOcrEngine extends OcrEngine {
  readonly name = 'tesseractjs';
  readonly concurrency: number;
  private readonly slots: Slot[];
  private readonly waiting: ((slot: Slot) => void)[] = [];
  private readonly options: Required<TesseractJsOptions>;

  constructor(options: TesseractJsOptions) {
    super();
    this.options = { recycleAfterPages: 40, ...options };
    this.concurrency = Math.max(1, options.concurrency);
    this.slots = Array.from({ length: this.concurrency }, () => ({ worker: null, pages: 0, busy: false }));
  }

  async recognize(image: GrayImage): Promise<OcrResult> {
    const slot = await this.acquire();
    try {
      slot.worker ??= this.startWorker();
      const worker = await slot.worker;
      const result = await this.withTimeout(worker.recognize(encodePgm(image), {}, { text: false, tsv: true }), slot);
      slot.pages += 1;
      if (slot.pages >= this.options.recycleAfterPages) await this.retire(slot);
      return parseTesseractTsv(result.data.tsv ?? '');
    } catch (error) {
      // A worker that failed or hung is not reused.
      await this.retire(slot);
      throw error;
    } finally {
      this.release(slot);
    }
  }

  async close(): Promise<void> {
    await Promise.all(this.slots.map((slot) => this.retire(slot)));
  }

  private startWorker(): Promise<Worker> {
    return createWorker('eng', OEM.LSTM_ONLY, {
      langPath: bundledEnglishDataPath(),
      gzip: true,
      cacheMethod: 'none',
    }).then(async (worker) => {
      await worker.setParameters({ user_defined_dpi: String(this.options.dpi) });
      return worker;
    });
  }

  private async retire(slot: Slot): Promise<void> {
    const worker = slot.worker;
    slot.worker = null;
    slot.pages = 0;
    if (worker) await worker.then((w) => w.terminate()).catch(() => undefined);
  }

  private withTimeout<T>(work: Promise<T>, slot: Slot): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        void this.retire(slot);
        reject(new Error(`tesseract.js did not finish the page within ${this.options.pageTimeoutMs} ms`));
      }, this.options.pageTimeoutMs);
    });
    return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
  }

  private acquire(): Promise<Slot> {
    const free = this.slots.find((slot) => !slot.busy);
    if (free) {
      free.busy = true;
      return Promise.resolve(free);
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private release(slot: Slot): void {
    const next = this.waiting.shift();
    if (next) next(slot);
    else slot.busy = false;
  }
}
