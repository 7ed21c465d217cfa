import type { SummaryDocument } from './summary-document.js';

/** Renders the shortened summary PDF. */
export abstract class SummaryPdfRenderer {
  /** Fitted to `targetPages` (±1) when the text allows it; `pages` is the real count. */
  abstract render(doc: SummaryDocument, targetPages: number): Promise<{ pdf: Buffer; pages: number }>;

  abstract close(): Promise<void>;
}
