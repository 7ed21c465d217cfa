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
const { analyseSegments } = await importBuilt('src/providers/llm/chapter-text.js');
const { selectSummarySentences, pageRank } = await importBuilt('src/providers/llm/sentence-ranking.js');
const overrides = process.env.OPTIONS ? JSON.parse(process.env.OPTIONS) : {};

const QUESTION = 'What is the plot of the story?';
const stories = readFileSync(file, 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((line) => JSON.parse(line));

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

const systems = ['Lead', 'TextRank', 'ChapterWise'];
const totals = Object.fromEntries(systems.map((system) => [system, { rouge1: 0, rouge2: 0, rougeL: 0, words: 0 }]));
const started = Date.now();
for (const story of stories) {
  const question = story.questions.find((q) => q.question_text === QUESTION) ?? story.questions[0];
  const references = question.responses.map((response) => response.response_text);
  const budget = Math.round(references.reduce((sum, text) => sum + rougeTokens(text).length, 0) / references.length);
  const sentences = analyseSegments([{ text: story.document, origin: '1', group: 0 }]);
  const outputs = {
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
  `SQuALITY ${split} (${stories.length} stories, "${QUESTION}", budget = mean reference length), ${((Date.now() - started) / 1000).toFixed(1)} s`,
);
printTable(rows, ['system', 'ROUGE-1', 'ROUGE-2', 'ROUGE-L', 'mean words']);
if (!process.env.OPTIONS) {
  await writeSection(`summaryQuality_${split}`, { stories: stories.length, question: QUESTION, systems: rows });
}
