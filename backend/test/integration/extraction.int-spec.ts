import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FakeOcrEngine } from '../../src/providers/ocr/fake-ocr-engine.js';
import type { OcrResult } from '../../src/providers/ocr/ocr-engine.port.js';
import { extractBook } from '../../src/modules/ingestion/extraction/book-extraction.js';
import type { ExtractionLimits } from '../../src/modules/ingestion/extraction/extraction-protocol.js';
import { readAllPages } from '../../src/modules/ingestion/extraction/page-reader.js';
import { openPdf } from '../../src/providers/pdf/pdfjs-document.js';
import type { TextLayerPage, TextLayerReading } from '../../src/providers/pdf/poppler-text-layer.js';
import {
  ExtractionError,
  type ExtractionProgress,
  type ExtractionResult,
} from '../../src/modules/ingestion/extraction/book-extractor.port.js';
import {
  PdfJsBookExtractor,
  type PdfJsBookExtractorOptions,
} from '../../src/modules/ingestion/extraction/pdfjs-book-extractor.adapter.js';
import {
  emptyPdf,
  fixtureDir,
  imageOnlyPdf,
  textBookPdf,
  withPageLabels,
  type FixtureChapter,
} from '../fixtures/pdf-factory.js';

const limits: PdfJsBookExtractorOptions = {
  ocrEngine: 'auto',
  wallClockLimitMs: 60_000,
  memoryLimitMb: 1024,
  maxPages: 500,
  maxOcrPages: 50,
  // The tests wait for each book: at niceness 19 the child starves behind the other jest worker.
  niceness: 0,
};
const extractor = (overrides: Partial<PdfJsBookExtractorOptions> = {}) =>
  new PdfJsBookExtractor({ ...limits, ...overrides });
const malformedDir = fileURLToPath(new URL('../../../../shared/corpus/malformed/', import.meta.url));
const nativeTesseract = (() => {
  try {
    return execFileSync('tesseract', ['--list-langs'], { encoding: 'utf8', timeout: 10_000 })
      .split(/\s+/)
      .includes('eng');
  } catch {
    return false;
  }
})();
const pdftohtml = (() => {
  try {
    execFileSync('pdftohtml', ['-v'], { stdio: 'ignore', timeout: 10_000 });
    return true;
  } catch {
    return false;
  }
})();
if (!pdftohtml)
  process.stderr.write('[notice] poppler (pdftohtml) is not installed: only the pdf.js text layer is tested\n');
if (!nativeTesseract)
  process.stderr.write('[notice] tesseract with English data is not installed: native OCR tests are skipped\n');

async function extract(file: string, options: Partial<PdfJsBookExtractorOptions> = {}) {
  const progress: ExtractionProgress[] = [];
  const result = await extractor(options).extract(file, { onProgress: (p) => void progress.push(p) });
  return { result, progress };
}

async function failure(promise: Promise<unknown>): Promise<ExtractionError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ExtractionError);
  return error as ExtractionError;
}

const chapters: FixtureChapter[] = [
  { title: 'The Mill by the River', heading: ['Chapter 1', 'The Mill by the River'], pages: 3 },
  { title: 'A Long Winter', heading: ['Chapter 2', 'A Long Winter'], pages: 4 },
  { title: 'The Letter', heading: ['Chapter 3', 'The Letter'], pages: 3 },
];
/** Live child processes of `pid` (Linux /proc), to see where the work runs. */
function childrenOf(pid: number): number[] {
  if (!existsSync('/proc/self/stat')) return [];
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        const [state, parent] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        // A killed child stays listed as a zombie (state Z) until its parent reaps it: it is gone already.
        return Number(parent) === pid && state !== 'Z';
      } catch {
        return false;
      }
    })
    .map(Number);
}

