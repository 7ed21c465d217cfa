// "Ask your library" offline: 40 questions written before tuning (bench/study/ask-questions.json):
// 20 a corpus book answers on a known page, 20 no corpus book answers. Pages are retrieved with BM25
// over every page of the corpus books (as the app's full-text search would), the offline engine answers.
// Targets: the right page cited for >= 80% of the answerable, abstention for >= 90% of the others.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildStudyEngine, importBuilt, printTable, writeSection } from './build.mjs';
import { corpusAvailable, loadCorpusBooks } from './corpus-books.mjs';

if (!corpusAvailable()) {
  console.log('skipped: /work/shared/corpus not found');
  process.exit(0);
}
if (!process.env.SKIP_BUILD) buildStudyEngine();
const { extractiveAnswer } = await importBuilt('src/providers/llm/grounded-answer.js');
// HOLDOUT=1 asks the questions kept aside from tuning (ask-questions-heldout.json) instead.
const heldOut = process.env.HOLDOUT === '1';
const questions = JSON.parse(
  readFileSync(join(import.meta.dirname, heldOut ? 'ask-questions-heldout.json' : 'ask-questions.json'), 'utf8'),
);

const STOP = new Set(
  'a an the of to in on at by for with from and or is are was were be do does did what why how who whom when where which i you it this that should can my your there'.split(
    ' ',
  ),
);
const tokens = (text) => (text.toLowerCase().match(/[a-z0-9:]+/g) ?? []).filter((word) => !STOP.has(word));
const pages = loadCorpusBooks().flatMap((book) =>
  book.chapters.flatMap((chapter) =>
    chapter.pages.map((page) => ({
      book: book.file,
      physical: page.physical,
      label: page.label,
      text: page.text,
      words: tokens(page.text),
    })),
  ),
);
const documentFrequency = new Map();
for (const page of pages)
  for (const word of new Set(page.words)) documentFrequency.set(word, (documentFrequency.get(word) ?? 0) + 1);
const averageLength = pages.reduce((sum, page) => sum + page.words.length, 0) / pages.length;
function retrieve(question, limit = 6) {
  const terms = [...new Set(tokens(question))];
  return pages
    .map((page) => {
      const counts = new Map();
      for (const word of page.words) counts.set(word, (counts.get(word) ?? 0) + 1);
      let score = 0;
      for (const term of terms) {
        const tf = counts.get(term) ?? 0;
        if (!tf) continue;
        const idf = Math.log(
          1 + (pages.length - documentFrequency.get(term) + 0.5) / (documentFrequency.get(term) + 0.5),
        );
        score += (idf * tf * 2.2) / (tf + 1.2 * (0.25 + (0.75 * page.words.length) / averageLength));
      }
      return { page, score };
    })
    .filter((entry) => entry.score > 0)
    .sort((a, b) => b.score - a.score)
    .slice(0, limit)
    .map((entry) => entry.page);
}

const rows = [];
let answerableRight = 0;
let unanswerableAbstained = 0;
for (const question of questions) {
  const found = retrieve(question.q);
  const passages = found.map((page, index) => ({
    id: index + 1,
    source: `${page.book}, p. ${page.label}`,
    text: page.text,
  }));
  const answer = found.length ? extractiveAnswer(question.q, passages) : { text: '', citations: [], answered: false };
  const cited = answer.answered ? answer.citations.map((citation) => found[citation.passage - 1]) : [];
  let verdict;
  if (question.book) {
    const right = cited.some((page) => page.book === question.book && question.pages.includes(page.physical));
    if (right) answerableRight += 1;
    verdict = right ? 'right page' : answer.answered ? 'wrong page' : 'abstained';
  } else {
    if (!answer.answered) unanswerableAbstained += 1;
    verdict = answer.answered ? 'answered (wrong)' : 'abstained';
  }
  rows.push({
    question: question.q.slice(0, 58),
    kind: question.book ? 'answerable' : 'not in books',
    verdict,
    answer: (answer.text || '').replace(/\s+/g, ' ').slice(0, 70),
  });
}
const answerable = questions.filter((question) => question.book).length;
const others = questions.length - answerable;
printTable(rows, ['question', 'kind', 'verdict', 'answer']);
const summary = {
  answerable,
  rightPage: +((answerableRight / answerable) * 100).toFixed(1),
  notInBooks: others,
  abstained: +((unanswerableAbstained / others) * 100).toFixed(1),
};
console.log(
  `\nright page cited: ${summary.rightPage}% of ${answerable} (target >= 80%); abstained: ${summary.abstained}% of ${others} (target >= 90%)`,
);
await writeSection(heldOut ? 'ask_heldOut' : 'ask', { ...summary, rows });
