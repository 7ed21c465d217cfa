import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { closeSync, ftruncateSync, openSync, rmSync, unlinkSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Writable } from 'node:stream';
import { pgmHeader } from './gray-image.js';
import { OcrEngine, type GrayImage, type OcrResult } from './ocr-engine.port.js';
import { parseTesseractTsv } from './tesseract-tsv.js';
import { WorkerPool } from './worker-pool.js';

export interface NativeTesseractOptions {
  concurrency: number;
  pageTimeoutMs: number;
  dpi: number;
  binary?: string;
  language?: string;
  recycleAfterPages?: number;
}

export function nativeTesseractAvailable(binary = 'tesseract', language = 'eng'): Promise<boolean> {
  return new Promise((resolve) => {
    execFile(binary, ['--list-langs'], { timeout: 10_000 }, (error, stdout) => {
      resolve(!error && stdout.split(/\s+/).includes(language));
    });
  });
}

// OpenMP is limited to one thread per process: its default threading is many times slower on small machines.
export class NativeTesseractOcrEngine extends OcrEngine {
  readonly name = 'native';
  readonly concurrency: number;
  private readonly processes: WorkerPool<TesseractProcess>;

  constructor(options: NativeTesseractOptions) {
    super();
    const { binary = 'tesseract', language = 'eng', dpi } = options;
    this.concurrency = Math.max(1, options.concurrency);
    this.processes = new WorkerPool({
      size: this.concurrency,
      start: () => Promise.resolve(new TesseractProcess(binary, language, dpi)),
      stop: (process) => process.stop(),
      recycleAfterPages: options.recycleAfterPages ?? 200,
      pageTimeoutMs: options.pageTimeoutMs,
      timeoutMessage: `tesseract did not finish the page within ${options.pageTimeoutMs} ms`,
    });
  }

  recognize(image: GrayImage): Promise<OcrResult> {
    return this.processes.run((process) => process.recognize(image));
  }

  close(): Promise<void> {
    return this.processes.close();
  }
}

// Unlinked at once on Linux and handed over as a descriptor, so nothing is left behind when the extraction is killed.
interface ScratchFile {
  fd: number;
  path: string;
  remove(): void;
}

const HANDS_OVER_DESCRIPTORS = process.platform === 'linux';

function scratchFile(childFd: number): ScratchFile {
  const path = join(tmpdir(), `chapterwise-ocr-${process.pid}-${randomUUID()}.pgm`);
  const fd = openSync(path, 'wx+', 0o600);
  if (!HANDS_OVER_DESCRIPTORS) return { fd, path, remove: () => rmSync(path, { force: true }) };
  unlinkSync(path);
  return { fd, path: `/dev/fd/${childFd}`, remove: () => undefined };
}

function writePgm(file: ScratchFile, image: GrayImage): void {
  const header = pgmHeader(image);
  ftruncateSync(file.fd, 0);
  writeSync(file.fd, header, 0, header.length, 0);
  writeSync(file.fd, image.data, 0, image.data.length, header.length);
}

// White and just above tesseract's minimum image size: recognised in a millisecond, with no words.
const SENTINEL: GrayImage = { width: 32, height: 32, data: new Uint8Array(32 * 32).fill(255) };

// Reads image paths from stdin (stream_filelist) so the model loads once. tesseract marks no end of page in its TSV:
// each page is followed by a blank sentinel image whose row shows the page's rows are complete.
class TesseractProcess {
  private readonly child: ChildProcess;
  private readonly list: Writable;
  private readonly image = scratchFile(3);
  private readonly sentinel = scratchFile(4);
  private readonly exited: Promise<void>;
  private failure: Error | null = null;
  private output = '';
  private errors = '';
  private imagesListed = 0;
  private pending: { endRow: string; resolve: (tsv: string) => void; reject: (error: Error) => void } | null = null;

  constructor(binary: string, language: string, dpi: number) {
    writePgm(this.sentinel, SENTINEL);
    const args = ['stdin', 'stdout', '-l', language, '--dpi', String(dpi), '-c', 'stream_filelist=1', 'tsv'];
    this.child = spawn(binary, args, {
      env: { ...process.env, OMP_THREAD_LIMIT: '1' },
      stdio: HANDS_OVER_DESCRIPTORS
        ? ['pipe', 'pipe', 'pipe', this.image.fd, this.sentinel.fd]
        : ['pipe', 'pipe', 'pipe'],
    });
    const [list, output, errors] = [this.child.stdin!, this.child.stdout!, this.child.stderr!];
    this.list = list;
    output.setEncoding('utf8');
    output.on('data', (chunk: string) => this.onOutput(chunk));
    errors.on('data', (chunk: Buffer) => (this.errors = (this.errors + chunk.toString()).slice(-2000)));
    // tesseract may exit before reading its list; the exit reports why.
    list.on('error', () => undefined);
    this.exited = new Promise((resolve) => {
      this.child.on('error', (error) => {
        this.fail(error);
        resolve();
      });
      this.child.on('close', (code, signal) => {
        this.fail(
          new Error(
            signal ? `tesseract was stopped (${signal})` : `tesseract exited with ${code}: ${lastLines(this.errors)}`,
          ),
        );
        resolve();
      });
    });
  }

  recognize(image: GrayImage): Promise<OcrResult> {
    if (this.failure) return Promise.reject(this.failure);
    writePgm(this.image, image);
    // tesseract numbers the images of its list from 1: this page, then the sentinel.
    const sentinelPage = this.imagesListed + 2;
    this.imagesListed += 2;
    return new Promise<string>((resolve, reject) => {
      this.pending = { endRow: `\n1\t${sentinelPage}\t`, resolve, reject };
      this.list.write(`${this.image.path}\n${this.sentinel.path}\n`);
    }).then(parseTesseractTsv);
  }

  async stop(): Promise<void> {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGKILL');
    await this.exited;
    for (const file of [this.image, this.sentinel]) {
      closeSync(file.fd);
      file.remove();
    }
  }

  private onOutput(chunk: string): void {
    this.output += chunk;
    const pending = this.pending;
    const end = pending ? this.output.indexOf(pending.endRow) : -1;
    if (!pending || end < 0) return;
    // The sentinel's rows stay at the head of the output; they hold no words.
    const tsv = this.output.slice(0, end + 1);
    this.output = this.output.slice(end + 1);
    this.pending = null;
    pending.resolve(tsv);
  }

  private fail(error: Error): void {
    this.failure ??= error;
    this.pending?.reject(this.failure);
    this.pending = null;
  }
}

function lastLines(text: string): string {
  const lines = text.split('\n').filter((line) => line.trim() && !/^Page \d+ : /.test(line));
  return lines.slice(-3).join(' / ');
}
