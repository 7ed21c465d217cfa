import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import PDFDocument from 'pdfkit';
import { bookPageRenderers, parsePgm, renderGrayPage } from './page-render.js';

describe('page images for OCR', () => {
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

  const installed = (command: string) => {
    try {
      execFileSync(command, ['-v'], { stdio: 'ignore' });
      return true;
    } catch {
      return false;
    }
  };
  const mutool = installed('mutool');
  const pdftoppm = installed('pdftoppm');
  let dir: string;
  let file: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'cw-render-spec-'));
    file = join(dir, 'page.pdf');
    // Two pages, each black on the left half and white on the right.
    const pdf = await new Promise<Buffer>((resolve) => {
      const doc = new PDFDocument({ size: [144, 72] });
      const chunks: Buffer[] = [];
      doc.on('data', (chunk: Buffer) => chunks.push(chunk));
      doc.on('end', () => resolve(Buffer.concat(chunks)));
      doc.rect(0, 0, 72, 72).fill('#000000');
      doc
        .addPage({ size: [144, 72] })
        .rect(0, 0, 72, 72)
        .fill('#000000');
      doc.end();
    });
    writeFileSync(file, pdf);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const options = { width: 144, height: 72, timeoutMs: 20_000, maxRssBytes: 512 * 1024 * 1024 };

  it.each([...(mutool ? ['mutool' as const] : []), ...(pdftoppm ? ['pdftoppm' as const] : [])])(
    'renders a page with %s at the asked resolution, scaled down under the pixel cap',
    async (renderer) => {
      const only = { ...options, renderers: [renderer] };
      const full = await renderGrayPage(file, 2, { ...only, dpi: 100, maxPixels: 1e7 });
      expect(full).toMatchObject({ width: 200, height: 100, dpi: 100 });
      expect(full!.data[50 * 200 + 10]).toBeLessThan(50);
      expect(full!.data[50 * 200 + 190]).toBeGreaterThan(200);
      const capped = await renderGrayPage(file, 1, { ...only, dpi: 100, maxPixels: 5000 });
      expect(capped!.width * capped!.height).toBeLessThanOrEqual(5000 * 1.05);
      expect(capped!.dpi).toBeLessThan(100);
    },
  );

  (pdftoppm ? it : it.skip)('gives nothing for a page past the end', async () => {
    expect(await renderGrayPage(file, 3, { ...options, dpi: 100, maxPixels: 1e7, renderers: ['pdftoppm'] })).toBeNull();
  });

  (mutool ? it : it.skip)('uses mutool only for a book whose pages it counts as the extraction does', async () => {
    expect(await bookPageRenderers(file, 2, options)).toEqual(['mutool', 'pdftoppm']);
    // mutool would draw page 2 when asked for a page 3 it does not see.
    expect(await bookPageRenderers(file, 3, options)).toEqual(['pdftoppm']);
    expect(await bookPageRenderers(join(dir, 'missing.pdf'), 2, options)).toEqual(['pdftoppm']);
  });

  (mutool && pdftoppm ? it : it.skip)(
    'falls back to pdftoppm when mutool fails, and gives up when every tool does',
    async () => {
      const failing = join(dir, 'failing-tool');
      writeFileSync(failing, '#!/bin/sh\nexit 1\n', { mode: 0o755 });
      const broken = { ...options, dpi: 72, maxPixels: 1e7, binaries: { mutool: failing } };
      expect(await renderGrayPage(file, 1, broken)).toMatchObject({ width: 144, height: 72 });
      expect(await renderGrayPage(file, 1, { ...broken, binaries: { mutool: failing, pdftoppm: failing } })).toBeNull();
    },
  );
});
