// ELI12 readability. Offline: Flesch-Kincaid grade of the offline engine's explanations of 50 corpus
// topics (the top offline topic of chapters spread over every book). LLM path: the same topics through
// the LangChain engine against the fake model, scripted to answer first with on-topic sentences copied
// from the excerpt as the book words them, and to the stricter retry with the shortest of them; reports
// how many final answers pass the grade check and how many needed the retry.
import { buildStudyEngine, importBuilt, printTable, writeSection } from './build.mjs';
import { corpusAvailable, loadCorpusBooks } from './corpus-books.mjs';
import { dataBlockOf } from './fake-model.mjs';

if (!corpusAvailable()) {
  console.log('skipped: /work/shared/corpus not found');
  process.exit(0);
}
if (!process.env.SKIP_BUILD) buildStudyEngine();
const { createStudyEngine, InMemoryLlmUsageLedger, OfflineStudyEngine, fleschKincaidGrade, ELI12_MAX_GRADE } =
  await importBuilt('src/providers/llm/index.js');
const { startFakeOpenAiServer, lastUserText } = await importBuilt('test/fakes/fake-openai-server.js');

const TOPICS = 50;
const books = loadCorpusBooks();
const offline = new OfflineStudyEngine();
const context = { userId: 'bench', bookId: 'eli12' };

// Chapters spread evenly over each book, books taken in turn, until there are 50 topics.
const perBook = Math.ceil(TOPICS / books.length);
const cases = [];
for (let round = 0; round < perBook && cases.length < TOPICS; round += 1) {
  for (const book of books) {
    if (cases.length >= TOPICS) break;
    const chapter = book.chapters[Math.floor(((round + 0.5) * book.chapters.length) / perBook)];
    if (!chapter) continue;
    const input = { bookTitle: book.title, chapterTitle: chapter.title, language: 'en', pages: chapter.pages };
    const [topic] = await offline.extractTopics(input, context);
    if (topic) cases.push({ book: book.title, chapter: chapter.title, topic: topic.title, input });
  }
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

// Offline explanations.
const offlineGrades = [];
const offlineWords = [];
for (const item of cases) {
  const text = await offline.explainEli12({ topic: item.topic, chapter: item.input }, context);
  item.offline = text;
  offlineGrades.push(fleschKincaidGrade(text));
  offlineWords.push(text.split(/\s+/).filter(Boolean).length);
}

// LLM path with scripted answers.
const sentencesAbout = (excerpt, topic) => {
  const words = topic
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length > 2);
  return excerpt
    .replace(/\[p\. [^\]]+\]/g, ' ')
    .split(/(?<=[.!?])\s+/)
    .map((sentence) => sentence.trim())
    .filter(
      (sentence) => sentence.split(/\s+/).length >= 5 && words.some((word) => sentence.toLowerCase().includes(word)),
    );
};
const fake = await startFakeOpenAiServer({
  respond: (request) => {
    const data = dataBlockOf(
      lastUserText(request.body.messages[1] ? { messages: [request.body.messages[1]] } : request.body),
    );
    const topic = /^Topic: (.*)$/m.exec(data)?.[1] ?? '';
    const excerpt = data.split('\n').slice(3).join('\n');
    const about = sentencesAbout(excerpt, topic);
    const stricter = request.body.messages.some((message) => message.role === 'assistant');
    const picked = stricter ? [...about].sort((a, b) => a.length - b.length).slice(0, 4) : about.slice(0, 3);
    return { content: (picked.length ? picked : ['This part of the book does not say much about it.']).join(' ') };
  },
});
const engine = createStudyEngine(
  { LLM_BASE_URL: fake.baseUrl, LLM_API_KEY: 'bench', LLM_MODEL: 'gpt-4o-mini', LLM_DAILY_TOKEN_BUDGET: 1e12 },
  new InMemoryLlmUsageLedger(),
);
let firstPassed = 0;
let retried = 0;
const llmGrades = [];
for (const item of cases) {
  const before = fake.requests.length;
  const text = await engine.explainEli12({ topic: item.topic, chapter: item.input }, context);
  const calls = fake.requests.length - before;
  if (calls === 1) firstPassed += 1;
  else retried += 1;
  llmGrades.push(fleschKincaidGrade(text));
}
await fake.close();

const passing = (grades) => grades.filter((grade) => grade <= ELI12_MAX_GRADE).length;
const rows = [
  {
    path: 'offline engine',
    topics: cases.length,
    'median FK grade': median(offlineGrades).toFixed(2),
    'share <= 7': `${((passing(offlineGrades) / cases.length) * 100).toFixed(0)}%`,
    'median words': median(offlineWords),
    note: '',
  },
  {
    path: 'LLM path (fake, scripted)',
    topics: cases.length,
    'median FK grade': median(llmGrades).toFixed(2),
    'share <= 7': `${((passing(llmGrades) / cases.length) * 100).toFixed(0)}%`,
    'median words': '',
    note: `first answer passed ${firstPassed}, stricter retry used ${retried}`,
  },
];
console.log('ELI12 readability (Flesch-Kincaid grade, flesch-kincaid + syllable over wink-nlp sentences; target <= 7)');
printTable(rows, ['path', 'topics', 'median FK grade', 'share <= 7', 'median words', 'note']);
console.log('\nSamples (offline):');
for (const item of cases.slice(0, 3)) console.log(`- ${item.book} / ${item.topic}: ${item.offline.slice(0, 240)}`);
await writeSection('eli12', {
  target: ELI12_MAX_GRADE,
  rows,
  firstAnswerPassed: firstPassed,
  stricterRetryUsed: retried,
  topics: cases.map((item, index) => ({
    book: item.book,
    chapter: item.chapter,
    topic: item.topic,
    offlineGrade: +offlineGrades[index].toFixed(2),
    llmGrade: +llmGrades[index].toFixed(2),
  })),
});
