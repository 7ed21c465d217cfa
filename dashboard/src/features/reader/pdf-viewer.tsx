import type { PDFDocumentProxy } from 'pdfjs-dist';
import { useCallback, useEffect, useEffectEvent, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { PdfPage, type PageMark } from './pdf-page.js';

const GAP = 16;
const PAD = 16;
// Pages drawn beyond those on screen, each way, so scrolling shows a drawn page; they wait until the
// pages on screen are drawn, so they never compete with them for the worker or the network.
const OVERSCAN = 1;
// Touch: how far a finger may wander and still tap, how long a tap lasts, how soon a second tap doubles it.
const TAP_SLOP = 10;
const TAP_MS = 300;
const DOUBLE_TAP_MS = 320;
// A pinch's preview stops where the reader's zoom stops.
export const MIN_SCALE = 0.5;
export const MAX_SCALE = 3;
const DIRECTION_SLOP = 12;
// A scroll this soon after a touch, a wheel turn, a key or a press on the scrollbar is the student's (momentum included).
const BY_HAND_MS = 1500;
const SELECTION_SETTLE_MS = 250;

// Pages are centred in a view wider than them, else they start a pad from its left.
function pageLeft(viewWidth: number, pageWidth: number): number {
  return Math.max(PAD, (viewWidth - pageWidth) / 2);
}

/**
 * The page that fills most of the view (the first of equals): a citation's page stays the page read
 * although the foot of the page before it shows above it.
 */
export function pageFillingMost(
  first: number,
  last: number,
  topOf: (page: number) => number,
  height: number,
  viewTop: number,
  viewHeight: number,
): number {
  let best = first;
  let bestShown = -1;
  for (let page = first; page <= last; page++) {
    const top = topOf(page);
    const shown = Math.min(top + height, viewTop + viewHeight) - Math.max(top, viewTop);
    if (shown > bestShown) {
      best = page;
      bestShown = shown;
    }
  }
  return best;
}

/** A passage the student selected on a page, and where it is on screen. */
export interface PageSelection {
  page: number;
  text: string;
  rect: { top: number; left: number; bottom: number; right: number };
}

/** Where a zoom gesture was made, in the view's own pixels: that spot of the page stays under the fingers. */
export interface ZoomPoint {
  x: number;
  y: number;
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
  onPinch,
  onDoubleTap,
  onScrollDirection,
  topInset = 0,
  bottomInset = 0,
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
  /** A two-finger pinch ended: the scale it asks for (the reader clamps it). */
  onPinch: (scale: number) => void;
  onDoubleTap: () => void;
  /** The reader scrolled a little way down or up (its chrome hides and returns with it). */
  onScrollDirection?: (direction: 'up' | 'down') => void;
  /** Pixels of the view covered by chrome drawn over the pages (a phone's slim bar, its study handle). */
  topInset?: number;
  bottomInset?: number;
  label: string;
}) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
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

  const topOf = useCallback((page: number) => topInset + PAD + (page - 1) * stride, [topInset, stride]);

  const measure = useCallback(() => {
    const element = scrollRef.current;
    if (!element) return;
    const top = element.scrollTop - topInset - PAD;
    // The gap above a page is not the page before it: opening at a page draws that page alone.
    const first = Math.max(1, Math.floor((top - height) / stride) + 2);
    const last = Math.min(total, Math.floor((top + element.clientHeight) / stride) + 1);
    setRange((old) => (old[0] === first && old[1] === last ? old : [first, last]));
    const reading = pageFillingMost(first, last, topOf, height, element.scrollTop, element.clientHeight);
    if (reading !== inViewRef.current) {
      inViewRef.current = reading;
      onPageInView(reading);
    }
  }, [stride, height, total, topInset, topOf, onPageInView]);

  // A jump (or a new zoom) puts the page's top at the top of the view.
  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (!element) return;
    element.scrollTop = topOf(scrollTo.page) - topInset - 8;
    inViewRef.current = scrollTo.page;
    measure();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one scroll per request, not per new page size
  }, [scrollTo.seq]);

  // A new page size (zoom, fit width on a resized window) keeps the same spot of the book in view:
  // the spot under the fingers after a pinch or a double tap, else the top of the view.
  const strideRef = useRef(stride);
  // Where the gesture was, in the view, and the spot of the book under it (x from the page's left edge).
  const zoomAt = useRef<(ZoomPoint & { pageX: number; bookY: number }) | null>(null);
  const widthNow = useEffectEvent(() => width);
  useLayoutEffect(() => {
    const element = scrollRef.current;
    const before = strideRef.current;
    strideRef.current = stride;
    const at = zoomAt.current;
    zoomAt.current = null;
    if (!element || before === stride) return;
    const origin = topInset + PAD;
    if (at) {
      const ratio = stride / before;
      element.scrollTop = origin + (at.bookY - origin) * ratio - at.y;
      element.scrollLeft = pageLeft(element.clientWidth, width) + at.pageX * ratio - at.x;
    } else {
      element.scrollTop = origin + ((element.scrollTop - origin) / before) * stride;
    }
    measure();
  }, [stride, width, topInset, measure]);

  // Touch: two fingers zoom (the page follows them as a preview, the new size is drawn when they lift),
  // and a double tap zooms in or back to the width of the screen. The browser's own zoom is off here.
  const scaleNow = useEffectEvent(() => scale);
  const pinched = useEffectEvent((ratio: number) => onPinch(scale * ratio));
  const doubleTapped = useEffectEvent(() => onDoubleTap());
  useEffect(() => {
    const element = scrollRef.current;
    const content = contentRef.current;
    if (!element || !content) return;
    let pinch: { distance: number; ratio: number; point: ZoomPoint } | null = null;
    let lastTap: { at: number; x: number; y: number } | null = null;
    let press: { at: number; x: number; y: number } | null = null;
    const pointIn = (x: number, y: number): ZoomPoint => {
      const box = element.getBoundingClientRect();
      return { x: x - box.left, y: y - box.top };
    };
    const remember = (point: ZoomPoint) => {
      zoomAt.current = {
        ...point,
        pageX: element.scrollLeft + point.x - pageLeft(element.clientWidth, widthNow()),
        bookY: element.scrollTop + point.y,
      };
    };
    const spread = (touches: TouchList) =>
      Math.hypot(touches[0]!.clientX - touches[1]!.clientX, touches[0]!.clientY - touches[1]!.clientY);
    const onStart = (event: TouchEvent) => {
      if (event.touches.length === 2) {
        press = null;
        const [a, b] = [event.touches[0]!, event.touches[1]!];
        pinch = {
          distance: Math.max(1, spread(event.touches)),
          ratio: 1,
          point: pointIn((a.clientX + b.clientX) / 2, (a.clientY + b.clientY) / 2),
        };
        content.style.transformOrigin = `${element.scrollLeft + pinch.point.x}px ${element.scrollTop + pinch.point.y}px`;
      } else if (event.touches.length === 1) {
        const touch = event.touches[0]!;
        press = { at: event.timeStamp, x: touch.clientX, y: touch.clientY };
      }
    };
    const onMove = (event: TouchEvent) => {
      if (press && event.touches.length === 1) {
        const touch = event.touches[0]!;
        if (Math.hypot(touch.clientX - press.x, touch.clientY - press.y) > TAP_SLOP) press = null;
      }
      if (!pinch || event.touches.length !== 2) return;
      const current = scaleNow();
      const ratio = Math.min(
        MAX_SCALE / current,
        Math.max(MIN_SCALE / current, spread(event.touches) / pinch.distance),
      );
      pinch.ratio = ratio;
      content.style.transform = `scale(${ratio})`;
    };
    const onEnd = (event: TouchEvent) => {
      if (pinch && event.touches.length < 2) {
        const { ratio, point } = pinch;
        pinch = null;
        content.style.transform = '';
        if (Math.abs(ratio - 1) > 0.02) {
          remember(point);
          pinched(ratio);
        }
        return;
      }
      if (!press || event.touches.length > 0) return;
      const tap = press;
      press = null;
      if (event.timeStamp - tap.at > TAP_MS) return;
      if (
        lastTap &&
        tap.at - lastTap.at < DOUBLE_TAP_MS &&
        Math.hypot(tap.x - lastTap.x, tap.y - lastTap.y) < TAP_SLOP * 3
      ) {
        lastTap = null;
        remember(pointIn(tap.x, tap.y));
        doubleTapped();
        return;
      }
      lastTap = tap;
    };
    const onCancel = () => {
      pinch = null;
      press = null;
      content.style.transform = '';
    };
    element.addEventListener('touchstart', onStart, { passive: true });
    element.addEventListener('touchmove', onMove, { passive: true });
    element.addEventListener('touchend', onEnd, { passive: true });
    element.addEventListener('touchcancel', onCancel, { passive: true });
    return () => {
      element.removeEventListener('touchstart', onStart);
      element.removeEventListener('touchmove', onMove);
      element.removeEventListener('touchend', onEnd);
      element.removeEventListener('touchcancel', onCancel);
    };
  }, []);

  const turned = useEffectEvent((direction: 'up' | 'down') => onScrollDirection?.(direction));
  useEffect(() => {
    const element = scrollRef.current;
    if (!element) return;
    let frame = 0;
    let turnedAt = element.scrollTop;
    let direction: 'up' | 'down' | null = null;
    // Only the student's own scrolling moves the chrome: a jump, a zoom or a citation brought into view do not.
    let handledAt = -Infinity;
    const byHand = (event: Event) => (handledAt = event.timeStamp);
    const inputs = ['touchmove', 'wheel', 'keydown', 'pointerdown'] as const;
    for (const type of inputs) element.addEventListener(type, byHand, { passive: true });
    const onScroll = (event?: Event) => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(measure);
      if (!event || event.timeStamp - handledAt > BY_HAND_MS) {
        turnedAt = element.scrollTop;
        return;
      }
      // A few pixels one way count as a direction; small jitters of a finger do not.
      const moved = element.scrollTop - turnedAt;
      const now = moved > 0 ? 'down' : 'up';
      if (Math.abs(moved) < DIRECTION_SLOP) return;
      turnedAt = element.scrollTop;
      if (now !== direction || element.scrollTop <= 0) {
        direction = now;
        turned(element.scrollTop <= 0 ? 'up' : now);
      }
    };
    element.addEventListener('scroll', onScroll, { passive: true });
    const resize = new ResizeObserver(() => onScroll());
    resize.observe(element);
    return () => {
      cancelAnimationFrame(frame);
      for (const type of inputs) element.removeEventListener(type, byHand);
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

  // A long press on a touch screen selects without a pointerup the page sees: the selection itself is followed
  // (once the handles rest), and a tap elsewhere still clears it through pointerup.
  const selectionChanged = useEffectEvent(() => readSelection());
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onChange = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        const selection = window.getSelection();
        if (selection && !selection.isCollapsed && scrollRef.current?.contains(selection.anchorNode))
          selectionChanged();
      }, SELECTION_SETTLE_MS);
    };
    document.addEventListener('selectionchange', onChange);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('selectionchange', onChange);
    };
  }, []);

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
      className="reader-scroll relative h-full touch-pan-x touch-pan-y overflow-auto bg-slate-200/70 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-500"
      style={{ scrollPaddingTop: topInset, scrollPaddingBottom: bottomInset }}
    >
      <div
        ref={contentRef}
        style={{
          height: topInset + PAD * 2 + total * stride - GAP + bottomInset,
          minWidth: width + PAD * 2,
          position: 'relative',
        }}
      >
        {pages.map((page) => (
          <div
            key={page}
            data-page={page}
            className="reader-page absolute left-1/2 -translate-x-1/2 overflow-hidden bg-white shadow-sm"
            style={{ top: topOf(page), width, height }}
          >
            <PdfPage doc={doc} number={page} width={width} marks={marksOf(page)} onDrawn={onDrawn} />
          </div>
        ))}
      </div>
    </div>
  );
}
