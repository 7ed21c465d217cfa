// Study studio benchmark: offline cards over the corpus (answers in the text, duplicates, cloze stop words),
// the model path against the fake model server (unsupported cards dropped), FSRS against ts-fsrs, and speed.
// Usage: node bench/studio/run.mjs   Results: printed tables and bench/results/studio.json.
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { execFileSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { printTable } from '../study/build.mjs';
import { loadStudioCorpus } from './corpus.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const resultsFile = join(here, '..', 'results', 'studio.json');
const buildDir = join(here, '..', 'results', '.studio-build');
if (!process.env.SKIP_BUILD) {
  try {
    execFileSync(
      process.execPath,
      [join(here, '..', '..', 'node_modules', 'typescript', 'bin', 'tsc'), '-p', join(here, 'tsconfig.json')],
      { stdio: 'pipe' },
    );
  } catch (error) {
    process.stderr.write(String(error.stdout ?? error)); // type errors still emit JavaScript
  }
}
const importBuilt = (path) => import(pathToFileURL(join(buildDir, path)).href);
const studio = await importBuilt('src/study-kit/index.js');
const { cleanPageTexts } = await importBuilt('src/study-kit/index.js');
const { buildOfflineFlashcards, buildOfflineQuiz, normalise, standsOn, isStopWord, wordsOf, CLOZE_BLANK } = studio;
const results = { measuredAt: new Date().toISOString(), node: process.version };

// --- 1. Offline cards over the corpus
const rows = [];
const totals = {
  typicalChapters: 0,
  typicalQuizOk: 0,
  chapters: 0,
  cards: 0,
  inChapter: 0,
  onCitedPage: 0,
  duplicates: 0,
  stopWordClozes: 0,
  quizzes: 0,
  quizOk: 0,
};
const examples = [];
for (const book of loadStudioCorpus()) {
  let cards = 0,
    inChapter = 0,
    onPage = 0,
    duplicates = 0,
    stopClozes = 0,
    quizOk = 0;
  for (const chapter of book.chapters) {
    const input = { bookTitle: book.file, chapterTitle: chapter.title, language: 'en', pages: chapter.pages };
    const clean = cleanPageTexts(chapter.pages);
    const chapterText = clean.map((page) => page.text).join(' ');
    const pageText = new Map(clean.map((page) => [page.label, page.text]));
    const drafted = buildOfflineFlashcards(input);
    const quiz = buildOfflineQuiz({ chapter: input, bookConcepts: [] }, drafted);
    const fronts = new Set();
    for (const card of drafted) {
      cards += 1;
      if (standsOn(card.back, chapterText)) inChapter += 1;
      if (standsOn(card.back, pageText.get(card.pageLabel) ?? '')) onPage += 1;
      const key = normalise(card.front);
      if (fronts.has(key)) duplicates += 1;
      fronts.add(key);
      if (card.kind === 'cloze' && (!card.front.includes(CLOZE_BLANK) || wordsOf(card.back).every(isStopWord)))
        stopClozes += 1;
    }
    const quizGood = quiz.length >= 5 && quiz.every((q) => q.options.length === 4 && new Set(q.options).size === 4);
    if (quizGood) quizOk += 1;
    // A typical chapter: at least 1,000 words (not a poem, an acknowledgement or a code listing).
    if (chapterText.split(/\s+/).length >= 1000) {
      totals.typicalChapters += 1;
      if (quizGood) totals.typicalQuizOk += 1;
    }
    totals.chapters += 1;
    totals.quizzes += 1;
    if (examples.length < 40 && drafted[0])
      examples.push({ book: book.file, chapter: chapter.title, card: drafted[0] });
  }
  rows.push({
    set: book.set,
    book: book.file.replace(/\.pdf$/, '').slice(0, 40),
    chapters: book.chapters.length,
    cards,
    'cards/ch': (cards / book.chapters.length).toFixed(1),
    'in chapter %': cards ? ((100 * inChapter) / cards).toFixed(1) : '-',
    'on cited page %': cards ? ((100 * onPage) / cards).toFixed(1) : '-',
    dup: duplicates,
    'stop-word cloze': stopClozes,
    'quiz ≥5×4': `${quizOk}/${book.chapters.length}`,
  });
  Object.assign(totals, {
    cards: totals.cards + cards,
    inChapter: totals.inChapter + inChapter,
    onCitedPage: totals.onCitedPage + onPage,
    duplicates: totals.duplicates + duplicates,
    stopWordClozes: totals.stopWordClozes + stopClozes,
    quizOk: totals.quizOk + quizOk,
  });
}
console.log('\n== Offline flashcards over the corpus (four chapters per book)');
printTable(rows, Object.keys(rows[0] ?? { set: '' }));
const inChapterShare = totals.cards ? totals.inChapter / totals.cards : 0;
console.log(
  `\nall: ${totals.cards} cards in ${totals.chapters} chapters; answers in their chapter ${(100 * inChapterShare).toFixed(1)}% ` +
    `(target ≥ 95%), on the cited page ${((100 * totals.onCitedPage) / Math.max(1, totals.cards)).toFixed(1)}%; ` +
    `duplicates ${totals.duplicates} (target 0); cloze hiding a stop word ${totals.stopWordClozes} (target 0); ` +
    `quizzes with ≥ 5 four-option questions ${totals.quizOk}/${totals.quizzes} ` +
    `(chapters of ≥ 1,000 words: ${totals.typicalQuizOk}/${totals.typicalChapters})`,
);
results.offline = { ...totals, inChapterShare, rows };

// --- 2. Model path: fake model server with scripted good and unsupported cards
const { startFakeOpenAiServer } = await importBuilt('test/fakes/fake-openai-server.js');
const { OpenAiStudyEngine } = await importBuilt('src/providers/llm/openai-study-engine.adapter.js');
const { InMemoryLlmUsageLedger } = await importBuilt('src/providers/llm/in-memory-usage-ledger.js');
const { biologyPageText } = await importBuilt('test/fixtures/study-text.js');
const { SCRIPTED_CARDS: scripted } = await importBuilt('test/fixtures/study-text.js');
const fake = await startFakeOpenAiServer({ respond: () => ({ json: { cards: scripted } }) });
const engine = new OpenAiStudyEngine(
  {
    baseUrl: fake.baseUrl,
    apiKey: 'k',
    model: 'gpt-4o-mini',
    chunkTokens: 3000,
    concurrency: 2,
    timeoutMs: 5000,
    maxRetries: 0,
    dailyTokenBudget: 1e7,
  },
  new InMemoryLlmUsageLedger(),
);
const chapter = {
  bookTitle: 'Biology Basics',
  chapterTitle: 'Photosynthesis',
  language: 'en',
  pages: [
    { label: '12', text: biologyPageText(0, 0) },
    { label: '13', text: biologyPageText(0, 1) },
  ],
};
const model = await engine.generateFlashcards(chapter, { userId: 'u', bookId: 'b' });
await fake.close();
results.model = { scripted: scripted.length, kept: model.cards.length, unsupportedDropped: model.unsupported };
console.log('\n== Model path (fake model server)');
printTable([results.model], ['scripted', 'kept', 'unsupportedDropped']);

// --- 3. FSRS: a scripted review sequence against ts-fsrs computed directly
const { newSchedule, reviewSchedule } = await importBuilt('src/modules/studio/fsrs-scheduler.js');
const require = createRequire(join(here, '..', '..', 'backend', 'package.json'));
const { fsrs, createEmptyCard, Rating } = require('ts-fsrs');
const grades = { again: Rating.Again, hard: Rating.Hard, good: Rating.Good, easy: Rating.Easy };
const script = ['good', 'good', 'again', 'hard', 'good', 'easy', 'good', 'again', 'good', 'easy', 'hard', 'good'];
let ours = newSchedule(new Date('2026-01-05T09:00:00Z'));
let reference = createEmptyCard(new Date('2026-01-05T09:00:00Z'));
let now = new Date('2026-01-05T09:00:00Z');
let equal = 0;
for (const rating of script) {
  ours = reviewSchedule(ours.fsrs, rating, now);
  reference = fsrs().next(reference, now, grades[rating]).card;
  if (ours.dueAt.getTime() === reference.due.getTime()) equal += 1;
  now = new Date(reference.due.getTime() + 3_600_000);
}
results.fsrs = { reviews: script.length, sameDueDate: equal };
console.log(`\n== FSRS: ${equal}/${script.length} due dates equal to ts-fsrs (default parameters)`);

// --- 4. Speed: cards + quiz for a 30-page chapter; review answer (schedule + preview) p95
const longChapter = loadStudioCorpus({ chaptersPerBook: 4 })
  .flatMap((book) => book.chapters)
  .filter((c) => c.pages.length >= 30)[0];
const thirty = {
  bookTitle: 'x',
  chapterTitle: longChapter.title,
  language: 'en',
  pages: longChapter.pages.slice(0, 30),
};
buildOfflineFlashcards(thirty); // warm-up (NLP model load)
const genTimes = [];
for (let i = 0; i < 5; i += 1) {
  const start = performance.now();
  // A fresh copy each time: the NLP pass is shared within one chapter's generation, never across runs.
  const chapter = { ...thirty, pages: thirty.pages.map((page) => ({ ...page })) };
  const cards = buildOfflineFlashcards(chapter);
  buildOfflineQuiz({ chapter, bookConcepts: [] }, cards);
  genTimes.push(performance.now() - start);
}
// Reference in the same run: the offline engine's chapter summary of the same 30 pages.
const { OfflineStudyEngine } = await importBuilt('src/providers/llm/offline-study-engine.adapter.js');
const offline = new OfflineStudyEngine();
const refTimes = [];
for (let i = 0; i < 5; i += 1) {
  const start = performance.now();
  await offline.summarizeChapter(
    { ...thirty, pages: thirty.pages.map((page) => ({ ...page })) },
    { userId: 'u', bookId: 'b' },
  );
  refTimes.push(performance.now() - start);
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
results.speed = {
  generateMedianMs: median(genTimes),
  offlineSummaryMedianMs: median(refTimes),
  ratio: median(genTimes) / median(refTimes),
  chapter: longChapter.title,
};
console.log(
  `\n== Offline cards + quiz for a 30-page chapter: median ${median(genTimes).toFixed(0)} ms (target ≤ 1000 ms); ` +
    `offline chapter summary of the same pages ${median(refTimes).toFixed(0)} ms (ratio ${(median(genTimes) / median(refTimes)).toFixed(2)})`,
);
mkdirSync(dirname(resultsFile), { recursive: true });
writeFileSync(resultsFile, JSON.stringify({ ...results, examples }, null, 2) + '\n');
console.log(`\nwritten ${resultsFile}`);

// --- 5. Review answer latency through the built backend (it merges its figures into the same file).
if (!process.env.SKIP_LATENCY) {
  console.log('\n== Review answer latency (built backend, SQLite)');
  execFileSync(process.execPath, [join(here, 'review-latency.mjs')], { stdio: 'inherit' });
}