/** A process's niceness, with its autogroup's when it has one ('19'); '' once it has ended. */
function readNiceness(pid: number): string {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const nice = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]!;
    const group = existsSync(`/proc/${pid}/autogroup`) ? readFileSync(`/proc/${pid}/autogroup`, 'utf8') : '';
    const groupNice = /nice (-?\d+)/.exec(group)?.[1] ?? nice;
    return groupNice === nice ? nice : `${nice}/${groupNice}`;
  } catch {
    return '';
  }
}

const summary = (result: ExtractionResult) =>
  result.chapters.map((c) => [c.number, c.title, c.startPage, c.endPage, c.method]);

describe(PdfJsBookExtractor.name, () => {
  const files = fixtureDir();
  afterAll(() => files.cleanup());

  describe('born-digital books', () => {
    it('reads pages and takes chapters from the outline', async () => {
      const file = files.write('outline.pdf', await textBookPdf({ title: 'River Stories', chapters, outline: true }));
      const { result, progress } = await extract(file);
      expect(result).toMatchObject({
        title: 'River Stories',
        language: 'en',
        pageCount: 11,
        ocrPages: 0,
        failedOcrPages: [],
      });
      expect(summary(result)).toEqual([
        [1, 'The Mill by the River', 2, 4, 'outline'],
        [2, 'A Long Winter', 5, 8, 'outline'],
        [3, 'The Letter', 9, 11, 'outline'],
      ]);
      expect(result.pages[1]).toMatchObject({ number: 2, label: '2', source: 'text', ocrConfidence: null });
      expect(result.pages[1]!.text).toContain('Chapter 1\nThe Mill by the River');
      expect(result.pages[2]!.text).toContain('The river ran quietly past the old mill');
      expect(progress.map((p) => p.phase)).toEqual(expect.arrayContaining(['extracting', 'detecting_chapters']));
      expect(progress.at(-1)).toMatchObject({ phase: 'detecting_chapters', progress: 100 });
      const values = progress.map((p) => p.progress);
      expect(values).toEqual([...values].sort((a, b) => a - b));
    });

    it('finds "Chapter N" headings by typography when there is no outline', async () => {
      const file = files.write('headings.pdf', await textBookPdf({ chapters }));
      const { result } = await extract(file);
      expect(summary(result)).toEqual([
        [1, 'The Mill by the River', 2, 4, 'typography'],
        [2, 'A Long Winter', 5, 8, 'typography'],
        [3, 'The Letter', 9, 11, 'typography'],
      ]);
    });

    it('maps a printed contents page to physical pages through the printed page numbers', async () => {
      const plain = chapters.map(({ title, pages }) => ({ title, pages }));
      const file = files.write(
        'contents.pdf',
        await textBookPdf({ chapters: plain, contentsPage: true, folios: true }),
      );
      const { result } = await extract(file);
      expect(summary(result)).toEqual([
        [1, 'The Mill by the River', 3, 5, 'toc'],
        [2, 'A Long Winter', 6, 9, 'toc'],
        [3, 'The Letter', 10, 12, 'toc'],
      ]);
      // Labels come from the printed folios; the folio lines are not part of the text.
      expect(result.pages.slice(2, 6).map((p) => p.label)).toEqual(['1', '2', '3', '4']);
      expect(result.pages[3]!.text).not.toMatch(/\n2$/);
    });

    it('uses /PageLabels for printed page labels', async () => {
      const file = files.write('labels.pdf', await withPageLabels(await textBookPdf({ chapters, outline: true }), 1));
      const { result } = await extract(file);
      expect(result.pages.slice(0, 4).map((p) => p.label)).toEqual(['i', '1', '2', '3']);
    });

    it('reads a long book on two threads with the same result as one', async () => {
      const long = await textBookPdf({
        chapters: [1, 2, 3].map((n) => ({ title: `Part of the story ${n}`, pages: 30 })),
      });
      const { task, doc } = await openPdf(new Uint8Array(long), 10_000_000);
      try {
        let pagesSeen = 0;
        const one = await readAllPages(doc, new Uint8Array(long), {
          threads: 1,
          maxImagePixels: 10_000_000,
          onPage: () => {},
        });
        const two = await readAllPages(doc, new Uint8Array(long), {
          threads: 2,
          maxImagePixels: 10_000_000,
          onPage: () => void pagesSeen++,
        });
        expect(two.threadsUsed).toBe(2);
        expect(pagesSeen).toBe(91);
        expect(two.pages.map((p) => p.number)).toEqual(one.pages.map((p) => p.number));
        expect(two.pages.map((p) => p.lines.map((l) => l.text))).toEqual(
          one.pages.map((p) => p.lines.map((l) => l.text)),
        );
      } finally {
        await task.destroy();
      }
    }, 60_000);

    (pdftohtml ? it : it.skip)(
      'reads the text layer with poppler, with the same pages and chapters as pdf.js',
      async () => {
        const plain = chapters.map(({ title, pages }) => ({ title, pages }));
        for (const [name, pdf] of [
          ['poppler-outline.pdf', await textBookPdf({ title: 'River Stories', chapters, outline: true })],
          ['poppler-contents.pdf', await textBookPdf({ chapters: plain, contentsPage: true, folios: true })],
          ['poppler-headings.pdf', await textBookPdf({ chapters })],
        ] as const) {
          const file = files.write(name, pdf);
          const { result: poppler } = await extract(file, { textLayer: 'auto' });
          const { result: pdfjs } = await extract(file, { textLayer: 'pdfjs' });
          expect(summary(poppler)).toEqual(summary(pdfjs));
          // Only poppler tells bold and italic: the headings are set bold.
          const withoutEmphasis = (pages: typeof poppler.pages) => pages.map((page) => ({ ...page, emphasis: [] }));
          expect(withoutEmphasis(poppler.pages)).toEqual(pdfjs.pages);
          const emphasised = poppler.pages.flatMap((page) => page.emphasis);
          for (const { title } of chapters) expect(emphasised.some((phrase) => phrase.includes(title))).toBe(true);
        }
      },
      60_000,
    );

    it("starts the next book's extraction process ahead of time and reads the next book in it", async () => {
      const file = files.write('spare.pdf', await textBookPdf({ chapters, outline: true }));
      // The production niceness (the other tests read at 0): the spare is forked with the niceness of its time.
      // At 19 the reader gets only what the other jest worker leaves: minutes on a loaded machine, not seconds.
      const niced = { niceness: 19, wallClockLimitMs: 240_000 };
      // Earlier tests' extractors (at niceness 0) may keep their own spare waiting: only processes forked from
      // here on are this extractor's.
      const earlier = new Set(childrenOf(process.pid));
      const ours = () => childrenOf(process.pid).filter((pid) => !earlier.has(pid));
      await extract(file, niced);
      // The child that read the book is killed as the spare starts; on a busy machine it may take a while to go.
      for (let waited = 0; waited < 20_000 && ours().length > 1; waited += 50)
        await new Promise((resolve) => setTimeout(resolve, 50));
      const waiting = ours();
      if (existsSync('/proc/self/stat')) expect(waiting.length).toBeGreaterThan(0);
      const during = new Set<number>();
      const niceness = new Map<number, string>();
      const result = await extractor(niced).extract(file, {
        onProgress: () =>
          ours().forEach((pid) => {
            during.add(pid);
            const read = readNiceness(pid);
            if (read) niceness.set(pid, read);
          }),
      });
      expect(result.chapters).toHaveLength(3);
      // The waiting process did the work (it was alive while the book was read), and is gone after it.
      if (existsSync('/proc/self/stat')) {
        const worked = waiting.filter((pid) => during.has(pid));
        expect(worked.length).toBeGreaterThan(0);
        // Below the API in the scheduler, its session (autogroup) included where Linux has them.
        expect(worked.map((pid) => niceness.get(pid))).toEqual(worked.map(() => '19'));
        // A killed process still needs CPU time to exit, and at niceness 19 on a machine busy with other test
        // files it gets little: seconds, not milliseconds.
        for (
          let waited = 0;
          waited < 40_000 && childrenOf(process.pid).some((pid) => worked.includes(pid));
          waited += 100
        )
          await new Promise((resolve) => setTimeout(resolve, 100));
        expect(childrenOf(process.pid).filter((pid) => worked.includes(pid))).toEqual([]);
      }
    }, 600_000);

    it('cuts a book without any structure into fixed-size sections', async () => {
      const file = files.write(
        'flat.pdf',
        await textBookPdf({ chapters: [{ title: 'Untitled text', heading: [], pages: 6 }] }),
      );
      const { result } = await extract(file);
      expect(result.chapters.every((c) => c.method === 'auto')).toBe(true);
      expect(result.chapters[0]).toMatchObject({ number: 1, startPage: 1 });
    });
  });

  describe('scanned pages', () => {
    const scanned = [
      [
        'The quick brown fox jumps over the lazy dog.',
        'Reading is a habit that grows with practice.',
        'Every chapter begins with a question.',
      ],
      [
        'Students learn best when they explain ideas.',
        'The library opens at nine in the morning.',
        'Bring a pencil and a notebook to class.',
      ],
    ];

    it.each([...(nativeTesseract ? (['native'] as const) : []), 'tesseractjs' as const])(
      'recognises image-only pages with %s OCR and reports the phase',
      async (ocrEngine) => {
        const file = files.write(`scanned-${ocrEngine}.pdf`, await imageOnlyPdf(scanned));
        const { result, progress } = await extract(file, { ocrEngine });
        expect(result.ocrPages).toBe(2);
        expect(result.failedOcrPages).toEqual([]);
        expect(result.pages[0]).toMatchObject({ source: 'ocr' });
        expect(result.pages[0]!.ocrConfidence).toBeGreaterThan(60);
        expect(result.pages[0]!.text).toMatch(/quick brown fox/i);
        expect(result.pages[1]!.text).toMatch(/library opens at nine/i);
        expect(progress.some((p) => p.phase === 'ocr' && /^OCR page \d+ of 2$/.test(p.detail))).toBe(true);
      },
      120_000,
    );

    it('records pages over the OCR cap as failed and still completes', async () => {
      const file = files.write('scanned-capped.pdf', await imageOnlyPdf(scanned));
      const { result } = await extract(file, { maxOcrPages: 1 });
      expect(result.ocrPages).toBe(1);
      expect(result.failedOcrPages).toEqual([2]);
      expect(result.pages[1]).toMatchObject({ text: '', source: 'text' });
    }, 120_000);

    it('runs the parsing in a separate process and keeps the calling event loop responsive', async () => {
      const file = files.write('scanned-lag.pdf', await imageOnlyPdf(scanned));
      const childPids = new Set<number>();
      let worstLag = 0;
      let last = performance.now();
      const timer = setInterval(() => {
        const now = performance.now();
        worstLag = Math.max(worstLag, now - last - 20);
        last = now;
      }, 20);
      try {
        await extractor().extract(file, {
          onProgress: () => {
            for (const pid of childrenOf(process.pid)) childPids.add(pid);
          },
        });
      } finally {
        clearInterval(timer);
      }
      if (existsSync('/proc/self/stat')) expect(childPids.size).toBeGreaterThan(0);
      // Rendering and recognising in this process would hold the loop for seconds; a busy shared machine
      // still delays timers a little, hence the margin.
      expect(worstLag).toBeLessThan(1000);
    }, 120_000);
  });

  describe('OCR pipeline with a fake engine (in this process)', () => {
    const limitsInProcess: ExtractionLimits = {
      maxPages: 100,
      maxOcrPages: 100,
      ocrDpi: 100,
      maxPixelsPerPage: 5_000_000,
      ocrEngine: 'auto',
      ocrConcurrency: 1,
      readerThreads: 1,
      textLayer: 'auto',
      textLayerTimeoutMs: 10_000,
      textLayerMemoryMb: 512,
      ocrPageTimeoutMs: 10_000,
      selfDestructMs: 60_000,
    };
    const recognised = (text: string, confidence: number): OcrResult => ({
      text,
      confidence,
      lines: text.split('\n').map((line, i) => ({ text: line, left: 40, top: 40 + i * 30, width: 400, height: 20 })),
    });

    const scannedFake = [1, 2, 3].map((n) => [
      `Page ${n} of a scanned book.`,
      'Its words are only pixels here.',
      'A fake engine reads them.',
    ]);

    it('uses recognised text, records failed pages and ignores low-confidence fragments', async () => {
      const file = files.write('scanned-fake.pdf', await imageOnlyPdf(scannedFake, 72));
      let call = 0;
      const engine = new FakeOcrEngine(() => {
        call += 1;
        if (call === 1) return recognised('The first page reads clearly.\nIt has two lines of plain text.', 91);
        if (call === 2) throw new Error('engine crashed');
        return recognised(': | naval ILL', 27);
      });
      const result = await extractBook(file, limitsInProcess, {
        onProgress: () => {},
        createOcrEngine: () => Promise.resolve(engine),
      });
      expect(result.pages[0]).toMatchObject({
        source: 'ocr',
        ocrConfidence: 91,
        text: 'The first page reads clearly.\nIt has two lines of plain text.',
      });
      expect(result.failedOcrPages).toEqual([2]);
      expect(result.pages[2]).toMatchObject({ source: 'text', text: '' });
      expect(result.ocrPages).toBe(1);
      expect(engine.closed).toBe(true);
    });
  });

  describe('text layer fallback (in this process)', () => {
    const inProcess = (textLayer: ExtractionLimits['textLayer']): ExtractionLimits => ({
      maxPages: 100,
      maxOcrPages: 0,
      ocrDpi: 100,
      maxPixelsPerPage: 5_000_000,
      ocrEngine: 'auto',
      ocrConcurrency: 1,
      readerThreads: 1,
      textLayer,
      textLayerTimeoutMs: 10_000,
      textLayerMemoryMb: 512,
      ocrPageTimeoutMs: 10_000,
      selfDestructMs: 60_000,
    });
    const reading = (pages: TextLayerPage[] | null): TextLayerReading => ({
      done: Promise.resolve(pages),
      pagesRead: () => pages?.length ?? 0,
      eachPage: (listener) => pages?.forEach((page, index) => listener(page, index + 1)),
    });

    it('reads the pages with pdf.js when poppler cannot, or disagrees on the page count', async () => {
      const file = files.write('fallback.pdf', await textBookPdf({ title: 'River Stories', chapters, outline: true }));
      const expected = await extractBook(file, inProcess('pdfjs'), { onProgress: () => {} });
      const stray = {
        width: 612,
        height: 792,
        lines: [{ text: 'Not this book', x: 72, right: 200, top: 72, size: 12 }],
        emphasis: [],
      };
      for (const textLayer of [reading(null), reading([stray, stray])]) {
        const result = await extractBook(file, inProcess('auto'), { onProgress: () => {}, textLayer });
        expect(result).toEqual(expected);
      }
      expect(summary(expected)).toEqual([
        [1, 'The Mill by the River', 2, 4, 'outline'],
        [2, 'A Long Winter', 5, 8, 'outline'],
        [3, 'The Letter', 9, 11, 'outline'],
      ]);
    });
  });

  describe('failures in plain language', () => {
    it('rejects a file that is not a PDF', async () => {
      const error = await failure(
        extractor().extract(files.write('notes.pdf', 'just some text, not a PDF'), { onProgress: () => {} }),
      );
      expect(error).toMatchObject({ message: 'This file is not a PDF', permanent: true });
    });

    it('rejects a PDF with no pages', async () => {
      const error = await failure(
        extractor().extract(files.write('empty.pdf', await emptyPdf()), { onProgress: () => {} }),
      );
      expect(error.permanent).toBe(true);
      // pdf.js presents an empty page tree as one blank page.
      expect(error.message).toMatch(/^(This PDF has no pages|No readable text was found in this PDF)$/);
    });

    it('rejects a truncated PDF as damaged', async () => {
      const whole = await textBookPdf({ chapters });
      const error = await failure(
        extractor().extract(files.write('truncated.pdf', whole.subarray(0, 600)), { onProgress: () => {} }),
      );
      expect(error.message).toMatch(
        /^(This PDF is damaged and could not be read|No readable text was found in this PDF)$/,
      );
    });

    it('fails a password-protected PDF at once, permanently', async () => {
      const file = files.write('locked.pdf', await textBookPdf({ chapters, userPassword: 'secret' }));
      const started = Date.now();
      const error = await failure(extractor().extract(file, { onProgress: () => {} }));
      expect(error).toMatchObject({ message: 'This PDF is password-protected', permanent: true });
      expect(Date.now() - started).toBeLessThan(10_000);
    });

    it('rejects a PDF with more pages than allowed', async () => {
      const file = files.write('long.pdf', await textBookPdf({ chapters }));
      const error = await failure(extractor({ maxPages: 5 }).extract(file, { onProgress: () => {} }));
      expect(error.message).toBe('This PDF has 11 pages; the most we can process is 5');
    });

    it('stops at the wall-clock limit', async () => {
      // Long enough that even a process started ahead of time cannot read it within the limit.
      const long = [1, 2, 3].map((n) => ({ title: `Part of the story ${n}`, pages: 60 }));
      const file = files.write('slow.pdf', await textBookPdf({ chapters: long }));
      const error = await failure(extractor({ wallClockLimitMs: 50 }).extract(file, { onProgress: () => {} }));
      expect(error).toMatchObject({ message: 'This PDF took too long to process', permanent: true });
    });

    it('stops at the memory limit', async () => {
      const file = files.write('big.pdf', await textBookPdf({ chapters }));
      const error = await failure(extractor({ memoryLimitMb: 20 }).extract(file, { onProgress: () => {} }));
      expect(error.message).toBe('This PDF needs more memory than we allow to process it');
    });

    it('stops when aborted and rejects with the abort reason', async () => {
      const file = files.write('aborted.pdf', await textBookPdf({ chapters }));
      const controller = new AbortController();
      const running = extractor().extract(file, {
        onProgress: () => controller.abort(new Error('book deleted')),
        signal: controller.signal,
      });
      await expect(running).rejects.toThrow('book deleted');
    });
  });

  const malformed = existsSync(malformedDir)
    ? readdirSync(malformedDir)
        .filter((name) => name.endsWith('.pdf'))
        .sort()
    : [];
  if (malformed.length === 0)
    process.stderr.write(`[notice] ${malformedDir} is absent: the malformed-PDF corpus tests are skipped\n`);

  describe('malformed PDFs (pdf.js test corpus)', () => {
    const limit = 20_000;
    (malformed.length ? it.each(malformed) : it.skip.each(['none']))(
      '%s completes or fails with a plain reason within the limit',
      async (name) => {
        const started = Date.now();
        const outcome = await extractor({ wallClockLimitMs: limit })
          .extract(join(malformedDir, name), { onProgress: () => {} })
          .then(
            (result) => ({ result }),
            (error: unknown) => ({ error }),
          );
        expect(Date.now() - started).toBeLessThan(limit + 5_000);
        if ('error' in outcome) {
          expect(outcome.error).toBeInstanceOf(ExtractionError);
          expect((outcome.error as Error).message).toMatch(/^[A-Z][^\n]{10,100}$/);
          expect((outcome.error as Error).message).not.toMatch(/Exception|undefined|null|\bat\b.*:\d+/);
        } else {
          expect(outcome.result.pageCount).toBeGreaterThan(0);
          expect(outcome.result.chapters.length).toBeGreaterThan(0);
        }
        if (name === 'empty_protected.pdf' || name === 'issue3371.pdf') {
          expect(outcome).toMatchObject({ error: { message: 'This PDF is password-protected', permanent: true } });
        }
      },
      limit + 10_000,
    );
  });
});
