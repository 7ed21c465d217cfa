import { PuppeteerSummaryPdfRenderer } from './puppeteer-summary-pdf-renderer.js';
import type { SummaryPdfRenderer } from './summary-pdf.port.js';

export interface SummaryPdfRendererConfig {
  /** The system Chromium, e.g. /usr/bin/chromium. */
  executablePath: string;
  /** Longest a single render (including a browser launch) may take. */
  timeoutMs: number;
}

export function createSummaryPdfRenderer(config: SummaryPdfRendererConfig): SummaryPdfRenderer {
  return new PuppeteerSummaryPdfRenderer(config.executablePath, config.timeoutMs);
}
