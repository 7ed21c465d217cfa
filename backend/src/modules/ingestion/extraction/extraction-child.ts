// Forked per book: pdf.js parses untrusted PDFs on its calling thread, so it runs where the parent can kill it.
// Loaded as compiled JS from dist, or as TypeScript through Node's type stripping in tests: erasable syntax only.
import { Worker } from 'node:worker_threads';
import { ExtractionFailure, PAGES_PER_MESSAGE, type ChildMessage, type ExtractionJob } from './extraction-protocol.js';
import { startTextLayer } from '../../../providers/pdf/poppler-text-layer.js';

function send(message: ChildMessage): Promise<void> {
  return new Promise((resolve) => {
    if (!process.send || !process.connected) return resolve();
    process.send(message, undefined, {}, () => resolve());
  });
}

// Kills this process group once time is up or the parent is gone, even while pdf.js holds the main thread in a loop.
function startWatchdog(limitMs: number): void {
  const source = `
    const { workerData } = require('node:worker_threads');
    const started = Date.now();
    setInterval(() => {
      if (process.ppid === workerData.parentPid && Date.now() - started < workerData.limitMs) return;
      try { process.kill(-workerData.pid, 'SIGKILL'); } catch { process.kill(workerData.pid, 'SIGKILL'); }
    }, 1000);
  `;
  new Worker(source, { eval: true, workerData: { pid: process.pid, parentPid: process.ppid, limitMs } }).unref();
}

const loading = import('./book-extraction.js').then(async (extraction) => {
  await import('../../../providers/pdf/pdfjs-document.js').then(({ preloadPdfJsWorker }) => preloadPdfJsWorker());
  return extraction;
});
loading.catch(() => undefined);

async function run(job: ExtractionJob): Promise<void> {
  startWatchdog(job.limits.selfDestructMs);
  const textLayer = startTextLayer(job.filePath, job.limits);
  try {
    const { extractBook } = await loading;
    const result = await extractBook(job.filePath, job.limits, {
      onProgress: (progress) => void send({ type: 'progress', progress }),
      textLayer,
    });
    const { pages, ...rest } = result;
    for (let i = 0; i < pages.length; i += PAGES_PER_MESSAGE) {
      await send({ type: 'pages', pages: pages.slice(i, i + PAGES_PER_MESSAGE) });
    }
    // maxRSS is in kilobytes.
    await send({ type: 'result', result: { ...rest, pages: [] }, peakRssBytes: process.resourceUsage().maxRSS * 1024 });
  } catch (error) {
    await send(
      error instanceof ExtractionFailure
        ? { type: 'failure', code: error.code, detail: error.message, message: error.studentMessage }
        : { type: 'failure', code: 'internal', detail: (error as Error)?.stack ?? String(error) },
    );
  }
  process.exit(0);
}

process.on('disconnect', () => process.exit(0));
// pdf.js can reject internal promises nobody awaits on a damaged file; the awaited calls report what matters.
process.on('unhandledRejection', (reason) => process.stderr.write(`unhandled rejection: ${String(reason)}\n`));
process.once('message', (job: ExtractionJob) => void run(job));
