import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist';
import { startTransition, useEffect, useRef, useState } from 'react';
import { ensureFreshBook } from '../books/queries.js';
import { fetchOpeningBytes, RANGE_CHUNK_BYTES, type OpeningBytes } from './opening-bytes.js';
import { pdfWorker, rendererUrl, workerUrl } from './pdf-worker.js';

type PdfJs = typeof import('pdfjs-dist');

let configured: Promise<{ pdfjs: PdfJs; worker: InstanceType<PdfJs['PDFWorker']> }> | undefined;

let showShell: () => void = () => undefined;
const shellShown = new Promise<void>((resolve) => {
  showShell = resolve;
});

/**
 * The reader's bars, page boxes and study handle are on screen. pdf.js and its worker (1.3 MB of script) are
 * fetched from then on: on a phone's link they would otherwise share it with the page's own code and data, and
 * hold back the first paint of everything around the book's page.
 */
export function readerShellPainted(): void {
  showShell();
}

// One worker for the session, booted from its own script while pdf.js downloads.
export function loadPdfJs(): Promise<{ pdfjs: PdfJs; worker: InstanceType<PdfJs['PDFWorker']> }> {
  configured ??= shellShown.then(() => {
    const port = pdfWorker();
    return import('pdfjs-dist').then((pdfjs) => {
      pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;
      // pdf.js draws the pages in a worker of its own (OffscreenCanvas), not on the page's thread: a phone stays
      // responsive while a page is drawn. Where that worker cannot start, pdf.js draws on the page as before.
      pdfjs.GlobalWorkerOptions.rendererSrc = rendererUrl;
      return { pdfjs, worker: pdfjs.PDFWorker.create({ port }) };
    });
  });
  return configured;
}

let opening: { bookId: string; bytes: Promise<OpeningBytes> } | undefined;

export function prefetchPdfOpening(bookId: string, url: string): Promise<OpeningBytes> {
  if (opening?.bookId !== bookId) opening = { bookId, bytes: fetchOpeningBytes(url) };
  const { bytes } = opening;
  // A failed prefetch is tried again by the next opening.
  bytes.catch(() => {
    if (opening?.bytes === bytes) opening = undefined;
  });
  return bytes;
}

type TextContent = Awaited<ReturnType<PDFPageProxy['getTextContent']>>;

const earlyText = new WeakMap<PDFPageProxy, Promise<TextContent>>();

export function textContentOf(page: PDFPageProxy): Promise<TextContent> {
  const early = earlyText.get(page);
  earlyText.delete(page);
  return early ?? page.getTextContent();
}

export interface OpenedPdf {
  doc: PDFDocumentProxy | null;
  /** Size at scale 1 of the page opened first, CSS pixels. */
  pageSize: { width: number; height: number } | null;
  error: boolean;
}

interface OpeningPdf {
  bookId: string;
  opened: Promise<{ doc: PDFDocumentProxy; pageSize: { width: number; height: number } }>;
  close: () => void;
}

let openingPdf: OpeningPdf | undefined;

// The route opens the book as soon as it has the signed URL, so the worker reads the file while the
// reader renders; the reader takes that opening over. Later ranges are asked with a fresh URL.
export function openPdf(queryClient: QueryClient, bookId: string, url: string, firstPage: number): OpeningPdf {
  if (openingPdf?.bookId === bookId) return openingPdf;
  openingPdf?.close();
  let closed = false;
  let task: ReturnType<PdfJs['getDocument']> | undefined;
  const opened = Promise.all([loadPdfJs(), prefetchPdfOpening(bookId, url)]).then(
    async ([{ pdfjs, worker }, bytes]) => {
      if (closed) throw new Error('closed');
      const freshUrl = () => ensureFreshBook(queryClient, bookId).then((book) => book.pdf_url);
      task = pdfjs.getDocument({
        ...pdfSource(pdfjs, url, bytes, freshUrl),
        worker,
        disableAutoFetch: true,
        disableStream: true,
        rangeChunkSize: RANGE_CHUNK_BYTES,
      });
      const doc = await task.promise;
      const page = await doc.getPage(Math.min(Math.max(1, firstPage), doc.numPages));
      // The worker reads the page's text (its content and fonts) while the reader renders around it.
      earlyText.set(page, page.getTextContent());
      const viewport = page.getViewport({ scale: 1 });
      return { doc, pageSize: { width: viewport.width, height: viewport.height } };
    },
  );
  const entry: OpeningPdf = {
    bookId,
    opened,
    close: () => {
      closed = true;
      if (openingPdf === entry) openingPdf = undefined;
      void task?.destroy();
    },
  };
  // An opening the reader never takes over must not reject unhandled.
  opened.catch(() => undefined);
  openingPdf = entry;
  return entry;
}

export function usePdfDocument(bookId: string, url: string, firstPage: number): OpenedPdf {
  const [state, setState] = useState<OpenedPdf>({ doc: null, pageSize: null, error: false });
  const queryClient = useQueryClient();
  const urlRef = useRef(url);
  const firstPageRef = useRef(firstPage);
  useEffect(() => {
    let cancelled = false;
    setState({ doc: null, pageSize: null, error: false });
    const opening = openPdf(queryClient, bookId, urlRef.current, firstPageRef.current);
    opening.opened.then(
      ({ doc, pageSize }) => {
        // The pages' viewer mounts as a transition: React builds it in slices, so the reader stays responsive.
        if (!cancelled) startTransition(() => setState({ doc, pageSize, error: false }));
      },
      () => {
        if (!cancelled) setState({ doc: null, pageSize: null, error: true });
      },
    );
    return () => {
      cancelled = true;
      opening.close();
    };
  }, [bookId, queryClient]);
  return state;
}

// Our own range requests: pdf.js's loader first asks for the whole file and cancels it, by which time
// much of it has arrived on a fast link.
function pdfSource(pdfjs: PdfJs, url: string, bytes: OpeningBytes, freshUrl: () => Promise<string>) {
  if (bytes.kind === 'no-ranges') return { url };
  if (bytes.kind === 'whole') return { data: bytes.data };
  const { tail } = bytes;
  const fetchRange = (begin: number, end: number) =>
    freshUrl()
      .then((current) => fetch(current, { headers: { Range: `bytes=${begin}-${end - 1}` } }))
      .then(async (response) => {
        if (!response.ok) throw new Error(`HTTP ${response.status} for bytes ${begin}-${end - 1}`);
        return new Uint8Array(await response.arrayBuffer());
      });
  const range = new pdfjs.PDFDataRangeTransport(bytes.total, bytes.head);
  range.requestDataRange = (begin: number, end: number) => {
    const fromTail = tail.bytes.subarray(Math.max(0, begin - tail.begin), end - tail.begin);
    const fetched = begin < tail.begin ? fetchRange(begin, Math.min(end, tail.begin)) : Promise.resolve(null);
    void fetched
      .then((before) => {
        if (!before || end <= tail.begin) return before ?? fromTail;
        const joined = new Uint8Array(end - begin);
        joined.set(before, 0);
        joined.set(fromTail, before.length);
        return joined;
      })
      .then((chunk) => range.onDataRange(begin, chunk))
      .catch(() => range.abort());
  };
  return { range };
}
