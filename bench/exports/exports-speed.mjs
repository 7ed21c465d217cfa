// Narration speed (espeak-ng + our MP3 path vs `espeak-ng | lame` on the command line) and the time
// to export a summary PDF and a PPTX for a book shaped like the largest corpus book.
// Usage: node bench/exports/exports-speed.mjs        (SKIP_BUILD=1 to reuse the last compile)
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
const buildDir = join(root, 'bench', 'results', '.exports-build');
const resultsFile = join(root, 'bench', 'results', 'exports.json');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const RUNS = Number(process.env.RUNS ?? 3);

function build() {
  try {
    execFileSync(
      process.execPath,
      [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', join(here, 'tsconfig.json')],
      { stdio: 'pipe' },
    );
  } catch (error) {
    // Type errors still emit JavaScript; shown so they get fixed, but a benchmark still runs.
    process.stderr.write(String(error.stdout ?? error));
  }
  if (!existsSync(join(buildDir, 'src', 'providers', 'tts', 'espeak-speech-synthesizer.js')))
    throw new Error('exports build failed');
}
const load = (path) => import(pathToFileURL(join(buildDir, path)).href);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const has = (binary, flag) => spawnSync(binary, [flag], { stdio: 'ignore' }).status === 0;

// Deterministic English prose: sentences of varied length with page references, like the study engine writes.
const SENTENCES = [
  'The chapter opens with a question that shaped the whole field for more than a century.',
  'Early researchers measured what they could see and guessed at what they could not.',
  'Their instruments were crude, yet the patterns they found have held up remarkably well (p. 41).',
  'A second group argued that the same evidence pointed somewhere else entirely.',
  'The debate was settled only when better data arrived from unexpected places.',
  'Today the idea seems obvious, which is exactly why it is worth retracing how it was won.',
  'The author shows how each step depended on the tools and the politics of its time (pp. 52–55).',
  'Students often skip this history and then struggle to see why the modern rules look as they do.',
  'Three lessons stand out: test your assumptions, publish your methods, and expect to be wrong.',
  'The chapter ends by linking these lessons to the experiments described in the next part of the book.',
];
function prose(words, seed) {
  const out = [];
  let count = 0;
  for (let index = seed; count < words; index += 7) {
    const sentence = SENTENCES[index % SENTENCES.length];
    out.push(sentence);
    count += sentence.split(/\s+/).length;
  }
  return out.join(' ');
}

function largestCorpusShape() {
  return {
    title: 'A Long Textbook of Ideas',
    originalPages: 542,
    generatedAt: new Date(),
    engineNote: 'Extractive summary (offline engine)',
    bookSummary: prose(300, 3),
    chapters: Array.from({ length: 61 }, (_, index) => ({
      number: index + 1,
      title: `Chapter title number ${index + 1}`,
      pageRange: `pp. ${index * 9 + 1}–${index * 9 + 9}`,
      summary: prose(150, index),
      topics: ['Origins', 'Evidence', 'Methods', 'Consequences'].map((topic) => `${topic} ${index + 1}`),
    })),
  };
}

async function narration(work) {
  const { EspeakSpeechSynthesizer } = await load('src/providers/tts/espeak-speech-synthesizer.js');
  const { LameJsMp3Encoder } = await load('src/providers/tts/lamejs-mp3-encoder.js');
  const { readMp3 } = await load('src/providers/tts/mp3-frames.js');
  const text = prose(2000, 0);
  const textFile = join(work, 'text.txt');
  writeFileSync(textFile, text);
  const ours = new EspeakSpeechSynthesizer();
  const inProcess = new EspeakSpeechSynthesizer({ encoder: new LameJsMp3Encoder() });
  await ours.synthesize('Warm up.', { language: 'en' });

  const timed = async (make) => {
    const started = performance.now();
    const seconds = await make();
    return { audioSeconds: seconds, computeSeconds: (performance.now() - started) / 1000 };
  };
  const oursRun = () => timed(async () => readMp3(await ours.synthesize(text, { language: 'en' })).durationMs / 1000);
  const cliRun = () =>
    timed(async () => {
      const out = join(work, 'cli.mp3');
      // The reference: the two tools piped on the command line, at the same voice, rate and bitrate.
      execFileSync('sh', [
        '-c',
        `espeak-ng -v en-us -s 175 --stdout -f "${textFile}" | lame --quiet -m m -b 64 --cbr - "${out}"`,
      ]);
      return readMp3(readFileSync(out)).durationMs / 1000;
    });
  const runs = { ours: [], cli: [] };
  for (let run = 0; run < RUNS; run++) {
    // Alternating order so neither side always meets a warmer cache or a quieter machine.
    const [first, second] = run % 2 === 0 ? ['ours', 'cli'] : ['cli', 'ours'];
    for (const side of [first, second]) runs[side].push(await (side === 'ours' ? oursRun() : cliRun()));
  }
  const lamejs = await timed(
    async () => readMp3(await inProcess.synthesize(text, { language: 'en' })).durationMs / 1000,
  );
  const speed = (list) => median(list.map((entry) => entry.audioSeconds / entry.computeSeconds));
  return {
    words: text.split(/\s+/).length,
    audioSeconds: Number(runs.ours[0].audioSeconds.toFixed(1)),
    encoder: ours.encoderName,
    oursRealtimeX: Number(speed(runs.ours).toFixed(1)),
    cliRealtimeX: Number(speed(runs.cli).toFixed(1)),
    ratio: Number((speed(runs.ours) / speed(runs.cli)).toFixed(2)),
    inProcessLamejsRealtimeX: Number((lamejs.audioSeconds / lamejs.computeSeconds).toFixed(1)),
    oursSeconds: runs.ours.map((entry) => Number(entry.computeSeconds.toFixed(2))),
    cliSeconds: runs.cli.map((entry) => Number(entry.computeSeconds.toFixed(2))),
  };
}

async function exportsTiming() {
  const { PuppeteerSummaryPdfRenderer } = await load('src/providers/renderer/puppeteer-summary-pdf-renderer.js');
  const { targetPagesFor } = await load('src/providers/renderer/summary-document.js');
  const { buildSlideDeck } = await load('src/providers/slides/slide-deck.js');
  const doc = largestCorpusShape();
  const target = targetPagesFor(doc.originalPages);
  const renderer = new PuppeteerSummaryPdfRenderer(CHROMIUM, 120_000);
  const pdfRuns = [];
  try {
    for (const label of ['cold', 'warm', 'warm']) {
      const started = performance.now();
      const { pages, pdf } = await renderer.render({ ...doc, generatedAt: new Date() }, target);
      pdfRuns.push({ label, seconds: (performance.now() - started) / 1000, pages, bytes: pdf.length });
    }
  } finally {
    await renderer.close();
  }
  const pptxRuns = [];
  for (const label of ['first', 'warm', 'warm']) {
    const started = performance.now();
    const deck = await buildSlideDeck(doc);
    pptxRuns.push({
      label,
      seconds: (performance.now() - started) / 1000,
      slides: deck.slides,
      bytes: deck.pptx.length,
    });
  }
  return {
    document: {
      originalPages: doc.originalPages,
      chapters: doc.chapters.length,
      summaryWords: 150,
      targetPages: target,
    },
    pdf: {
      coldSeconds: Number(pdfRuns[0].seconds.toFixed(2)),
      warmSeconds: Number(median(pdfRuns.slice(1).map((run) => run.seconds)).toFixed(2)),
      pages: pdfRuns.map((run) => run.pages),
      bytes: pdfRuns[0].bytes,
    },
    pptx: {
      firstSeconds: Number(pptxRuns[0].seconds.toFixed(3)),
      warmSeconds: Number(median(pptxRuns.slice(1).map((run) => run.seconds)).toFixed(3)),
      slides: pptxRuns[0].slides,
      bytes: pptxRuns[0].bytes,
    },
  };
}

if (!process.env.SKIP_BUILD) build();
const work = mkdtempSync(join(tmpdir(), 'cw-bench-exports-'));
const results = {
  measuredAt: new Date().toISOString(),
  loadAverageAtStart: loadavg().map((value) => Number(value.toFixed(2))),
};
try {
  if (has('espeak-ng', '--version') && has('lame', '--version')) results.narration = await narration(work);
  else console.log('narration skipped: espeak-ng or lame is not installed');
  if (existsSync(CHROMIUM)) Object.assign(results, await exportsTiming());
  else console.log(`exports skipped: no Chromium at ${CHROMIUM}`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
results.loadAverageAtEnd = loadavg().map((value) => Number(value.toFixed(2)));

const rows = [];
if (results.narration) {
  const n = results.narration;
  rows.push(
    [
      `narration, ${n.words} words (${n.audioSeconds} s of audio): espeak-ng + our MP3 path`,
      `${n.oursRealtimeX}x realtime`,
    ],
    ['narration: espeak-ng | lame (command line, reference)', `${n.cliRealtimeX}x realtime`],
    ['narration ratio ours / reference (target >= 0.8)', `${n.ratio}`],
    ['narration with in-process lamejs (no system lame)', `${n.inProcessLamejsRealtimeX}x realtime`],
  );
}
if (results.pdf) {
  rows.push(
    [
      `summary PDF, ${results.document.originalPages} pages / ${results.document.chapters} chapters -> target ${results.document.targetPages}: cold (browser launch)`,
      `${results.pdf.coldSeconds} s`,
    ],
    ['summary PDF: warm', `${results.pdf.warmSeconds} s (pages ${results.pdf.pages.join(', ')})`],
    ['PPTX: first call', `${results.pptx.firstSeconds} s (${results.pptx.slides} slides)`],
    ['PPTX: warm', `${results.pptx.warmSeconds} s`],
  );
}
const width = Math.max(...rows.map(([label]) => label.length));
console.log(rows.map(([label, value]) => `${label.padEnd(width)}  ${value}`).join('\n'));
console.log(
  `load average ${results.loadAverageAtStart.join(' ')} -> ${results.loadAverageAtEnd.join(' ')} (2 shared cores)`,
);
mkdirSync(dirname(resultsFile), { recursive: true });
writeFileSync(resultsFile, `${JSON.stringify(results, null, 2)}\n`);
console.log(`written ${resultsFile}`);
