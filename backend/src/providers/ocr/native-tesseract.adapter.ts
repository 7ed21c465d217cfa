import { execFile, spawn } from 'node:child_process';
import { encodePgm } from './gray-image.js';
import { OcrEngine, type GrayImage, type OcrResult } from './ocr-engine.port.js';
import { parseTesseractTsv } from './tesseract-tsv.js';

export interface NativeTesseractOptions {
  /** Processes run at once; one per core is fastest. */
  concurrency: number;
  /** A page still running after this is killed and counted as failed. */
  pageTimeoutMs: number;
  dpi: number;
  binary?: string;
  language?: string;
}

/** True when the `tesseract` binary runs and has the language's data installed. */
export function nativeTesseractAvailable(binary = 'tesseract', language = 'eng'): Promise<boolean> {
  return new Promise((resolve) => {
    execFile(binary, ['--list-langs'], { timeout: 10_000 }, (error, stdout) => {
      resolve(!error && stdout.split(/\s+/).includes(language));
    });
  });
}

/**
 * The `tesseract` command (Debian tesseract-ocr): one short-lived process per page, image on stdin, TSV on
 * stdout. OpenMP is limited to one thread per process: its default threading is many times slower on small
 * machines, and parallelism comes from running one process per core instead.
 */
export class NativeTesseractOcrEngine extends OcrEngine {
  readonly name = 'native';
  readonly concurrency: number;
  private readonly options: Required<NativeTesseractOptions>;

  constructor(options: NativeTesseractOptions) {
    super();
    this.options = { binary: 'tesseract', language: 'eng', ...options };
    this.concurrency = Math.max(1, options.concurrency);
  }

  recognize(image: GrayImage): Promise<OcrResult> {
    const { binary, language, dpi, pageTimeoutMs } = this.options;
    return new Promise((resolve, reject) => {
      const child = spawn(binary, ['stdin', 'stdout', '-l', language, '--dpi', String(dpi), 'tsv'], {
        env: { ...process.env, OMP_THREAD_LIMIT: '1' },
        stdio: ['pipe', 'pipe', 'pipe'],
        timeout: pageTimeoutMs,
        killSignal: 'SIGKILL',
      });
      const out: Buffer[] = [];
      let errors = '';
      child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
      child.stderr.on('data', (chunk: Buffer) => (errors = (errors + chunk.toString()).slice(-2000)));
      child.on('error', reject);
      // tesseract may exit before reading all of a bad image; the exit code reports that.
      child.stdin.on('error', () => undefined);
      child.on('close', (code, signal) => {
        if (code === 0) resolve(parseTesseractTsv(Buffer.concat(out).toString('utf8')));
        else
          reject(
            new Error(signal ? `tesseract was stopped (${signal})` : `tesseract exited with ${code}: ${errors.trim()}`),
          );
      });
      child.stdin.end(encodePgm(image));
    });
  }

  close(): Promise<void> {
    // Nothing stays running between pages.
    return Promise.resolve();
  }
}
