import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { PuppeteerSummaryPdfRenderer } from '../../src/providers/renderer/puppeteer-summary-pdf-renderer.js';
import { targetPagesFor, type SummaryDocument } from '../../src/providers/renderer/summary-document.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const chromiumPresent = existsSync(CHROMIUM);
if (!chromiumPresent) console.warn(`summary-pdf.int-spec: no Chromium at ${CHROMIUM}; skipping the summary PDF tests`);
const describeWithChromium = chromiumPresent ? describe : describe.skip;

const WORDS = (
  'cells energy growth market price supply demand memory learning history empire trade science method evidence theory ' +
  'experiment population climate river city law justice language culture network signal pattern model system change'
).split(' ');

/** Deterministic prose of about `words` words, with page references like the study engine writes. */
function prose(words: number, seed: number): string {
  const sentences: string[] = [];
  let count = 0;
  let state = seed;
  const next = () => (state = (state * 1103515245 + 12345) % 2147483648);
  while (count < words) {
    const length = 10 + (next() % 12);
    const sentence = Array.from({ length }, () => WORDS[next() % WORDS.length]).join(' ');
    sentences.push(
      `${sentence.charAt(0).toUpperCase()}${sentence.slice(1)}${next() % 4 === 0 ? ` (p. ${next() % 500})` : ''}.`,
    );
    count += length;
  }
  return sentences.join(' ');
}

function book(originalPages: number, chapters: number, summaryWords: number): SummaryDocument {
  return {
    title: `A Study of ${originalPages} Pages`,
    originalPages,
    generatedAt: new Date('2026-11-20T10:00:00Z'),
    engineNote: 'Extractive summary (offline engine)',
    bookSummary: prose(summaryWords * 2, 7),
    chapters: Array.from({ length: chapters }, (_, index) => ({
      number: index + 1,
      title: `Topic ${index + 1} of the book`,
      pageRange: `pp. ${index * 8 + 1}–${index * 8 + 8}`,
      summary: prose(summaryWords, index + 11),
      topics: ['Main idea', 'Key evidence', 'Consequences', 'Open questions'].map((topic) => `${topic} ${index + 1}`),
    })),
  };
}

async function pdfText(pdf: Buffer): Promise<{ pages: number; text: string }> {
  const task = getDocument({ data: new Uint8Array(pdf), disableFontFace: true, verbosity: 0 });
  try {
    const doc = await task.promise;
    let text = '';
    for (let number = 1; number <= doc.numPages; number++) {
      const content = await (await doc.getPage(number)).getTextContent();
      text += content.items.map((item) => ('str' in item ? item.str : '')).join(' ') + '\n';
    }
    return { pages: doc.numPages, text };
  } finally {
    await task.destroy();
  }
}

// Text runs in a PDF may split or join words differently; compare without whitespace.
const squeeze = (text: string) => text.replace(/\s+/g, '');

