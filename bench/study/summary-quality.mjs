// Offline summary quality on SQuALITY ("What is the plot of the story?"): ChapterWise vs Lead vs plain TextRank.
// Usage: node bench/study/summary-quality.mjs [dev|train]   (OPTIONS='{"relevanceWeight":0.6}' to try settings)
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildStudyEngine, corpusDir, importBuilt, printTable, writeSection } from './build.mjs';
import { rougeAgainst, rougeTokens } from './rouge.mjs';

const split = process.argv[2] ?? 'dev';
const file = join(corpusDir, 'squality', `${split}.jsonl`);
if (!existsSync(file)) {
  console.log(`skipped: ${file} not found (the shared corpus is absent)`);
  process.exit(0);
}
if (!process.env.SKIP_BUILD) buildStudyEngine();
const { analyseSegments } = await importBuilt('src/study-kit/index.js');
const { selectSummarySentences, pageRank } = await importBuilt('src/study-kit/index.js');
const overrides = process.env.OPTIONS ? JSON.parse(process.env.OPTIONS) : {};

const QUESTION = 'What is the plot of the story?';
// A third of the stories (every third) is kept aside from tuning: HOLDOUT=1 runs them, HOLDOUT=0 the rest.
const stories = readFileSync(file, 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((line) => JSON.parse(line))
  .filter((_, index) =>
    process.env.HOLDOUT === '1' ? index % 3 === 2 : process.env.HOLDOUT === '0' ? index % 3 !== 2 : true,
  );
const { OfflineStudyEngine } = await importBuilt('src/providers/llm/offline-study-engine.adapter.js');
const { notesProse } = await importBuilt('src/study-kit/index.js');
const { stripPageCitations } = await importBuilt('src/study-kit/index.js');
const engine = new OfflineStudyEngine();
const context = { userId: 'bench', bookId: 'squality' };

/** A story as a book: pages of ~350 words, chapters of four pages; the book notes written from the chapter notes. */
async function bookNotesOf(story) {
  const words = story.document.split(/\s+/).filter(Boolean);
  const pages = [];
  for (let i = 0; i < words.length; i += 350)
    pages.push({ label: String(pages.length + 1), text: words.slice(i, i + 350).join(' ') });
  const chapters = [];
  for (let i = 0; i < pages.length; i += 4) {
    const input = {
      bookTitle: 'Story',
      chapterTitle: `Part ${chapters.length + 1}`,
      language: 'en',
      pages: pages.slice(i, i + 4),
    };
    chapters.push({
      number: chapters.length + 1,
      title: input.chapterTitle,
      summary: await engine.summarizeChapter(input, context),
    });
  }
  const book = await engine.summarizeBook({ bookTitle: 'Story', language: 'en', chapters }, context);
  return { book, chapters };
}

/** The prose of notes, citations removed, cut to whole sentences within the budget (in the notes' order). */
function notesWithin(markdown, maxWords) {
  const sentences = notesProse(markdown).flatMap((line) => stripPageCitations(line.text).split(/(?<=[.!?]["']?)\s+/));
  const kept = [];
  let used = 0;
  for (const sentence of sentences) {
    const length = rougeTokens(sentence).length;
    if (used + length > maxWords) continue;
    kept.push(sentence);
    used += length;
  }
  return kept.join(' ');
}

// Whole sentences in priority order while they fit the word budget; shown in reading order.
function fillBudget(sentences, priority, maxWords) {
  const chosen = [];
  let used = 0;
  for (const index of priority) {
    const length = sentences[index].words.length;
    if (used + length > maxWords) continue;
    chosen.push(index);
    used += length;
  }
  return chosen
    .sort((a, b) => a - b)
    .map((index) => sentences[index].text)
    .join(' ');
}

// Mihalcea & Tarau (2004): overlap of content words / (log|Si| + log|Sj|), PageRank, top sentences.
function plainTextRank(sentences, maxWords) {
  const words = sentences.map(
    (sentence) => new Set(sentence.tokens.filter((t) => t.isWord && !t.isStopWord).map((t) => t.normal)),
  );
  const graph = sentences.map(() => new Map());
  for (let i = 0; i < sentences.length; i += 1) {
    for (let j = i + 1; j < sentences.length; j += 1) {
      const a = words[i];
      const b = words[j];
      if (a.size < 2 || b.size < 2) continue;
      let overlap = 0;
      for (const word of a) if (b.has(word)) overlap += 1;
      if (overlap === 0) continue;
      const weight = overlap / (Math.log(a.size) + Math.log(b.size));
      graph[i].set(j, weight);
      graph[j].set(i, weight);
    }
  }
  const scores = pageRank(graph);
  const priority = scores
    .map((score, index) => [score, index])
    .sort((x, y) => y[0] - x[0])
    .map(([, index]) => index);
  return fillBudget(sentences, priority, maxWords);
}

const systems = ['Lead', 'TextRank', 'ChapterWise', 'Book notes', 'TextRank (book notes length)'];
const totals = Object.fromEntries(systems.map((system) => [system, { rouge1: 0, rouge2: 0, rougeL: 0, words: 0 }]));
const started = Date.now();
for (const story of stories) {
  const question = story.questions.find((q) => q.question_text === QUESTION) ?? story.questions[0];
  const references = question.responses.map((response) => response.response_text);
  const budget = Math.round(references.reduce((sum, text) => sum + rougeTokens(text).length, 0) / references.length);
  const sentences = analyseSegments([{ text: story.document, origin: '1', group: 0 }]);
  const notes = notesWithin((await bookNotesOf(story)).book, budget);
  const notesLength = rougeTokens(notes).length;
  const outputs = {
    'Book notes': notes,
    'TextRank (book notes length)': plainTextRank(sentences, notesLength),
    Lead: fillBudget(
      sentences,
      sentences.map((_, index) => index),
      budget,
    ),
    TextRank: plainTextRank(sentences, budget),
    ChapterWise: selectSummarySentences(sentences, { maxWords: budget, ...overrides })
      .map((sentence) => sentence.text)
      .join(' '),
  };
  for (const system of systems) {
    const scores = rougeAgainst(outputs[system], references);
    for (const key of ['rouge1', 'rouge2', 'rougeL']) totals[system][key] += scores[key];
    totals[system].words += rougeTokens(outputs[system]).length;
  }
}
const rows = systems.map((system) => ({
  system,
  'ROUGE-1': (totals[system].rouge1 / stories.length).toFixed(2),
  'ROUGE-2': (totals[system].rouge2 / stories.length).toFixed(2),
  'ROUGE-L': (totals[system].rougeL / stories.length).toFixed(2),
  'mean words': Math.round(totals[system].words / stories.length),
}));
console.log(
  `SQuALITY ${split}${process.env.HOLDOUT ? ` HOLDOUT=${process.env.HOLDOUT}` : ''} (${stories.length} stories, "${QUESTION}", budget = mean reference length), ${((Date.now() - started) / 1000).toFixed(1)} s`,
);
printTable(rows, ['system', 'ROUGE-1', 'ROUGE-2', 'ROUGE-L', 'mean words']);
if (!process.env.OPTIONS) {
  await writeSection(
    `summaryQuality_${split}${process.env.HOLDOUT === '1' ? '_heldOut' : process.env.HOLDOUT === '0' ? '_tuned' : ''}`,
    { stories: stories.length, question: QUESTION, systems: rows },
  );
}
