// Token cost of summarising whole corpus books on the LLM path: input tokens of every chapter-summary
// and book-summary call (counted by the fake model, o200k_base) divided by the tokens of the chapters' text.
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

const fake = await startFakeOpenAiServer({
  respond: withScriptedNotes((request) => ({ content: lengthObeyingSummary(lastUserText(request.body)) })),
});
const config = {
  LLM_BASE_URL: fake.baseUrl,
  LLM_API_KEY: 'bench',
  LLM_MODEL: 'gpt-4o-mini',
  LLM_DAILY_TOKEN_BUDGET: 1e12,
};
const rows = [];
for (const book of loadCorpusBooks()) {
  fake.reset();
  const ledger = new InMemoryLlmUsageLedger();
  const engine = createStudyEngine(config, ledger);
  const context = { userId: 'bench', bookId: book.title };
  const chapterTokens = book.chapters.reduce(
    (sum, chapter) => sum + chapter.pages.reduce((s, page) => s + countTokens(page.text), 0),
    0,
  );
  const summaries = await Promise.all(
    book.chapters.map((chapter) =>
      engine.summarizeChapter(
        { bookTitle: book.title, chapterTitle: chapter.title, language: 'en', pages: chapter.pages },
        context,
      ),
    ),
  );
  const chapterCalls = fake.requests.length;
  const chapterInput = fake.promptTokens;
  await engine.summarizeBook(
    {
      bookTitle: book.title,
      language: 'en',
      chapters: book.chapters.map((chapter, i) => ({
        number: chapter.number,
        title: chapter.title,
        summary: summaries[i],
      })),
    },
    context,
  );
  const bookInput = fake.promptTokens - chapterInput;
  rows.push({
    book: book.title,
    chapters: book.chapters.length,
    'chapter text tokens': chapterTokens,
    'whole PDF tokens': countTokens(book.allText),
    'input tokens': fake.promptTokens,
    'book-summary input': bookInput,
    ratio: +(fake.promptTokens / chapterTokens).toFixed(3),
    'ratio vs whole PDF': +(fake.promptTokens / countTokens(book.allText)).toFixed(3),
    'LLM calls': fake.requests.length,
    'chapter calls': chapterCalls,
    'book calls': fake.requests.length - chapterCalls,
    'output tokens': fake.completionTokens,
    'ledger matches': ledger.entries.reduce((s, e) => s + e.inputTokens, 0) === fake.promptTokens,
  });
}
await fake.close();
console.log(
  "Cost: input tokens of all chapter summaries + the book summary / tokens of the chapters' text (target <= 1.15)",
);
printTable(rows, [
  'book',
  'chapters',
  'chapter text tokens',
  'input tokens',
  'book-summary input',
  'ratio',
  'ratio vs whole PDF',
  'LLM calls',
  'chapter calls',
  'book calls',
]);
const worst = Math.max(...rows.map((row) => row.ratio));
console.log(
  `worst ratio ${worst}; all ledger totals match the fake's counts: ${rows.every((row) => row['ledger matches'])}`,
);
await writeSection('cost', { target: 1.15, worstRatio: worst, chunkTokens: 3000, books: rows });