describeWithChromium(PuppeteerSummaryPdfRenderer.name, () => {
  const renderer = new PuppeteerSummaryPdfRenderer(CHROMIUM, 60_000);
  afterAll(() => renderer.close());

  it('aims at a tenth of the book, at least 1 and at most 30 pages', () => {
    expect(targetPagesFor(4)).toBe(1);
    expect(targetPagesFor(24)).toBe(2);
    expect(targetPagesFor(300)).toBe(30);
    expect(targetPagesFor(542)).toBe(30);
  });

  it.each([
    ['a small book', book(24, 3, 120)],
    ['a 120-page book', book(120, 10, 150)],
    ['a 300-page book', book(300, 30, 150)],
    ['the largest corpus shape (542 pages, 61 chapters)', book(542, 61, 150)],
  ])('fits %s to its target page count, with every chapter title', async (_label, doc) => {
    const target = targetPagesFor(doc.originalPages);
    const { pdf, pages } = await renderer.render(doc, target);
    const read = await pdfText(pdf);
    expect(read.pages).toBe(pages);
    expect(Math.abs(pages - target)).toBeLessThanOrEqual(1);
    const text = squeeze(read.text);
    expect(text).toContain(squeeze(doc.title));
    expect(text).toContain(squeeze(`${doc.originalPages} pages`));
    expect(text).toContain(squeeze('November 20, 2026'));
    for (const chapter of doc.chapters) {
      expect(text).toContain(squeeze(`Chapter ${chapter.number}: ${chapter.title}`));
      expect(text).toContain(squeeze(chapter.pageRange));
    }
  });

  it('trims the least important text, never a chapter title, when the target is very small', async () => {
    const crowded = book(10, 40, 300);
    const { pdf, pages } = await renderer.render(crowded, 1);
    expect(pages).toBeLessThanOrEqual(2);
    const text = squeeze((await pdfText(pdf)).text);
    for (const chapter of crowded.chapters) expect(text).toContain(squeeze(chapter.title));
    expect(text).toContain(squeeze('Some text was shortened to fit 1 page.'));
  });

  it('prints the marks books use for right and wrong examples (✓ ✗ ☐) in an embedded font that has them', async () => {
    const marked = book(20, 1, 60);
    marked.chapters[0]!.summary =
      '## Key points\n\n- ✓ Capitalize the first word of a quotation. (p. 52)\n- ✗ Do not type documents in all capital letters. (p. 52)\n- ☐ Check each sentence for a subject and a verb. (p. 14)';
    const { pdf } = await renderer.render(marked, 2);
    const dir = mkdtempSync(join(tmpdir(), 'summary-marks-'));
    try {
      const file = join(dir, 'summary.pdf');
      writeFileSync(file, pdf);
      // poppler reads the text back with the marks, and lists the fonts the PDF embeds.
      const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
      for (const mark of ['✓', '✗', '☐']) expect(text).toContain(mark);
      const fonts = execFileSync('pdffonts', [file], { encoding: 'utf8' });
      expect(fonts).toMatch(/DejaVu\S*Sans/);
      expect(
        fonts
          .split('\n')
          .filter((line) => /DejaVu\S*Sans/.test(line))
          .every((line) => /\byes\b/.test(line)),
      ).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('shows HTML in a summary as text and makes no network request', async () => {
    const requests: string[] = [];
    const server = createServer((request, response) => {
      requests.push(request.url ?? '');
      response.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const hostile = book(40, 2, 60);
      hostile.title = `Evil <b>bold</b> <img src="${origin}/title.png">`;
      hostile.chapters[0]!.summary = `Look <img src="${origin}/pixel.png" onerror="alert(1)"> and <script>document.title='x'</script> here. ![chart](${origin}/md.png)`;
      hostile.chapters[1]!.summary = `<link rel="stylesheet" href="${origin}/style.css"><iframe src="${origin}/frame"></iframe>`;
      const { pdf } = await renderer.render(hostile, 4);
      const text = squeeze((await pdfText(pdf)).text);
      expect(text).toContain(squeeze(`<img src="${origin}/pixel.png" onerror="alert(1)">`));
      expect(text).toContain(squeeze("<script>document.title='x'</script>"));
      expect(text).toContain(squeeze('Evil <b>bold</b>'));
      expect(text).toContain(squeeze(`<iframe src="${origin}/frame"></iframe>`));
      expect(requests).toEqual([]);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('says which chapters have no summary yet and renders without a book summary', async () => {
    const partial = book(60, 4, 100);
    partial.bookSummary = null;
    partial.chapters[2]!.summary = null;
    const { pdf } = await renderer.render(partial, targetPagesFor(60));
    const text = squeeze((await pdfText(pdf)).text);
    expect(text).toContain(squeeze('Chapter 3: Topic 3 of the book'));
    expect(text).toContain(squeeze('No summary has been generated for this chapter yet.'));
  });

  it('launches a new browser after close()', async () => {
    await renderer.close();
    const { pages } = await renderer.render(book(24, 2, 80), 2);
    expect(pages).toBeGreaterThanOrEqual(1);
  });

  it('says so when Chromium is missing', async () => {
    const missing = new PuppeteerSummaryPdfRenderer('/nonexistent/chromium', 10_000);
    await expect(missing.render(book(24, 2, 80), 2)).rejects.toThrow(
      'The summary PDF needs Chromium, which was not found at /nonexistent/chromium',
    );
  });

  it('gives up with a clear error when a render takes longer than its timeout', async () => {
    const hurried = new PuppeteerSummaryPdfRenderer(CHROMIUM, 50);
    try {
      await expect(hurried.render(book(542, 61, 150), 30)).rejects.toThrow(
        'Rendering the summary PDF took longer than 50 ms',
      );
    } finally {
      await hurried.close();
    }
  });
});
