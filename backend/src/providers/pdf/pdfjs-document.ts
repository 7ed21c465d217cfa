import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import {
  getDocument,
  OPS,
  PermissionFlag,
  Util,
  type PDFDocumentLoadingTask,
  type PDFDocumentProxy,
  type PDFPageProxy,
} from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { GrayImage } from '../ocr/ocr-engine.port.js';
import type { TextRun } from './page-layout.js';

// Everything here runs on untrusted input, in the extraction child only.

const require = createRequire(import.meta.url);
const pdfjsRoot = dirname(require.resolve('pdfjs-dist/package.json'));

export interface OutlineNode {
  title: string;
  page: number | null;
  children: OutlineNode[];
}

export interface OpenedPdf {
  task: PDFDocumentLoadingTask;
  doc: PDFDocumentProxy;
}

// In Node the document loader runs the worker on this thread and would otherwise import it on first use.
export async function preloadPdfJsWorker(): Promise<void> {
  const specifier = 'pdfjs-dist/legacy/build/pdf.worker.mjs';
  await import(specifier);
}

// Hardening: no eval (CVE-2024-4367), no font faces, a cap on image size.
export async function openPdf(data: Uint8Array, maxImagePixels: number): Promise<OpenedPdf> {
  // pdf.js 6 dropped the option; still passed (PDF-1) so a downgrade to a version that reads it stays safe.
  const legacyHardening = { isEvalSupported: false } as object;
  const task = getDocument({
    ...legacyHardening,
    data,
    disableFontFace: true,
    useSystemFonts: false,
    standardFontDataUrl: join(pdfjsRoot, 'standard_fonts/'),
    cMapUrl: join(pdfjsRoot, 'cmaps/'),
    cMapPacked: true,
    wasmUrl: join(pdfjsRoot, 'wasm/'),
    maxImageSize: maxImagePixels,
    verbosity: 0,
  });
  return { task, doc: await task.promise };
}

export async function forbidsExtraction(doc: PDFDocumentProxy): Promise<boolean> {
  const { info } = (await doc.getMetadata()) as { info: { EncryptFilterName?: string | null } };
  if (!info.EncryptFilterName) return false;
  const permissions = await doc.getPermissions();
  return permissions !== null && !permissions.has(PermissionFlag.COPY);
}

