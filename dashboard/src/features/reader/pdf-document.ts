import { useQueryClient } from '@tanstack/react-query';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { useEffect, useRef, useState } from 'react';
import { ensureFreshBook } from '../books/queries.js';

// Chunks the reader asks the signed file route for; pdf.js reads only the ranges a page needs. Small
// chunks waste little around each object a page needs (8 KB: 14% of a 542-page novel to show p. 400).
const RANGE_CHUNK_BYTES = 8 * 1024;

type PdfJs = typeof import('pdfjs-dist');

let configured: Promise<{ pdfjs: PdfJs; worker: InstanceType<PdfJs['PDFWorker']> }> | undefined;

/**
 * pdf.js, loaded with the reader only, and one worker kept for the session: the route starts both
 * while the book's details load, so opening a PDF does not wait for a worker to boot.
 */
export function loadPdfJs(): Promise<{ pdfjs: PdfJs; worker: InstanceType<PdfJs['PDFWorker']> }> {
  configured ??= Promise.all([import('pdfjs-dist'), import('pdfjs-dist/build/pdf.worker.min.mjs?url')]).then(
    ([pdfjs, workerUrl]) => {
      pdfjs.GlobalWorkerOptions.workerSrc = workerUrl.default;
      return { pdfjs, worker: new pdfjs.PDFWorker() };
    },
  );
  return configured;
}

export interface OpenedPdf {
  doc: PDFDocumentProxy | null;
  /** Size of a page at scale 1 (the page opened first), in CSS pixels. */
  pageSize: { width: number; height: number } | null;
  error: boolean;
}

/**
 * Opens a PDF by range requests (no streaming, no prefetch: only the bytes the pages shown need)
 * and measures the page it opens at. A refreshed signed URL of the same book does not reopen it;
 * the ranges of a reader left open past the link's life are asked with a fresh one.
 */
export function usePdfDocument(bookId: string, url: string, firstPage: number): OpenedPdf {
  const [state, setState] = useState<OpenedPdf>({ doc: null, pageSize: null, error: false });
  const queryClient = useQueryClient();
  const urlRef = useRef(url);
  const firstPageRef = useRef(firstPage);
  useEffect(() => {
    let cancelled = false;
    let destroy: (() => Promise<void>) | undefined;
    setState({ doc: null, pageSize: null, error: false });
    // The file's first bytes come while pdf.js loads.
    const firstChunk = fetch(urlRef.current, { headers: { Range: `bytes=0-${RANGE_CHUNK_BYTES - 1}` } });
    Promise.all([loadPdfJs(), firstChunk])
      .then(async ([{ pdfjs, worker }, first]) => {
        const freshUrl = () => ensureFreshBook(queryClient, bookId).then((book) => book.pdf_url);
        const source = await rangeSource(pdfjs, urlRef.current, first, freshUrl);
        const task = pdfjs.getDocument({
          ...source,
          worker,
          disableAutoFetch: true,
          disableStream: true,
          rangeChunkSize: RANGE_CHUNK_BYTES,
        });
        destroy = () => task.destroy();
        const doc = await task.promise;
        const page = await doc.getPage(Math.min(Math.max(1, firstPageRef.current), doc.numPages));
        const viewport = page.getViewport({ scale: 1 });
        if (!cancelled) setState({ doc, pageSize: { width: viewport.width, height: viewport.height }, error: false });
      })
      .catch(() => {
        if (!cancelled) setState({ doc: null, pageSize: null, error: true });
      });
    return () => {
      cancelled = true;
      void destroy?.();
    };
  }, [bookId, queryClient]);
  return state;
}

/**
 * Where pdf.js reads the file: by our own range requests when the server answers them (pdf.js's own
 * loader first asks for the whole file and cancels it, and on a fast link much of the book has
 * arrived by then), else the URL.
 */
async function rangeSource(pdfjs: PdfJs, url: string, first: Response, freshUrl: () => Promise<string>) {
  const total = Number(/\/(\d+)$/.exec(first.headers.get('Content-Range') ?? '')?.[1]);
  if (first.status !== 206 || !Number.isFinite(total) || total <= 0) {
    await first.body?.cancel();
    return { url };
  }
  const initial = new Uint8Array(await first.arrayBuffer());
  if (initial.length >= total) return { data: initial };
  const range = new pdfjs.PDFDataRangeTransport(total, initial);
  range.requestDataRange = (begin: number, end: number) => {
    void freshUrl()
      .then((current) => fetch(current, { headers: { Range: `bytes=${begin}-${end - 1}` } }))
      .then((response) => {
        if (!response.ok) throw new Error(`HTTP ${response.status} for bytes ${begin}-${end - 1}`);
        return response.arrayBuffer();
      })
      .then((buffer) => range.onDataRange(begin, new Uint8Array(buffer)))
      .catch(() => range.abort());
  };
  return { range };
}
