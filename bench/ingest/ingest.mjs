// PDF ingestion benchmark: chapter detection F1 on the corpus books (and outline-stripped copies), the
// extractor's own time against pdftotext (the student-facing upload-to-completed time is throughput.mjs), OCR
// accuracy and speed against the raw tesseract CLI, and peak memory of the extraction process. Runs the
// compiled backend: `npm run build -w backend` first.
// Usage: node bench/ingest/ingest.mjs [detection] [ocr]     (default: both; RUNS=2 timing repetitions)
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { boundaryF1, characterErrorRate, mean, median, printTable, withoutRunningLines } from './metrics.mjs';
import { writeResults } from './results.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
const dist = join(root, 'backend', 'dist');
const corpus = process.env.CORPUS_DIR ?? join(root, '..', 'shared', 'corpus');
const booksDir = join(corpus, 'books');
const RUNS = Number(process.env.RUNS ?? 2);
const parts = process.argv.slice(2).length ? process.argv.slice(2) : ['detection', 'ocr'];

if (!existsSync(join(dist, 'modules', 'ingestion', 'extraction', 'extraction-child.js'))) {
  console.error('backend/dist is missing: run `npm run build -w backend` first');
  process.exit(1);
}
if (!existsSync(join(booksDir, 'manifest.json'))) {
  console.error(`[notice] ${booksDir} is absent: nothing to benchmark`);
  process.exit(0);
}

const load = (path) => import(pathToFileURL(join(dist, path)).href);
const { PdfJsBookExtractor } = await load('modules/ingestion/extraction/pdfjs-book-extractor.adapter.js');
const { titleSimilarity } = await load('modules/ingestion/detection/title-match.js');
const { isNonChapterTitle } = await load('modules/ingestion/detection/book-matter.js');
const manifest = JSON.parse(readFileSync(join(booksDir, 'manifest.json'), 'utf8'));
const work = mkdtempSync(join(tmpdir(), 'cw-bench-ingest-'));
const seconds = (ms) => Math.round(ms) / 1000;
const round = (value, digits = 3) => Math.round(value * 10 ** digits) / 10 ** digits;

/**
 * Peak memory while `work` runs (Linux /proc, sampled every 50 ms): the extraction child's own high-water mark
 * (VmHWM), and the largest sum of resident memory over its process group (the child and its OCR processes).
 */
async function withPeakChildMemory(work) {
  let peakChildRss = 0;
  let peakGroupRss = 0;
  const field = (status, name) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) * 1024;
  const sample = () => {
    if (!existsSync('/proc/self/status')) return;
    const stats = [];
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        stats.push({ pid: Number(entry), ppid: Number(fields[1]), group: Number(fields[2]) });
      } catch {
        // ended meanwhile
      }
    }
    for (const child of stats.filter((s) => s.ppid === process.pid)) {
      try {
        peakChildRss = Math.max(peakChildRss, field(readFileSync(`/proc/${child.pid}/status`, 'utf8'), 'VmHWM'));
        let group = 0;
        for (const member of stats.filter((s) => s.group === child.pid)) {
          group += field(readFileSync(`/proc/${member.pid}/status`, 'utf8'), 'VmRSS');
        }
        peakGroupRss = Math.max(peakGroupRss, group);
      } catch {
        // ended meanwhile
      }
    }
  };
  const timer = setInterval(sample, 50);
  try {
    const value = await work();
    return { value, peakChildRss, peakGroupRss };
  } finally {
    clearInterval(timer);
  }
}

function extractor(ocrEngine = 'auto') {
  return new PdfJsBookExtractor({
    ocrEngine,
    wallClockLimitMs: 1_800_000,
    memoryLimitMb: 1536,
    maxPages: 5000,
    maxOcrPages: 1000,
  });
}

async function timedExtraction(file, ocrEngine) {
  const started = performance.now();
  const cpuBefore = childrenCpuSeconds();
  const { value, peakChildRss, peakGroupRss } = await withPeakChildMemory(() =>
    extractor(ocrEngine).extract(file, { onProgress: () => {} }),
  );
  const ms = performance.now() - started;
  // The child is killed and reaped just after its result arrives; wait for its CPU time to land in cutime.
  for (let waited = 0; waited < 3000 && childrenCpuSeconds() === cpuBefore; waited += 20) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await new Promise((resolve) => setTimeout(resolve, 50));
  return { result: value, ms, cpu: childrenCpuSeconds() - cpuBefore, peakChildRss, peakGroupRss };
}

function timedPdftotext(file, extra = []) {
  const started = performance.now();
  const cpuBefore = childrenCpuSeconds();
  execFileSync('pdftotext', ['-enc', 'UTF-8', ...extra, file, join(work, 'out.txt')]);
  return { ms: performance.now() - started, cpu: childrenCpuSeconds() - cpuBefore };
}

