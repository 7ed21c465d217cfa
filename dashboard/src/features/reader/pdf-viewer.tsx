import type { PDFDocumentProxy } from 'pdfjs-dist';
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { PdfPage, type PageMark } from './pdf-page.js';

const GAP = 16;
const PAD = 16;
// Pages drawn beyond those on screen, each way, so scrolling shows a drawn page; they wait until the
// pages on screen are drawn, so they never compete with them for the worker or the network.
const OVERSCAN = 1;

/** A passage the student selected on a page, and where it is on screen. */
export interface PageSelection {
  page: number;
  text: string;
  rect: { top: number; left: number; bottom: number; right: number };
}

export interface ScrollRequest {
  page: number;
  /** Changes on every request, so asking twice for the same page scrolls twice. */
  seq: number;
}

// Every page takes the size of the page opened first, so where a page sits is arithmetic; pages off
// screen are empty boxes of that size.
export function PdfViewer({
  doc,
  pageSize,
  scale,
  scrollTo,
  marksOf,
  onPageInView,
  onSelection,
  onKey,
  onFirstDrawn,
  label,
}: {
  doc: PDFDocumentProxy;
  pageSize: { width: number; height: number };
  scale: number;
  scrollTo: ScrollRequest;
  marksOf: (page: number) => PageMark[];
  onPageInView: (page: number) => void;
  onSelection: (selection: PageSelection | null) => void;
  onKey: (event: KeyboardEvent<HTMLDivElement>) => void;
  /** Once, when the pages first on screen are drawn. */
  onFirstDrawn?: () => void;
  label: string;
}) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const width = Math.round(pageSize.width * scale);
  const height = Math.round(pageSize.height * scale);
  const stride = height + GAP;
  const total = doc.numPages;
  // The pages on screen.
  const [range, setRange] = useState<[number, number]>([scrollTo.page, scrollTo.page]);
  const [drawn, setDrawn] = useState<ReadonlySet<number>>(() => new Set());
  const inViewRef = useRef(scrollTo.page);
  const onDrawn = useCallback((page: number, isDrawn: boolean) => {
    setDrawn((old) => {
      if (old.has(page) === isDrawn) return old;
      const next = new Set(old);
      if (isDrawn) next.add(page);
      else next.delete(page);
      return next;
    });
  }, []);

  const measure = useCallback(() => {
    const element = scrollRef.current;
    if (!element) return;
    const top = element.scrollTop - PAD;
    // The gap above a page is not the page before it: opening at a page draws that page alone.
    const first = Math.max(1, Math.floor((top - height) / stride) + 2);
    const last = Math.min(total, Math.floor((top + element.clientHeight) / stride) + 1);
    setRange((old) => (old[0] === first && old[1] === last ? old : [first, last]));
    // The page read is the one under the top third of the view.
    const reading = Math.min(total, Math.max(1, Math.floor((top + element.clientHeight / 3) / stride) + 1));
    if (reading !== inViewRef.current) {
      inViewRef.current = reading;
      onPageInView(reading);
    }
  }, [stride, height, total, onPageInView]);

  // A jump (or a new zoom) puts the page's top at the top of the view.
  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (!element) return;
    element.scrollTop = PAD + (scrollTo.page - 1) * stride - 8;
    inViewRef.current = scrollTo.page;
    measure();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one scroll per request, not per new page size
  }, [scrollTo.seq]);

  // A new page size (zoom, fit width on a resized window) keeps the same spot of the book in view.
  const strideRef = useRef(stride);
  useLayoutEffect(() => {
    const element = scrollRef.current;
    const before = strideRef.current;
    strideRef.current = stride;
    if (!element || before === stride) return;
    element.scrollTop = PAD + ((element.scrollTop - PAD) / before) * stride;
    measure();
  }, [stride, measure]);

  useEffect(() => {
    const element = scrollRef.current;
    if (!element) return;
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(measure);
    };
    element.addEventListener('scroll', onScroll, { passive: true });
    const resize = new ResizeObserver(onScroll);
    resize.observe(element);
    return () => {
      cancelAnimationFrame(frame);
      element.removeEventListener('scroll', onScroll);
      resize.disconnect();
    };
  }, [measure]);

  const readSelection = () => {
    const selection = window.getSelection();
    const text = selection?.toString().replace(/\s+/g, ' ').trim() ?? '';
    const anchor = selection?.anchorNode;
    const slot = (anchor instanceof Element ? anchor : anchor?.parentElement)?.closest<HTMLElement>('[data-page]');
    if (!selection || !text || !slot || !scrollRef.current?.contains(slot)) {
      onSelection(null);
      return;
    }
    const rect = selection.getRangeAt(0).getBoundingClientRect();
    onSelection({
      page: Number(slot.dataset.page),
      text,
      rect: { top: rect.top, left: rect.left, bottom: rect.bottom, right: rect.right },
    });
  };

  const pages: number[] = [];
  let onScreenDrawn = true;
  for (let page = range[0]; page <= range[1]; page++) onScreenDrawn &&= drawn.has(page);
  const reportedDrawn = useRef(false);
  useEffect(() => {
    if (!onScreenDrawn || reportedDrawn.current) return;
    reportedDrawn.current = true;
    onFirstDrawn?.();
  }, [onScreenDrawn, onFirstDrawn]);
  const [from, to] = onScreenDrawn ? [Math.max(1, range[0] - OVERSCAN), Math.min(total, range[1] + OVERSCAN)] : range;
  for (let page = from; page <= to; page++) pages.push(page);

  return (
    <div
      ref={scrollRef}
      role="region"
      aria-label={label}
      tabIndex={0}
      onKeyDown={onKey}
      onPointerUp={() => setTimeout(readSelection, 0)}
      onKeyUp={(event) => {
        if (event.shiftKey) readSelection();
      }}
      className="reader-scroll relative h-full overflow-auto bg-slate-200/70 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-500"
    >
      <div style={{ height: PAD * 2 + total * stride - GAP, minWidth: width + PAD * 2, position: 'relative' }}>
        {pages.map((page) => (
          <div
            key={page}
            data-page={page}
            className="reader-page absolute left-1/2 -translate-x-1/2 overflow-hidden bg-white shadow-sm"
            style={{ top: PAD + (page - 1) * stride, width, height }}
          >
            <PdfPage doc={doc} number={page} width={width} marks={marksOf(page)} onDrawn={onDrawn} />
          </div>
        ))}
      </div>
    </div>
  );
}
