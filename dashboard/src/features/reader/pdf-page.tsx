import { findCitedSentence, findInText, type TextRange } from '@chapterwise/shared';
import type { PDFDocumentProxy, RenderTask } from 'pdfjs-dist';
import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { loadPdfJs, textContentOf } from './pdf-document.js';

/** A passage to mark on a page: the cited sentence, one of the student's highlights, or the current find match. */
export interface PageMark {
  text: string;
  kind: 'cite' | 'highlight' | 'find';
  color?: string;
  /** For a find match: which occurrence on the page, from 0. */
  occurrence?: number;
}

// Counted as the server's find in book counts them, so the match marked is the one the find bar names.
export function findOccurrence(query: string, text: string, occurrence: number): TextRange | null {
  const found = findInText(text, query);
  return found[Math.min(occurrence, found.length - 1)] ?? null;
}

/**
 * Where a highlight's text is on the page: the text as selected (any spacing, a word hyphenated at a
 * line end), else its best loose match. Loose matching alone could start at a heading word that the
 * passage repeats, and paint the heading too.
 */
export function findHighlight(text: string, page: string): TextRange | null {
  return findInText(page, text)[0] ?? findInTextIgnoringSpaces(page, text) ?? findCitedSentence(text, page);
}

// A selection across pdf.js's text items can lose or gain a space between them ("photo synthesis").
function findInTextIgnoringSpaces(page: string, text: string): TextRange | null {
  const wanted = text.replace(/\s+/g, '').toLowerCase();
  if (!wanted) return null;
  const kept: number[] = [];
  let squeezed = '';
  for (let index = 0; index < page.length; index++) {
    if (/\s/.test(page[index]!)) continue;
    kept.push(index);
    squeezed += page[index]!.toLowerCase();
  }
  const at = squeezed.indexOf(wanted);
  return at === -1 ? null : { start: kept[at]!, end: kept[at + wanted.length - 1]! + 1 };
}

// Line breaks where the server's page text has them: a word hyphenated at a line end is found whole.
export function pageText(strings: readonly string[], endsLine: readonly boolean[]) {
  const offsets: TextRange[] = [];
  let joined = '';
  strings.forEach((value, index) => {
    offsets.push({ start: joined.length, end: joined.length + value.length });
    joined += `${value}${endsLine[index] ? '\n' : ' '}`;
  });
  return { joined, offsets };
}

/**
 * How far to scroll to bring a passage to the middle of the view, held so that its page still fills most
 * of the view: the page's top stays at the top (below the chrome over the pages), its foot below the middle.
 */
export function centringScroll(passage: HTMLElement, page: HTMLElement, scroller: HTMLElement): number {
  const view = scroller.getBoundingClientRect();
  const inset = parseFloat(getComputedStyle(scroller).scrollPaddingTop) || 0;
  const wanted = passage.getBoundingClientRect().top - view.top - scroller.clientHeight / 2;
  const box = page.getBoundingClientRect();
  const most = box.bottom - view.top - scroller.clientHeight / 2;
  const least = box.top - view.top - inset - 8;
  return Math.max(least, Math.min(most, wanted));
}

interface RenderedText {
  divs: HTMLElement[];
  strings: string[];
  endsLine: boolean[];
}

/**
 * One page drawn on a canvas with pdf.js's text layer over it (selectable, findable). Mounted only
 * while near the screen: unmounting cancels the work and frees the canvas and the page's data.
 */
