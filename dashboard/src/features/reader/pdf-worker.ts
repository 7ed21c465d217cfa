import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

export { workerUrl };

let started: Worker | undefined;

/**
 * pdf.js's worker (1.3 MB of script, a few hundred milliseconds to start): one per session, started by the
 * reader once it is painted (pdf-document.ts).
 */
export function pdfWorker(): Worker {
  started ??= new Worker(workerUrl, { type: 'module' });
  return started;
}
