import { createCanvas } from '@napi-rs/canvas';
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NativeTesseractOcrEngine, type NativeTesseractOptions } from './native-tesseract.adapter.js';
import type { GrayImage } from './ocr-engine.port.js';

const installed = (() => {
  try {
    return execFileSync('tesseract', ['--list-langs'], { encoding: 'utf8', timeout: 10_000 }).includes('eng');
  } catch {
    return false;
  }
})();
if (!installed) process.stderr.write('[notice] tesseract with English data is not installed: its tests are skipped\n');

/** A 200 dpi page image of a few lines of text. */
function textImage(lines: string[]): GrayImage {
  const canvas = createCanvas(1200, 120 + lines.length * 70);
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.fillStyle = '#000000';
  context.font = '36px DejaVu Serif';
  lines.forEach((line, index) => context.fillText(line, 60, 100 + index * 70));
  const rgba = context.getImageData(0, 0, canvas.width, canvas.height).data;
  const data = new Uint8Array(canvas.width * canvas.height);
  for (let i = 0; i < data.length; i++) data[i] = rgba[i * 4]!;
  return { width: canvas.width, height: canvas.height, data };
}

const pages = [
  textImage(['The quick brown fox jumps over the lazy dog.', 'A second line of the first page.']),
  textImage(['Students learn best when they explain ideas.']),
  textImage(['The library opens at nine in the morning.']),
];

(installed ? describe : describe.skip)('NativeTesseractOcrEngine', () => {
  let dir: string;
  let starts: string;
  /** The real tesseract behind a wrapper that notes each process start. */
  let countingBinary: string;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'cw-tesseract-'));
    starts = join(dir, 'starts.log');
    countingBinary = join(dir, 'tesseract');
    writeFileSync(countingBinary, `#!/bin/sh\necho start >> '${starts}'\nexec tesseract "$@"\n`);
    chmodSync(countingBinary, 0o755);
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const processStarts = () => readFileSync(starts, 'utf8').trim().split('\n').length;

  async function withEngine<T>(
    options: Partial<NativeTesseractOptions>,
    work: (engine: NativeTesseractOcrEngine) => Promise<T>,
  ): Promise<T> {
    const engine = new NativeTesseractOcrEngine({
      concurrency: 1,
      pageTimeoutMs: 60_000,
      dpi: 200,
      binary: countingBinary,
      ...options,
    });
    try {
      return await work(engine);
    } finally {
      await engine.close();
    }
  }
  const recognizeAll = (engine: NativeTesseractOcrEngine) => Promise.all(pages.map((page) => engine.recognize(page)));

  it('recognises a run of pages in one long-lived process, each with its own lines and boxes', async () => {
    const results = await withEngine({}, recognizeAll);
    expect(results.map((result) => result.lines.length)).toEqual([2, 1, 1]);
    expect(results[0]!.text).toMatch(/quick brown fox jumps over the lazy dog/);
    expect(results[0]!.text).toMatch(/second line of the first page/);
    expect(results[1]!.text).toMatch(/^Students learn best when they explain ideas\.$/);
    expect(results[2]!.text).toMatch(/^The library opens at nine in the morning\.$/);
    expect(results[2]!.confidence).toBeGreaterThan(80);
    expect(results[0]!.lines[1]!.top).toBeGreaterThan(results[0]!.lines[0]!.top);
    expect(processStarts()).toBe(1);
  }, 60_000);

  it.each([
    ['runs one process per slot', { concurrency: 2 }],
    ['replaces a process after its share of pages', { recycleAfterPages: 2 }],
  ])(
    '%s',
    async (_, options) => {
      const results = await withEngine(options, recognizeAll);
      expect(results.map((result) => result.lines.length)).toEqual([2, 1, 1]);
      expect(processStarts()).toBe(2);
    },
    60_000,
  );

  it('fails a page that runs past its time', async () => {
    await withEngine({ pageTimeoutMs: 1 }, (engine) =>
      expect(engine.recognize(pages[0]!)).rejects.toThrow('tesseract did not finish the page within 1 ms'),
    );
  });

  it('reports why a process ended, and recognises the next page with a fresh one', async () => {
    // Fails like a broken install the first time, then runs the real tesseract.
    const flaky = join(dir, 'flaky');
    const failedOnce = join(dir, 'failed-once');
    writeFileSync(
      flaky,
      `#!/bin/sh\nif [ ! -e '${failedOnce}' ]; then touch '${failedOnce}'; echo "Error opening data file eng.traineddata" >&2; exit 1; fi\nexec tesseract "$@"\n`,
    );
    chmodSync(flaky, 0o755);
    await withEngine({ binary: flaky }, async (engine) => {
      await expect(engine.recognize(pages[0]!)).rejects.toThrow(
        'tesseract exited with 1: Error opening data file eng.traineddata',
      );
      await expect(engine.recognize(pages[1]!)).resolves.toMatchObject({ text: expect.stringMatching(/Students/) });
    });
  }, 60_000);

  it('fails the page, not the caller, when the binary is missing', async () => {
    await withEngine({ binary: join(dir, 'not-installed') }, (engine) =>
      expect(engine.recognize(pages[0]!)).rejects.toThrow(/ENOENT/),
    );
  });

  it('leaves no page images behind', async () => {
    const before = readdirSync(tmpdir()).filter((name) => name.startsWith('chapterwise-ocr-'));
    const engine = new NativeTesseractOcrEngine({ concurrency: 2, pageTimeoutMs: 60_000, dpi: 200 });
    await Promise.all(pages.map((page) => engine.recognize(page)));
    await engine.close();
    expect(readdirSync(tmpdir()).filter((name) => name.startsWith('chapterwise-ocr-'))).toEqual(before);
  }, 60_000);
});
