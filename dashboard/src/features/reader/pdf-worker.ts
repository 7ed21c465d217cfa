import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

export { workerUrl };

let started: Worker | undefined;

/**
 * pdf.js's worker (1.3 MB of script) takes a few hundred milliseconds to start. One per session, started
 * as soon as a reader URL is opened (by the app's entry, before the reader's code has loaded) or by the reader.
 */
export function pdfWorker(): Worker {
  started ??= new Worker(workerUrl, { type: 'module' });
  return started;
}
