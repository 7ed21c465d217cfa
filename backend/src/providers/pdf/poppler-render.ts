// Page images for OCR from poppler's `pdftoppm`, in the extraction child. Erasable TypeScript only.
// Native rendering is faster than pdf.js on a canvas (which also loads a canvas library on the first page,
// about half a second); pdf.js renders when pdftoppm is missing or fails.
import type { GrayImage } from '../ocr/ocr-engine.port.js';
import { runPoppler } from './poppler-process.js';

export interface PopplerRenderOptions {
  dpi: number;
  /** The image is scaled down to stay under this many pixels. */
  maxPixels: number;
  /** The page's size in points (crop box, rotation applied), for the pixel cap. */
  width: number;
  height: number;
  timeoutMs: number;
  maxRssBytes: number;
  signal?: AbortSignal;
}

/** Renders one page (1-based) as an 8-bit grey image, or null when pdftoppm is missing or fails. */
export async function renderGrayWithPoppler(
  filePath: string,
  pageNumber: number,
  options: PopplerRenderOptions,
): Promise<(GrayImage & { dpi: number }) | null> {
  let dpi = options.dpi;
  const pixels = ((options.width * dpi) / 72) * ((options.height * dpi) / 72);
  if (pixels > options.maxPixels) dpi *= Math.sqrt(options.maxPixels / pixels);
  const page = String(pageNumber);
  const output = await runPoppler(
    'pdftoppm',
    ['-gray', '-cropbox', '-r', dpi.toFixed(3), '-f', page, '-l', page, filePath],
    {
      timeoutMs: options.timeoutMs,
      // The header and a little slack over the pixels asked for (pdftoppm rounds sizes up).
      maxOutputBytes: options.maxPixels * 1.05 + 4096,
      maxRssBytes: options.maxRssBytes,
      signal: options.signal,
    },
  );
  const image = output ? parsePgm(output) : null;
  return image && { ...image, dpi };
}

/** A binary PGM (P5) with 8-bit samples, or null when the data is anything else. */
export function parsePgm(data: Buffer): GrayImage | null {
  const fields: number[] = [];
  let index = 2;
  if (data.toString('latin1', 0, 2) !== 'P5') return null;
  while (fields.length < 3 && index < data.length) {
    const char = data[index]!;
    if (char === 0x23) {
      // A comment runs to the end of its line.
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