/** The titles the file declares (its Info dictionary, then its XMP `dc:title`), whitespace collapsed, in that order. */
export async function declaredTitles(doc: PDFDocumentProxy): Promise<string[]> {
  const { info, metadata } = (await doc.getMetadata()) as {
    info: { Title?: unknown };
    metadata: { get(name: string): unknown } | null;
  };
  return [info.Title, metadata?.get('dc:title')]
    .filter((candidate): candidate is string => typeof candidate === 'string')
    .map((candidate) => candidate.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
}

export async function declaredLanguage(doc: PDFDocumentProxy): Promise<string | null> {
  const { info } = (await doc.getMetadata()) as { info: { Language?: unknown } };
  const primary = typeof info.Language === 'string' ? info.Language.trim().toLowerCase().split(/[-_]/)[0] : '';
  return primary && /^[a-z]{2}$/.test(primary) ? primary : null;
}

export async function declaredPageLabels(doc: PDFDocumentProxy): Promise<string[] | null> {
  try {
    const labels = await doc.getPageLabels();
    if (!labels || labels.length !== doc.numPages) return null;
    return labels.map((label, index) =>
      typeof label === 'string' && label.trim() ? label.trim().slice(0, 32) : String(index + 1),
    );
  } catch {
    return null;
  }
}

// Bounded in size and depth against cyclic or huge outlines.
export async function readOutline(doc: PDFDocumentProxy, maxEntries = 5000, maxDepth = 8): Promise<OutlineNode[]> {
  let outline: Awaited<ReturnType<PDFDocumentProxy['getOutline']>>;
  try {
    outline = await doc.getOutline();
  } catch {
    return [];
  }
  let budget = maxEntries;
  const pageOf = async (dest: unknown): Promise<number | null> => {
    try {
      const explicit = typeof dest === 'string' ? await doc.getDestination(dest) : dest;
      if (!Array.isArray(explicit) || explicit.length === 0) return null;
      const target = explicit[0] as unknown;
      if (typeof target === 'number') return target >= 0 && target < doc.numPages ? target + 1 : null;
      if (target && typeof target === 'object' && 'num' in target) {
        return (await doc.getPageIndex(target as Parameters<PDFDocumentProxy['getPageIndex']>[0])) + 1;
      }
      return null;
    } catch {
      return null;
    }
  };
  const walk = async (items: typeof outline, depth: number): Promise<OutlineNode[]> => {
    const nodes: OutlineNode[] = [];
    for (const item of items ?? []) {
      if (budget-- <= 0) break;
      nodes.push({
        title: typeof item.title === 'string' ? item.title : '',
        page: await pageOf(item.dest),
        children: depth < maxDepth ? await walk(item.items, depth + 1) : [],
      });
    }
    return nodes;
  };
  return walk(outline, 0);
}

export interface PageText {
  width: number;
  height: number;
  runs: TextRun[];
}

export async function readPageText(page: PDFPageProxy): Promise<PageText> {
  const viewport = page.getViewport({ scale: 1 });
  const content = await page.getTextContent();
  const runs: TextRun[] = [];
  for (const item of content.items) {
    if (!('str' in item)) continue;
    const [, , c, d, x, top] = Util.transform(viewport.transform, item.transform) as number[];
    runs.push({ text: item.str, x: x!, top: top!, width: item.width, size: Math.hypot(c!, d!), hasEOL: item.hasEOL });
  }
  return { width: viewport.width, height: viewport.height, runs };
}

const IMAGE_OPS = new Set<number>([
  OPS.paintImageXObject,
  OPS.paintInlineImageXObject,
  OPS.paintImageMaskXObject,
  OPS.paintImageXObjectRepeat,
  OPS.paintImageMaskXObjectRepeat,
  OPS.paintInlineImageXObjectGroup,
  OPS.paintImageMaskXObjectGroup,
  OPS.paintSolidColorImageMask,
]);

// Images, or many paths (text drawn as outlines), are something OCR could read.
export async function drawsImagesOrOutlines(page: PDFPageProxy): Promise<boolean> {
  const { fnArray } = await page.getOperatorList();
  let paths = 0;
  for (const fn of fnArray) {
    if (IMAGE_OPS.has(fn)) return true;
    if (fn === OPS.constructPath && ++paths > 300) return true;
  }
  return false;
}

export async function renderGray(
  page: PDFPageProxy,
  dpi: number,
  maxPixels: number,
  timeoutMs: number,
): Promise<GrayImage & { dpi: number }> {
  const { createCanvas } = await import('@napi-rs/canvas');
  const base = page.getViewport({ scale: 1 });
  let scale = dpi / 72;
  const pixels = base.width * scale * base.height * scale;
  if (pixels > maxPixels) scale *= Math.sqrt(maxPixels / pixels);
  const viewport = page.getViewport({ scale });
  const width = Math.max(1, Math.floor(viewport.width));
  const height = Math.max(1, Math.floor(viewport.height));
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  const params = { canvas, canvasContext: context, viewport } as unknown as Parameters<PDFPageProxy['render']>[0];
  const task = page.render(params);
  const timer = setTimeout(() => task.cancel(), timeoutMs);
  try {
    await task.promise;
  } finally {
    clearTimeout(timer);
  }
  const rgba = context.getImageData(0, 0, width, height).data;
  const data = new Uint8Array(width * height);
  for (let i = 0, j = 0; j < data.length; i += 4, j++) {
    data[j] = (rgba[i]! * 77 + rgba[i + 1]! * 150 + rgba[i + 2]! * 29) >> 8;
  }
  return { width, height, data, dpi: scale * 72 };
}