const mb = (bytes) => Math.round(bytes / 1024 / 1024);
const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
/** CPU seconds used by this process's finished children (cutime + cstime): a measure the machine's load does not skew much. */
function childrenCpuSeconds() {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[13]) + Number(fields[14])) / CLOCK_TICKS;
}
// Extractions of the original books, reused as the OCR part's same-pipeline reference.
const originalExtractions = new Map();
const results = {
  machine: { cores: availableParallelism(), loadavgAtStart: loadavg().map((v) => round(v, 2)) },
  runs: RUNS,
};

if (parts.includes('detection')) {
  const detection = [];
  const throughput = [];
  const memory = [];
  const stripped = manifest.filter((entry) => entry.has_outline);
  const bookTitles = new Map();
  for (const entry of manifest) {
    const file = join(booksDir, entry.file);
    const variants = [{ name: entry.file, file, outline: entry.has_outline, stripped: false }];
    if (stripped.includes(entry)) {
      const copy = join(work, `stripped-${entry.file}`);
      execFileSync('qpdf', ['--empty', '--pages', file, '1-z', '--', copy]);
      variants.push({ name: `${entry.file} (outline stripped)`, file: copy, outline: false, stripped: true });
    }
    for (const variant of variants) {
      const times = [];
      const cpus = [];
      const reference = [];
      let outcome;
      for (let run = 0; run < (variant.stripped ? 1 : RUNS); run++) {
        if (!variant.stripped) reference.push(timedPdftotext(variant.file));
        outcome = await timedExtraction(variant.file);
        times.push(outcome.ms);
        cpus.push(outcome.cpu);
      }
      const { result } = outcome;
      if (!variant.stripped) {
        bookTitles.set(entry.file, result.title);
        originalExtractions.set(entry.file, result);
      }
      const truth = entry.chapters;
      // Stripping also drops the metadata title, which tells the title page apart; use the original's.
      const bookTitle = bookTitles.get(entry.file) ?? null;
      const productTruth = truth.filter((chapter) => !isNonChapterTitle(chapter.title, bookTitle));
      const strict = boundaryF1(result.chapters, truth, { similarity: titleSimilarity });
      const product = boundaryF1(result.chapters, productTruth, { similarity: titleSimilarity });
      const startsOnly = boundaryF1(result.chapters, truth, { similarity: titleSimilarity, ignoreTitles: true });
      const methods = [...new Set(result.chapters.map((c) => c.method))].join('+');
      detection.push({
        book: variant.name,
        outline: variant.outline,
        method: methods,
        detected: strict.detected,
        truth: strict.truth,
        f1: round(strict.f1),
        precision: round(strict.precision),
        recall: round(strict.recall),
        f1_starts_only: round(startsOnly.f1),
        f1_vs_product_rules: round(product.f1),
        product_rule_truth: product.truth,
      });
      if (!variant.stripped) {
        const ours = Math.min(...times);
        const theirs = Math.min(...reference.map((r) => r.ms));
        const oursCpu = Math.min(...cpus);
        const theirsCpu = Math.min(...reference.map((r) => r.cpu));
        throughput.push({
          book: entry.file,
          pages: result.pageCount,
          ours_s: seconds(ours),
          pdftotext_s: seconds(theirs),
          ratio: round(ours / theirs, 2),
          ours_cpu_s: round(oursCpu, 2),
          pdftotext_cpu_s: round(theirsCpu, 2),
          cpu_ratio: round(oursCpu / Math.max(theirsCpu, 0.01), 2),
          pages_per_s: round(result.pageCount / (ours / 1000), 1),
          ocr_pages: result.ocrPages,
        });
        memory.push({
          book: entry.file,
          pages: result.pageCount,
          peak_child_rss_mb: mb(outcome.peakChildRss),
          peak_group_rss_mb: mb(outcome.peakGroupRss),
        });
      }
      process.stderr.write(`  ${variant.name}: F1 ${round(strict.f1)} (${methods}), ${seconds(times[0])} s\n`);
    }
  }
  const withOutline = detection.filter((row) => row.outline);
  const withoutOutline = detection.filter((row) => !row.outline);
  const largest = [...memory].sort((a, b) => b.pages - a.pages)[0];
  results.detection = {
    protocol:
      'detected chapter matches a manifest chapter when its start page is within ±1 and title similarity (1 - Levenshtein / longer length over lower-cased alphanumerics) is ≥ 0.8; one-to-one',
    books: detection,
    mean_f1_with_outline: round(mean(withOutline.map((row) => row.f1))),
    mean_f1_without_outline: round(mean(withoutOutline.map((row) => row.f1))),
    mean_f1_with_outline_vs_product_rules: round(mean(withOutline.map((row) => row.f1_vs_product_rules))),
    mean_f1_without_outline_vs_product_rules: round(mean(withoutOutline.map((row) => row.f1_vs_product_rules))),
    targets: { with_outline: 0.98, without_outline: 0.9 },
  };
  results.extraction_time = {
    protocol:
      'the extractor alone (PdfJsBookExtractor.extract in this process, its child started ahead of time after the first book) against pdftotext -enc UTF-8 on the same file, best of RUNS; the target is on upload-to-completed (throughput.mjs)',
    books: throughput,
    median_ratio_vs_pdftotext: round(median(throughput.map((row) => row.ratio)), 2),
    median_cpu_ratio_vs_pdftotext: round(median(throughput.map((row) => row.cpu_ratio)), 2),
  };
  results.memory = { books: memory, largest_book: largest, target_mb: 1024 };
  printTable('Chapter detection (F1: start ±1 page and title similarity ≥ 0.8)', detection);
  console.log(
    `mean F1 with outline ${results.detection.mean_f1_with_outline} (target 0.98), without ${results.detection.mean_f1_without_outline} (target 0.90)`,
  );
  console.log(
    `  against the manifest minus title/contents/copyright/index entries: ${results.detection.mean_f1_with_outline_vs_product_rules} / ${results.detection.mean_f1_without_outline_vs_product_rules}`,
  );
  printTable(`Extraction alone vs pdftotext (best of ${RUNS})`, throughput);
  console.log(
    `median ratio ${results.extraction_time.median_ratio_vs_pdftotext}; median CPU-time ratio ${results.extraction_time.median_cpu_ratio_vs_pdftotext}`,
  );
  printTable('Peak RSS of the extraction process (VmHWM)', memory);
}

