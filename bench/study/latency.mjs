// Wall time of a whole-book summary (every chapter summary, then the book summary) on the LLM path with
// a fake model answering each call in 500 ms, against the ideal for LLM_CONCURRENCY:
// sum over dependency levels of ceil(calls / concurrency) x 0.5 s.
import { loadavg } from 'node:os';
import { buildStudyEngine, importBuilt, printTable, writeSection } from './build.mjs';
import { corpusAvailable, loadCorpusBooks } from './corpus-books.mjs';
import { lengthObeyingSummary } from './fake-model.mjs';

if (!corpusAvailable()) {
  console.log('skipped: /work/shared/corpus not found');
  process.exit(0);
}
if (!process.env.SKIP_BUILD) buildStudyEngine();
const { createStudyEngine, InMemoryLlmUsageLedger } = await importBuilt('src/providers/llm/index.js');
const { countTokens } = await importBuilt('src/providers/llm/token-counter.js');
const { startFakeOpenAiServer, lastUserText, withScriptedNotes } = await importBuilt(
  'test/fakes/fake-openai-server.js',
);

const LATENCY_MS = 500;
// Loading the o200k ranks is a once-per-process cost (a few seconds), not part of summarising a book.
countTokens('warm up');
const books = loadCorpusBooks();
const tokensOf = (book) =>
  book.chapters.reduce((sum, chapter) => sum + chapter.pages.reduce((s, page) => s + countTokens(page.text), 0), 0);
const largest = books.reduce((best, book) => (tokensOf(book) > tokensOf(best) ? book : best));

// Which dependency level a call belongs to, from the task the engine wrote under the data block.
function levelOf(userText) {
  if (/Summarise this (part of the )?chapter/.test(userText)) return 'chapter chunks';
  if (/Merge them into one summary/.test(userText)) return 'chapter merges';
  if (/Summarise them together/.test(userText)) return 'book group merges';
  if (/summary of the whole book/.test(userText)) return 'book summary';
  return 'other';
}

const fakeEpoch = Date.now();
const fake = await startFakeOpenAiServer({
  latencyMs: LATENCY_MS,
  respond: withScriptedNotes((request) => ({ content: lengthObeyingSummary(lastUserText(request.body)) })),
});
const rows = [];
for (const concurrency of [4, 8]) {
  fake.reset();
  const engine = createStudyEngine(
    {
      LLM_BASE_URL: fake.baseUrl,
      LLM_API_KEY: 'bench',
      LLM_MODEL: 'gpt-4o-mini',
      LLM_CONCURRENCY: concurrency,
      LLM_DAILY_TOKEN_BUDGET: 1e12,
    },
    new InMemoryLlmUsageLedger(),
  );
  const context = { userId: 'bench', bookId: largest.title };
  const started = performance.now();
  const startedAtMs = Date.now() - fakeEpoch;
  const summaries = await Promise.all(
    largest.chapters.map((chapter) =>
      engine.summarizeChapter(
        { bookTitle: largest.title, chapterTitle: chapter.title, language: 'en', pages: chapter.pages },
        context,
      ),
    ),
  );
  await engine.summarizeBook(
    {
      bookTitle: largest.title,
      language: 'en',
      chapters: largest.chapters.map((chapter, i) => ({
        number: chapter.number,
        title: chapter.title,
        summary: summaries[i],
      })),
    },
    context,
  );
  const wall = (performance.now() - started) / 1000;
  const startedAt = fake.requests[0].receivedAt;
  if (process.env.DEBUG)
    console.log(
      fake.requests
        .map((r) => `${levelOf(lastUserText(r.body)).split(' ')[1]}@${((r.receivedAt - startedAt) / 1000).toFixed(1)}`)
        .join(' '),
    );
  const levels = new Map();
  for (const request of fake.requests) {
    const level = levelOf(lastUserText(request.body));
    levels.set(level, (levels.get(level) ?? 0) + 1);
  }
  const ideal = [...levels.values()].reduce(
    (sum, calls) => sum + Math.ceil(calls / concurrency) * (LATENCY_MS / 1000),
    0,
  );
  rows.push({
    book: largest.title,
    LLM_CONCURRENCY: concurrency,
    calls: fake.requests.length,
    'calls per level': [...levels.entries()].map(([level, calls]) => `${level} ${calls}`).join(', '),
    'max in flight': fake.maxInFlight,
    'wall s': +wall.toFixed(2),
    'ideal s': +ideal.toFixed(2),
    'wall / ideal': +(wall / ideal).toFixed(3),
    'first call after s': +((fake.requests[0].receivedAt - startedAtMs) / 1000).toFixed(2),
    'load average': loadavg()[0].toFixed(1),
  });
}
await fake.close();
console.log(
  `Latency: whole-book summary of the largest corpus book (${tokensOf(largest)} tokens), fake model ${LATENCY_MS} ms per call (target <= 1.2x ideal)`,
);
printTable(rows, [
  'book',
  'LLM_CONCURRENCY',
  'calls',
  'calls per level',
  'max in flight',
  'first call after s',
  'wall s',
  'ideal s',
  'wall / ideal',
  'load average',
]);
await writeSection('latency', { target: 1.2, latencyMsPerCall: LATENCY_MS, runs: rows });
