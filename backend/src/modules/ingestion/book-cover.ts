import { crc32, deflateSync } from 'node:zlib';
import type { GrayImage } from '../../providers/ocr/ocr-engine.port.js';
import { renderGrayPage } from '../../providers/pdf/page-render.js';

// A card-sized first page: about 300 px wide for a letter page, a few KB as PNG.
const COVER_DPI = 36;
const COVER_MAX_PIXELS = 600_000;

export async function renderCover(pdfPath: string, signal?: AbortSignal): Promise<Buffer | null> {
  const image = await renderGrayPage(pdfPath, 1, {
    dpi: COVER_DPI,
    maxPixels: COVER_MAX_PIXELS,
    // The page size is not known here: a letter page keeps the pixel cap from lowering the resolution.
    width: 612,
    height: 792,
    timeoutMs: 15_000,
    maxRssBytes: 512 * 1024 * 1024,
    signal,
  });
  return image ? encodeGrayPng(image) : null;
}

export function encodeGrayPng(image: GrayImage): Buffer {
  const rows = Buffer.alloc((image.width + 1) * image.height);
  for (let y = 0; y < image.height; y += 1) {
    rows[y * (image.width + 1)] = 0;
    rows.set(image.data.subarray(y * image.width, (y + 1) * image.width), y * (image.width + 1) + 1);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(image.width, 0);
  header.writeUInt32BE(image.height, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8 bits, greyscale, deflate, no filter set, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const checksum = Buffer.alloc(4);
  checksum.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, checksum]);
}
