import { PuppeteerSummaryPdfRenderer } from './puppeteer-summary-pdf-renderer.js';
import type { SummaryPdfRenderer } from './summary-pdf.port.js';

export interface SummaryPdfRendererConfig {
  executablePath: string;
  timeoutMs: number;
}

export function createSummaryPdfRenderer(config: SummaryPdfRendererConfig): SummaryPdfRenderer {
  return new PuppeteerSummaryPdfRenderer(config.executablePath, config.timeoutMs);
}
