import rendererUrl from 'pdfjs-dist/build/pdf.renderer.min.mjs?url';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

// The second is pdf.js's page-drawing worker, which pdf.js starts itself (pdf-document.ts names it).
export { rendererUrl, workerUrl };

let started: Worker | undefined;

/**
 * pdf.js's worker (1.3 MB of script, a few hundred milliseconds to start): one per session, started by the
 * reader once it is painted (pdf-document.ts).
 */
export function pdfWorker(): Worker {
  started ??= new Worker(workerUrl, { type: 'module' });
  return started;
}
