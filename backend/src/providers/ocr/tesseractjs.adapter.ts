import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createWorker, OEM, type Worker } from 'tesseract.js';
import { encodePgm } from './gray-image.js';
import { OcrEngine, type GrayImage, type OcrResult } from './ocr-engine.port.js';
import { parseTesseractTsv } from './tesseract-tsv.js';
import { WorkerPool } from './worker-pool.js';

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

export class TesseractJsOcrEngine extends OcrEngine {
  readonly name = 'tesseractjs';
  readonly concurrency: number;
  private readonly workers: WorkerPool<Worker>;

  constructor(options: TesseractJsOptions) {
    super();
    this.concurrency = Math.max(1, options.concurrency);
    this.workers = new WorkerPool({
      size: this.concurrency,
      start: () => startWorker(options.dpi),
      stop: (worker) =>
        worker.terminate().then(
          () => undefined,
          () => undefined,
        ),
      recycleAfterPages: options.recycleAfterPages ?? 40,
      pageTimeoutMs: options.pageTimeoutMs,
      timeoutMessage: `tesseract.js did not finish the page within ${options.pageTimeoutMs} ms`,
    });
  }

  recognize(image: GrayImage): Promise<OcrResult> {
    return this.workers.run(async (worker) => {
      const result = await worker.recognize(encodePgm(image), {}, { text: false, tsv: true });
      return parseTesseractTsv(result.data.tsv ?? '');
    });
  }

  close(): Promise<void> {
    return this.workers.close();
  }
}

async function startWorker(dpi: number): Promise<Worker> {
  const worker = await createWorker('eng', OEM.LSTM_ONLY, {
    langPath: bundledEnglishDataPath(),
    gzip: true,
    cacheMethod: 'none',
  });
  await worker.setParameters({ user_defined_dpi: String(dpi) });
  return worker;
}
