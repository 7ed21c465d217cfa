import type { PDFDocumentProxy } from 'pdfjs-dist';
import { useEffect, useRef, useState } from 'react';

// Chunks the reader asks the signed file route for; pdf.js reads only the ranges a page needs.
const RANGE_CHUNK_BYTES = 64 * 1024;

let configured: Promise<typeof import('pdfjs-dist')> | undefined;

/** pdf.js, loaded with the reader only, its worker served as a file of the build. */
export function loadPdfJs(): Promise<typeof import('pdfjs-dist')> {
  configured ??= Promise.all([import('pdfjs-dist'), import('pdfjs-dist/build/pdf.worker.min.mjs?url')]).then(
    ([pdfjs, worker]) => {
      pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
      return pdfjs;
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
 * and measures the page it opens at. The URL is read once: a refreshed signed URL of the same
 * book does not reopen it.
 */
export function usePdfDocument(bookId: string, url: string, firstPage: number): OpenedPdf {
  const [state, setState] = useState<OpenedPdf>({ doc: null, pageSize: null, error: false });
  const urlRef = useRef(url);
  const firstPageRef = useRef(firstPage);
  useEffect(() => {
    let cancelled = false;
    let destroy: (() => Promise<void>) | undefined;
    setState({ doc: null, pageSize: null, error: false });
    loadPdfJs()
      .then(async (pdfjs) => {
        const task = pdfjs.getDocument({
          url: urlRef.current,
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
  }, [bookId]);
  return state;
}
