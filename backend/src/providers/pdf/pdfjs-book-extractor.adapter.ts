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
import { processGroupRss, processRss } from './process-memory.js';

export interface PdfJsBookExtractorOptions {
  ocrEngine: OcrEngineChoice;
  /** The whole extraction (parsing, OCR, detection) is stopped after this long. */
  wallClockLimitMs: number;
  /** Resident memory of the extraction process and its OCR processes together. */
  memoryLimitMb: number;
  maxPages: number;
  maxOcrPages: number;
  ocrDpi?: number;
  /** Rendered page images (and images inside the PDF) are capped at this many pixels. */
  maxPixelsPerPage?: number;
  /** OCR processes or threads; defaults to the number of cores. */
  ocrConcurrency?: number;
  /** One page's recognition is abandoned after this long. */
  ocrPageTimeoutMs?: number;
  /** 'auto': poppler's text layer when pdftohtml is installed, pdf.js otherwise (see poppler-text-layer.ts). */
  textLayer?: TextLayerChoice;
  /** After each book, start the next book's child ahead of time. */
  keepSpareChild?: boolean;
  /** Scheduler niceness of the extraction children (19 = only spare cycles; the test apps use 0). */
  niceness?: number;
}

// The child's own memory is read often (one small file); the whole group, OCR processes included, less often.
const MEMORY_POLL_MS = 200;
// The lowest priority: an idle machine still gives the extraction every spare cycle (bench/ingest/isolation.mjs:
// GET /api/books p99 under two ingestions 51-56 ms at 19, 58-69 ms at 10).
// Set from the options (EXTRACT_NICENESS): children are forked ahead of their extractor (the spare).
let extractionNiceness = 19;
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

function forkExtractionChild(heapMb: number): ChildProcess {
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
  if (child.pid !== undefined) lowerPriority(child.pid);
  return child;
}

/**
 * Puts the extraction below the API in the scheduler: on a small machine, reading books must not slow every
 * request down. The poppler and OCR processes it starts inherit it. The child leads its own session, and Linux
 * shares the CPU between sessions first ("autogroups") when autogrouping is on: the session gets the niceness
 * too, or the process niceness would only count against the child's own processes (measured here: API p99
 * under two ingestions 4x idle with the process niceness alone, 1.6x with both).
 */
function lowerPriority(pid: number): void {
  try {
    setPriority(pid, extractionNiceness);
  } catch {
    // Not permitted here: it runs at normal priority.
  }
  try {
    writeFileSync(`/proc/${pid}/autogroup`, String(extractionNiceness));
  } catch {
    // No autogroups (not Linux, or scheduling without them): the process niceness is enough.
  }
}

// A child takes about 250 ms of CPU to start and load pdf.js, as long as poppler needs for a 100-page book.
// So one spare child (about 110 MB) waits, loaded, for the next book: each child still reads a single book and
// is killed after it. An idle spare does not keep this process alive, and ends after a minute without a book.
const SPARE_IDLE_MS = 60_000;
let spare: { child: ChildProcess; heapMb: number; expiry: NodeJS.Timeout } | null = null;

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

function prepareSpare(heapMb: number): void {
  if (spare) return;
  let child: ChildProcess;
  try {
    child = forkExtractionChild(heapMb);
  } catch {
    return; // No process to spare now (EAGAIN, ENOMEM): the next book starts its own.
  }
  setReferenced(child, false);
  const expiry = setTimeout(dropSpare, SPARE_IDLE_MS);
  expiry.unref();
  spare = { child, heapMb, expiry };
  const forget = () => {
    if (spare?.child !== child) return;
    clearTimeout(spare.expiry);
    spare = null;
  };
  child.once('exit', forget);
  child.on('error', forget);
}

/** The spare child when it is alive and was started with the same heap cap; otherwise a new one. */
function takeChild(heapMb: number): ChildProcess {
  const ready = spare;
  if (ready && ready.heapMb === heapMb && ready.child.connected && ready.child.exitCode === null) {
    clearTimeout(ready.expiry);
    spare = null;
    setReferenced(ready.child, true);
    return ready.child;
  }
  dropSpare();
  return forkExtractionChild(heapMb);
}

/**
 * BookExtractor on poppler and pdf.js (see book-extraction.ts), run in a forked child process per book so a
 * hostile PDF cannot block or exhaust the caller: the child (with its poppler and OCR processes, in one
 * process group) is killed on the wall-clock limit, on the memory limit, or on abort. The child's V8 heap is
 * capped too, so runaway JavaScript allocation dies early with a clear cause. Children run at a lower CPU
 * priority than the caller, and the next book's child is started once a book is done.
 */
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
    extractionNiceness = this.options.niceness;
  }

  extract(
    filePath: string,
    { onProgress, signal }: { onProgress: (p: ExtractionProgress) => void | Promise<void>; signal?: AbortSignal },
  ): Promise<ExtractionResult> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    const options = this.options;
    const heapMb = Math.max(128, Math.floor(options.memoryLimitMb * 0.75));
    const child = takeChild(heapMb);

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
        if (options.keepSpareChild) prepareSpare(heapMb);
        // Progress already handed to the caller finishes before the extraction does.
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
        else if (message.type === 'result') finish({ result: { ...message.result, pages } });
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
