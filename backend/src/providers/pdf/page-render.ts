// Runs in the extraction child, also from source: erasable TypeScript only.
// Native rendering is much faster than pdf.js on a canvas; pdf.js renders when neither tool is installed or both fail.
import type { GrayImage } from '../ocr/ocr-engine.port.js';
import { runPoppler } from './poppler-process.js';

export interface PageRenderOptions {
  dpi: number;
  maxPixels: number;
  /** The page's size in points (crop box, rotation applied), for the pixel cap. */
  width: number;
  height: number;
  timeoutMs: number;
  maxRssBytes: number;
  signal?: AbortSignal;
  renderers?: PageRenderer[];
  binaries?: Partial<Record<PageRenderer, string>>;
}

export type PageRenderer = 'mutool' | 'pdftoppm';

// MuPDF first: it draws a scanned image pixel for pixel, 4x faster than poppler, whose scaling softens edges.
const ARGUMENTS: Record<PageRenderer, (file: string, page: string, dpi: string) => string[]> = {
  mutool: (file, page, dpi) => ['draw', '-q', '-r', dpi, '-c', 'gray', '-F', 'pgm', '-o', '-', file, page],
  pdftoppm: (file, page, dpi) => ['-gray', '-cropbox', '-r', dpi, '-f', page, '-l', page, file],
};

// mutool draws its last page for any number past its own count, so it is used only when it counts the same pages.
export async function bookPageRenderers(
  filePath: string,
  pageCount: number,
  limits: Pick<PageRenderOptions, 'timeoutMs' | 'maxRssBytes' | 'signal' | 'binaries'>,
): Promise<PageRenderer[]> {
  const listing = await runPoppler(limits.binaries?.mutool ?? 'mutool', ['show', filePath, 'pages'], {
    timeoutMs: limits.timeoutMs,
    maxOutputBytes: 64 * 1024 * 1024,
    maxRssBytes: limits.maxRssBytes,
    signal: limits.signal,
  });
  const counted = listing?.toString('latin1').match(/^page \d+ = /gm)?.length ?? 0;
  return counted === pageCount ? ['mutool', 'pdftoppm'] : ['pdftoppm'];
}

export async function renderGrayPage(
  filePath: string,
  pageNumber: number,
  options: PageRenderOptions,
): Promise<(GrayImage & { dpi: number }) | null> {
  let dpi = options.dpi;
  const pixels = ((options.width * dpi) / 72) * ((options.height * dpi) / 72);
  if (pixels > options.maxPixels) dpi *= Math.sqrt(options.maxPixels / pixels);
  for (const renderer of options.renderers ?? (['mutool', 'pdftoppm'] as const)) {
    const args = ARGUMENTS[renderer](filePath, String(pageNumber), dpi.toFixed(3));
    const output = await runPoppler(options.binaries?.[renderer] ?? renderer, args, {
      timeoutMs: options.timeoutMs,
      // The header and a little slack over the pixels asked for (the tools round sizes up).
      maxOutputBytes: options.maxPixels * 1.05 + 4096,
      maxRssBytes: options.maxRssBytes,
      signal: options.signal,
    });
    const image = output ? parsePgm(output) : null;
    if (image) return { ...image, dpi };
    if (options.signal?.aborted) return null;
  }
  return null;
}

export function parsePgm(data: Buffer): GrayImage | null {
  const fields: number[] = [];
  let index = 2;
  if (data.toString('latin1', 0, 2) !== 'P5') return null;
  while (fields.length < 3 && index < data.length) {
    const char = data[index]!;
    if (char === 0x23) {
      // '#' starts a comment that runs to the end of its line.
      while (index < data.length && data[index] !== 0x0a) index += 1;
    } else if (char >= 0x30 && char <= 0x39) {
      let value = 0;
      while (index < data.length && data[index]! >= 0x30 && data[index]! <= 0x39) {
        value = value * 10 + data[index]! - 0x30;
        index += 1;
      }
      fields.push(value);
      continue;
    }
    index += 1;
  }
  // One whitespace byte separates the header from the samples.
  const [width, height, maxValue] = fields;
  if (!width || !height || maxValue !== 255 || data.length < index + 1 + width * height) return null;
  return { width, height, data: new Uint8Array(data.buffer, data.byteOffset + index + 1, width * height) };
}
