import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import PDFDocument from 'pdfkit';
import { parsePgm, renderGrayWithPoppler } from './poppler-render.js';

describe('poppler page images', () => {
  it('reads a binary PGM, header comments included', () => {
    const pixels = Buffer.from([0, 128, 255, 10, 20, 30]);
    const image = parsePgm(Buffer.concat([Buffer.from('P5\n# made by a test\n3 2\n255\n'), pixels]));
    expect(image).toMatchObject({ width: 3, height: 2 });
    expect([...image!.data]).toEqual([...pixels]);
  });

  it('refuses anything but complete 8-bit grey images', () => {
    expect(parsePgm(Buffer.from('P6\n1 1\n255\n\x00\x00\x00'))).toBeNull();
    expect(parsePgm(Buffer.from('P5\n2 2\n65535\n\x00\x00'))).toBeNull();
    expect(parsePgm(Buffer.from('P5\n4 4\n255\n\x00\x00'))).toBeNull();
  });

  const hasPdftoppm = (() => {
    try {
      execFileSync('pdftoppm', ['-v'], { stdio: 'ignore' });
      return true;
    } catch {
      return false;
    }
  })();
  (hasPdftoppm ? it : it.skip)('renders a page at the asked resolution, scaled down under the pixel cap', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cw-render-spec-'));
    try {
      const file = join(dir, 'page.pdf');
      const pdf = await new Promise<Buffer>((resolve) => {
        const doc = new PDFDocument({ size: [144, 72] });
        const chunks: Buffer[] = [];
        doc.on('data', (chunk: Buffer) => chunks.push(chunk));
        doc.on('end', () => resolve(Buffer.concat(chunks)));
        doc.rect(0, 0, 72, 72).fill('#000000');
        doc.end();
      });
      writeFileSync(file, pdf);
      const options = { width: 144, height: 72, timeoutMs: 20_000, maxRssBytes: 512 * 1024 * 1024 };
      const full = await renderGrayWithPoppler(file, 1, { ...options, dpi: 100, maxPixels: 1e7 });
      expect(full).toMatchObject({ width: 200, height: 100, dpi: 100 });
      // The left half is black, the right half white.
      expect(full!.data[50 * 200 + 10]).toBeLessThan(50);
      expect(full!.data[50 * 200 + 190]).toBeGreaterThan(200);
      const capped = await renderGrayWithPoppler(file, 1, { ...options, dpi: 100, maxPixels: 5000 });
      expect(capped!.width * capped!.height).toBeLessThanOrEqual(5000 * 1.05);
      expect(capped!.dpi).toBeLessThan(100);
      expect(await renderGrayWithPoppler(file, 3, { ...options, dpi: 100, maxPixels: 1e7 })).toBeNull();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
