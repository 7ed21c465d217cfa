import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

export { workerUrl };

declare global {
  interface Window {
    /** pdf.js's worker, started by route-preload.js on a reader URL before the app's code arrived. */
    __chapterwisePdfWorker?: Worker;
  }
}

let started: Worker | undefined;

/**
 * pdf.js's worker (1.3 MB of script) takes a few hundred milliseconds to start. One per session, started
 * as soon as a reader URL is opened (by route-preload.js, else the app's entry) or by the reader.
 */
export function pdfWorker(): Worker {
  started ??= window.__chapterwisePdfWorker ?? new Worker(workerUrl, { type: 'module' });
  // route-preload.js, when it runs after the entry, starts no second one.
  window.__chapterwisePdfWorker = started;
  return started;
}
