import type { SummaryDocument } from './summary-document.js';

/** Renders the shortened summary PDF. */
export abstract class SummaryPdfRenderer {
  /**
   * A PDF of the summary: cover, book summary, then each chapter in book order with its summary,
   * key topics and page range. The layout is fitted so the PDF has `targetPages` pages (±1) when the
   * text allows it; `pages` is the real count (it can fall short when there is too little text).
   */
  abstract render(doc: SummaryDocument, targetPages: number): Promise<{ pdf: Buffer; pages: number }>;

  /** Releases the rendering engine (called on shutdown). */
  abstract close(): Promise<void>;
}
