import { fork, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { availableParallelism, setPriority, tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  BookExtractor,
  ExtractionError,
  type ExtractionProgress,
  type ExtractionResult,
} from './book-extractor.port.js';
import { extractionChildEntry } from './child-entry.js';
import {
  FAILURES,
  type ChildMessage,
  type ExtractionJob,
  type OcrEngineChoice,
  type TextLayerChoice,
} from './extraction-protocol.js';
import { processGroupRss, processRss } from '../../../providers/pdf/process-memory.js';

export interface PdfJsBookExtractorOptions {
  ocrEngine: OcrEngineChoice;
  wallClockLimitMs: number;
  memoryLimitMb: number;
  maxPages: number;
  maxOcrPages: number;
  ocrDpi?: number;
  maxPixelsPerPage?: number;
  ocrConcurrency?: number;
  ocrPageTimeoutMs?: number;
  /** 'auto': poppler's text layer when pdftohtml is installed, pdf.js otherwise (see poppler-text-layer.ts). */
  textLayer?: TextLayerChoice;
  keepSpareChild?: boolean;
  /** 19 keeps the API responsive under ingestion (bench/ingest/isolation.mjs); a worker-only host may use 0. */
  niceness?: number;
}

const MEMORY_POLL_MS = 200;
const GROUP_POLL_EVERY = 5;
const tooSlow = () => new ExtractionError('This PDF took too long to process', true);
const tooBig = () => new ExtractionError('This PDF needs more memory than we allow to process it', true);

function failed(message: string, permanent: boolean, detail: string): ExtractionError {
  // The technical reason rides along as `cause`, for logs; the message is for the student.
  return Object.assign(new ExtractionError(message, permanent), { cause: new Error(detail) });
}

// Children still running when this process exits are killed with it (each also watches for a vanished parent).
const runningChildren = new Set<ChildProcess>();
let exitHookInstalled = false;
function track(child: ChildProcess): void {
  if (!exitHookInstalled) {
    process.once('exit', () => runningChildren.forEach(killGroup));
    exitHookInstalled = true;
  }
  runningChildren.add(child);
  child.once('exit', () => runningChildren.delete(child));
}

function forkExtractionChild(heapMb: number, niceness: number): ChildProcess {
  const entry = extractionChildEntry();
  const child = fork(entry.modulePath, [], {
    execArgv: [...entry.execArgv, `--max-old-space-size=${heapMb}`],
    // Compiled pdf.js is cached on disk, so each new child skips most of its start-up compile.
    env: {
      ...process.env,
      NODE_OPTIONS: '',
      NODE_COMPILE_CACHE: join(tmpdir(), 'chapterwise-extraction-compile-cache'),
    },
    // Its own process group, so the poppler and OCR processes it starts die with it.
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  track(child);
  if (child.pid !== undefined) lowerPriority(child.pid, niceness);
  return child;
}

// The session's autogroup gets the niceness too, or it would only rank the child against its own processes.
function lowerPriority(pid: number, niceness: number): void {
  try {
    setPriority(pid, niceness);
  } catch {
    // Not permitted here: it runs at normal priority.
  }
  try {
    writeFileSync(`/proc/${pid}/autogroup`, String(niceness));
  } catch {
    // No autogroups (not Linux, or scheduling without them): the process niceness is enough.
  }
}

// A child costs ~250 ms of CPU to start: one loaded spare (~110 MB) waits for the next book, for a minute at most.
const SPARE_IDLE_MS = 60_000;
let spare: { child: ChildProcess; heapMb: number; niceness: number; expiry: NodeJS.Timeout } | null = null;

function setReferenced(child: ChildProcess, referenced: boolean): void {
  const handles = [child, child.channel, child.stderr] as ({ ref?: () => void; unref?: () => void } | null)[];
  for (const handle of handles) (referenced ? handle?.ref : handle?.unref)?.call(handle);
}

function dropSpare(): void {
  if (!spare) return;
  clearTimeout(spare.expiry);
  killGroup(spare.child);
  spare = null;
}

function prepareSpare(heapMb: number, niceness: number): void {
  if (spare) return;
  let child: ChildProcess;
  try {
    child = forkExtractionChild(heapMb, niceness);
  } catch {
    return; // No process to spare now (EAGAIN, ENOMEM): the next book starts its own.
  }
  setReferenced(child, false);
  const expiry = setTimeout(dropSpare, SPARE_IDLE_MS);
  expiry.unref();
  spare = { child, heapMb, niceness, expiry };
  const forget = () => {
    if (spare?.child !== child) return;
    clearTimeout(spare.expiry);
    spare = null;
  };
  child.once('exit', forget);
  child.on('error', forget);
}

function takeChild(heapMb: number, niceness: number): ChildProcess {
  const ready = spare;
  if (
    ready &&
    ready.heapMb === heapMb &&
    ready.niceness === niceness &&
    ready.child.connected &&
    ready.child.exitCode === null
  ) {
    clearTimeout(ready.expiry);
    spare = null;
    setReferenced(ready.child, true);
    return ready.child;
  }
  dropSpare();
  return forkExtractionChild(heapMb, niceness);
}

/** A forked child per book, so a hostile PDF cannot block or exhaust the caller; killed on time, memory or abort. */
export class PdfJsBookExtractor extends BookExtractor {
  private readonly options: Required<PdfJsBookExtractorOptions>;

  constructor(options: PdfJsBookExtractorOptions) {
    super();
    this.options = {
      ocrDpi: 200,
      maxPixelsPerPage: 40_000_000,
      ocrConcurrency: availableParallelism(),
      ocrPageTimeoutMs: 120_000,
      textLayer: 'auto',
      keepSpareChild: true,
      niceness: 19,
      ...options,
    };
  }

  extract(
    filePath: string,
    { onProgress, signal }: { onProgress: (p: ExtractionProgress) => void | Promise<void>; signal?: AbortSignal },
  ): Promise<ExtractionResult> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    const options = this.options;
    const heapMb = Math.max(128, Math.floor(options.memoryLimitMb * 0.75));
    const child = takeChild(heapMb, options.niceness);

    return new Promise<ExtractionResult>((resolve, reject) => {
      let settled = false;
      let stderr = '';
      let progressChain: Promise<void> = Promise.resolve();
      let queuedProgress: ExtractionProgress | null = null;
      let progressRunning = false;

      const finish = (outcome: { result: ExtractionResult } | { error: unknown }) => {
        if (settled) return;
        settled = true;
        clearTimeout(deadline);
        clearInterval(memoryWatch);
        signal?.removeEventListener('abort', onAbort);
        killGroup(child);
        if (options.keepSpareChild) prepareSpare(heapMb, options.niceness);
        void progressChain.then(
          () => ('result' in outcome ? resolve(outcome.result) : reject(outcome.error)),
          (error: unknown) => reject(error),
        );
      };

      // Progress calls run one at a time; while one runs only the newest update waits.
      const forwardProgress = (progress: ExtractionProgress) => {
        queuedProgress = progress;
        if (progressRunning) return;
        progressRunning = true;
        progressChain = (async () => {
          try {
            while (queuedProgress) {
              const next = queuedProgress;
              queuedProgress = null;
              await onProgress(next);
            }
          } finally {
            progressRunning = false;
          }
        })();
        progressChain.catch((error: unknown) => finish({ error }));
      };

      const deadline = setTimeout(() => finish({ error: tooSlow() }), options.wallClockLimitMs);
      let ticks = 0;
      const memoryWatch = setInterval(() => {
        if (child.pid === undefined) return;
        const measure = ticks++ % GROUP_POLL_EVERY === 0 ? processGroupRss : processRss;
        void measure(child.pid).then((rss) => {
          if (rss > options.memoryLimitMb * 1024 * 1024) finish({ error: tooBig() });
        });
      }, MEMORY_POLL_MS);
      const onAbort = () => finish({ error: signal!.reason });
      signal?.addEventListener('abort', onAbort, { once: true });

      child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
      const pages: ExtractionResult['pages'] = [];
      child.on('message', (message: ChildMessage) => {
        if (message.type === 'progress') forwardProgress(message.progress);
        else if (message.type === 'pages') pages.push(...message.pages);
        // The limit holds for a small book read between two polls too: the child's own peak is checked at the end.
        else if (message.type === 'result')
          finish(
            message.peakRssBytes > options.memoryLimitMb * 1024 * 1024
              ? { error: tooBig() }
              : { result: { ...message.result, pages } },
          );
        else {
          const failure = FAILURES[message.code] ?? FAILURES.internal;
          finish({ error: failed(message.message ?? failure.message, failure.permanent, message.detail) });
        }
      });
      child.on('error', (error) => finish({ error: failed(FAILURES.internal.message, false, error.message) }));
      // 'close' comes after the last IPC message has been read, unlike 'exit'.
      child.on('close', (code, exitSignal) => {
        if (settled) return;
        // V8 aborts when the heap cap is hit; our own kills have settled already.
        const outOfMemory = exitSignal === 'SIGABRT' || code === 134 || /heap out of memory/i.test(stderr);
        if (outOfMemory) return finish({ error: tooBig() });
        finish({
          error: failed(
            FAILURES.internal.message,
            false,
            `extraction process exited (${exitSignal ?? code}): ${stderr.trim()}`,
          ),
        });
      });

      const job: ExtractionJob = {
        type: 'extract',
        filePath,
        limits: {
          maxPages: options.maxPages,
          maxOcrPages: options.maxOcrPages,
          ocrDpi: options.ocrDpi,
          maxPixelsPerPage: options.maxPixelsPerPage,
          ocrEngine: options.ocrEngine,
          ocrConcurrency: options.ocrConcurrency,
          readerThreads: Math.min(2, options.ocrConcurrency),
          textLayer: options.textLayer,
          // poppler gets a share of the limits, so pdf.js still has time and room to read the book after it.
          textLayerTimeoutMs: Math.min(120_000, Math.max(5_000, options.wallClockLimitMs / 4)),
          textLayerMemoryMb: Math.floor(options.memoryLimitMb / 2),
          ocrPageTimeoutMs: options.ocrPageTimeoutMs,
          selfDestructMs: options.wallClockLimitMs + 30_000,
        },
      };
      child.send(job);
    });
  }
}

function killGroup(child: ChildProcess): void {
  if (child.pid === undefined) return;
  try {
    // The group outlives the child while an OCR process it started is still running.
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
}
