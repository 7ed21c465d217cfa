import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';
import { sampleBookPdf } from '../../../test/support/library.js';
import { encodeGrayPng, renderCover } from './book-cover.js';

describe('book cover', () => {
  it('encodes a grey image as a PNG a decoder reads back', () => {
    const png = encodeGrayPng({ width: 3, height: 2, data: new Uint8Array([0, 128, 255, 10, 20, 30]) });
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(png.readUInt32BE(16)).toBe(3);
    expect(png.readUInt32BE(20)).toBe(2);
    const idatLength = png.readUInt32BE(33);
    const rows = inflateSync(png.subarray(41, 41 + idatLength));
    expect([...rows]).toEqual([0, 0, 128, 255, 0, 10, 20, 30]);
  });

  it('draws the first page small when mutool or pdftoppm is installed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cover-'));
    const file = join(dir, 'book.pdf');
    writeFileSync(file, await sampleBookPdf());
    const started = Date.now();
    const png = await renderCover(file);
    if (!png) return; // no renderer on this machine
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect(png.readUInt32BE(16)).toBeLessThan(400);
    expect(Date.now() - started).toBeLessThan(5000);
  });
});