/** The reference: the tesseract command itself on each image, one process per core, one OpenMP thread each. */
async function tesseractCli(images, cores) {
  const started = performance.now();
  const texts = new Array(images.length);
  let next = 0;
  const runOne = () =>
    new Promise((resolve, reject) => {
      const index = next++;
      if (index >= images.length) return resolve();
      const child = spawn('tesseract', [images[index], 'stdout'], {
        env: { ...process.env, OMP_THREAD_LIMIT: '1' },
        stdio: ['ignore', 'pipe', 'ignore'],
      });
      let out = '';
      child.stdout.on('data', (chunk) => (out += chunk));
      child.on('error', reject);
      child.on('close', () => {
        texts[index] = out;
        runOne().then(resolve, reject);
      });
    });
  await Promise.all(Array.from({ length: cores }, runOne));
  return { texts, ms: performance.now() - started };
}

if (parts.includes('ocr')) {
  const samples = [
    { file: 'austen-pride-and-prejudice.pdf', first: 4 },
    { file: 'doyle-adventures-of-sherlock-holmes.pdf', first: 5 },
    { file: 'collins-sussman-svn-book-1.7.pdf', first: 22 },
  ];
  const PAGES = 20;
  const cores = availableParallelism();
  const nativeAvailable = (() => {
    try {
      return execFileSync('tesseract', ['--list-langs'], { encoding: 'utf8' }).includes('eng');
    } catch {
      return false;
    }
  })();
  const rows = [];
  for (const sample of samples) {
    const original = join(booksDir, sample.file);
    const last = sample.first + PAGES - 1;
    const dir = join(work, `scan-${sample.file}`);
    mkdirSync(dir);
    execFileSync('pdftoppm', [
      '-r',
      '200',
      '-gray',
      '-png',
      '-f',
      String(sample.first),
      '-l',
      String(last),
      original,
      join(dir, 'page'),
    ]);
    const images = readdirSync(dir)
      .filter((name) => name.endsWith('.png'))
      .sort()
      .map((name) => join(dir, name));
    const scanned = join(dir, 'scanned.pdf');
    execFileSync('img2pdf', [...images, '-o', scanned]);
    const truth = execFileSync(
      'pdftotext',
      ['-enc', 'UTF-8', '-f', String(sample.first), '-l', String(last), original, '-'],
      { encoding: 'utf8' },
    )
      .split('\f')
      .slice(0, PAGES);

    // Our own text-layer extraction of the same pages: the same clean-up (running heads and page numbers
    // dropped, hyphenation joined), so the difference is what OCR got wrong.
    const textLayer = originalExtractions.get(sample.file) ?? (await timedExtraction(original, 'auto')).result;
    const sameClean = textLayer.pages.slice(sample.first - 1, last).map((page) => page.text);
    const cleanTruth = withoutRunningLines(truth);
    const row = (engine, texts, ms, extra) => ({
      book: sample.file,
      pages: `${sample.first}-${last}`,
      engine,
      cer: round(characterErrorRate(withoutRunningLines(texts), cleanTruth), 4),
      cer_raw: round(characterErrorRate(texts, truth), 4),
      s_per_page: round(ms / 1000 / PAGES, 2),
      ...extra,
    });
    const oursDetails = (outcome) => {
      const texts = outcome.result.pages.map((page) => page.text);
      return {
        cer_vs_text_layer: round(characterErrorRate(texts, sameClean), 4),
        ocr_pages: outcome.result.ocrPages,
        failed: outcome.result.failedOcrPages.length,
        mean_confidence: round(mean(outcome.result.pages.map((page) => page.ocrConfidence ?? 0)), 1),
        peak_group_rss_mb: mb(outcome.peakGroupRss),
      };
    };
    const oursTexts = (outcome) => outcome.result.pages.map((page) => page.text);
    // Ours (auto) and the CLI take turns, best time of RUNS each; tesseract.js runs once (it is far behind).
    let auto = null;
    let cli = null;
    for (let run = 0; run < RUNS && nativeAvailable; run++) {
      const reference = await tesseractCli(images, cores);
      if (!cli || reference.ms < cli.ms) cli = reference;
      const outcome = await timedExtraction(scanned, 'auto');
      if (!auto || outcome.ms < auto.ms) auto = outcome;
    }
    if (auto) rows.push(row('ours auto (native)', oursTexts(auto), auto.ms, oursDetails(auto)));
    const js = await timedExtraction(scanned, 'tesseractjs');
    rows.push(row('ours tesseract.js', oursTexts(js), js.ms, oursDetails(js)));
    if (cli) rows.push(row(`tesseract CLI x${cores}`, cli.texts, cli.ms, { cer_vs_text_layer: '' }));
    for (const done of rows.filter((r) => r.book === sample.file)) {
      process.stderr.write(`  ${sample.file} ${done.engine}: ${done.s_per_page} s/page, CER ${done.cer}\n`);
    }
  }
  const byEngine = (name) => rows.filter((row) => row.engine.startsWith(name));
  const summarize = (list) => ({
    cer: round(mean(list.map((row) => row.cer)), 4),
    cer_raw: round(mean(list.map((row) => row.cer_raw)), 4),
    ...(list[0] && list[0].cer_vs_text_layer !== ''
      ? { cer_vs_text_layer: round(mean(list.map((row) => row.cer_vs_text_layer)), 4) }
      : {}),
    s_per_page: round(mean(list.map((row) => row.s_per_page)), 2),
  });
  results.ocr = {
    protocol:
      '20 pages per book rasterised with pdftoppm -r 200 -gray into an image-only PDF (img2pdf); ours reads that PDF as a student upload (pdftoppm renders each page again), the CLI reads the rasterised images; cer: against pdftotext of the original pages with the same clean-up for every text (running heads and page numbers removed by one rule, withoutRunningLines: ours drops them, pdftotext and the CLI keep them; line-end hyphens joined, quotes and dashes folded, whitespace collapsed); cer_raw: the same without removing running lines; cer_vs_text_layer: ours against our own extraction of the born-digital pages',
    rows,
    auto_native: summarize(byEngine('ours auto')),
    tesseractjs: summarize(byEngine('ours tesseract.js')),
    tesseract_cli: summarize(byEngine('tesseract CLI')),
  };
  if (results.ocr.auto_native.s_per_page) {
    results.ocr.auto_throughput_vs_cli = round(
      results.ocr.tesseract_cli.s_per_page / results.ocr.auto_native.s_per_page,
      2,
    );
    results.ocr.auto_cer_points_over_cli = round(
      (results.ocr.auto_native.cer - results.ocr.tesseract_cli.cer) * 100,
      2,
    );
    results.ocr.targets = { throughput_vs_cli: 0.9, cer_points_over_cli: 0.5 };
  }
  printTable('OCR: character error rate and seconds per page (same run)', rows);
  console.log(
    `means: auto(native) ${JSON.stringify(results.ocr.auto_native)}, tesseract.js ${JSON.stringify(results.ocr.tesseractjs)}, CLI ${JSON.stringify(results.ocr.tesseract_cli)}`,
  );
  if (results.ocr.auto_throughput_vs_cli !== undefined) {
    console.log(
      `auto throughput ${results.ocr.auto_throughput_vs_cli}x the CLI (target >= 0.9), CER ${results.ocr.auto_cer_points_over_cli} points over it (target <= 0.5)`,
    );
  }
}

results.machine.loadavgAtEnd = loadavg().map((v) => round(v, 2));
writeResults(results);
rmSync(work, { recursive: true, force: true });