export function PdfPage({
  doc,
  number,
  width,
  marks,
  onDrawn,
}: {
  doc: PDFDocumentProxy;
  number: number;
  /** Width of the page on screen, CSS pixels. */
  width: number;
  marks: PageMark[];
  onDrawn?: (page: number, drawn: boolean) => void;
}) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const textRef = useRef<HTMLDivElement>(null);
  const [text, setText] = useState<RenderedText | null>(null);
  const [scale, setScale] = useState<number | null>(null);
  const scrolledTo = useRef<string | null>(null);

  useEffect(() => {
    const canvas = canvasRef.current;
    const container = textRef.current;
    if (!canvas || !container) return;
    let cancelled = false;
    let renderTask: RenderTask | undefined;
    let textLayer: { cancel: () => void } | undefined;
    let release: (() => void) | undefined;
    setText(null);
    void (async () => {
      try {
        const [{ pdfjs }, page] = await Promise.all([loadPdfJs(), doc.getPage(number)]);
        if (cancelled) return;
        release = () => page.cleanup();
        const viewport = page.getViewport({ scale: width / page.getViewport({ scale: 1 }).width });
        setScale(viewport.scale);
        const ratio = Math.min(window.devicePixelRatio || 1, 2);
        canvas.width = Math.floor(viewport.width * ratio);
        canvas.height = Math.floor(viewport.height * ratio);
        // Text first: it is what the reader reads and selects; the picture follows.
        const content = await textContentOf(page);
        if (cancelled) return;
        const layer = new pdfjs.TextLayer({ textContentSource: content, container, viewport });
        textLayer = layer;
        await layer.render();
        if (cancelled) return;
        // The markers are set as the work is done, not a render later: they say what is on screen now.
        container.setAttribute('data-text-ready', '');
        // One div per item with text, in order.
        const endsLine = content.items.flatMap((item) => ('str' in item ? [item.hasEOL] : []));
        setText({ divs: layer.textDivs, strings: layer.textContentItemsStr, endsLine });
        renderTask = page.render({
          canvas,
          viewport,
          transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0],
        });
        await renderTask.promise;
        if (cancelled) return;
        canvas.setAttribute('data-drawn', '');
        onDrawn?.(number, true);
      } catch {
        // Cancelled on the way off screen, or a damaged page: the slot stays blank.
      }
    })();
    return () => {
      cancelled = true;
      onDrawn?.(number, false);
      renderTask?.cancel();
      textLayer?.cancel();
      container.replaceChildren();
      container.removeAttribute('data-text-ready');
      canvas.removeAttribute('data-drawn');
      canvas.width = 0;
      canvas.height = 0;
      release?.();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- onDrawn only reports; a new one must not redraw
  }, [doc, number, width]);

  // Marks follow the text layer: each passage found on the page (half its words or more) is tinted.
  useEffect(() => {
    if (!text) return;
    const { joined, offsets } = pageText(text.strings, text.endsLine);
    const marked: HTMLElement[] = [];
    const rewritten = new Map<HTMLElement, string>();
    for (const mark of marks) {
      const found =
        mark.kind === 'find'
          ? findOccurrence(mark.text, joined, mark.occurrence ?? 0)
          : mark.kind === 'highlight'
            ? findHighlight(mark.text, joined)
            : findCitedSentence(mark.text, joined);
      if (!found) continue;
      const className =
        mark.kind === 'cite' ? 'cw-cite' : mark.kind === 'find' ? 'cw-find' : `cw-highlight-${mark.color ?? 'yellow'}`;
      const ofThisMark: HTMLElement[] = [];
      offsets.forEach((span, index) => {
        const div = text.divs[index];
        if (!div || span.end <= found.start || span.start >= found.end) return;
        const from = Math.max(0, found.start - span.start);
        const to = Math.min(span.end - span.start, found.end - span.start);
        const value = div.textContent ?? '';
        if ((from === 0 && to >= value.length) || value.length !== span.end - span.start) {
          div.classList.add(className);
          ofThisMark.push(div);
          return;
        }
        // Only part of the line is the passage: that part alone is tinted.
        if (!rewritten.has(div)) rewritten.set(div, value);
        const tint = document.createElement('mark');
        tint.className = className;
        tint.textContent = value.slice(from, to);
        div.replaceChildren(value.slice(0, from), tint, value.slice(to));
        ofThisMark.push(tint);
      });
      marked.push(...ofThisMark);
      const first = mark.kind === 'highlight' ? undefined : ofThisMark[0];
      if (first) {
        first.setAttribute(mark.kind === 'find' ? 'data-find' : 'data-cite', '');
        // The cited sentence or find match is brought to the middle of the view once, when it is first found.
        const key = `${mark.kind}:${mark.occurrence ?? 0}:${mark.text}`;
        if (scrolledTo.current !== key) {
          scrolledTo.current = key;
          // Only the pages scroll (scrollIntoView would move the whole window too).
          const scroller = first.closest<HTMLElement>('.reader-scroll');
          const slot = first.closest<HTMLElement>('[data-page]');
          if (scroller && slot) scroller.scrollTop += centringScroll(first, slot, scroller);
        }
      }
    }
    return () => {
      for (const [div, value] of rewritten) div.textContent = value;
      for (const element of marked) {
        element.classList.remove(
          'cw-cite',
          'cw-find',
          'cw-highlight-yellow',
          'cw-highlight-green',
          'cw-highlight-blue',
          'cw-highlight-pink',
        );
        element.removeAttribute('data-cite');
        element.removeAttribute('data-find');
      }
    };
  }, [text, marks]);

  return (
    <>
      <canvas ref={canvasRef} className="absolute inset-0 size-full" aria-hidden="true" />
      <div
        ref={textRef}
        className="textLayer"
        style={scale ? ({ '--total-scale-factor': scale } as CSSProperties) : undefined}
      />
    </>
  );
}
