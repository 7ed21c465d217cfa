// Question banks over the corpus: for each chapter of ten or more pages (bench/studio's corpus chapters), the
// questions the offline studio's drafts give once checked against their pages, by kind; the mark is 15.
// Usage: node bench/exams/bank.mjs   (needs `npm run build`; reads backend/dist and ../shared/corpus)
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadStudioCorpus } from '../studio/corpus.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const dist = join(here, '..', '..', 'backend', 'dist');
const { OfflineStudyEngine } = await import(join(dist, 'providers', 'llm', 'offline-study-engine.adapter.js'));
const { buildChapterQuestions, MIN_QUESTIONS_PER_CHAPTER } = await import(
  join(dist, 'modules', 'exams', 'question-bank.js')
);

const engine = new OfflineStudyEngine();
const context = { userId: 'bench', bookId: 'bench' };
const rows = [];
for (const book of loadStudioCorpus({ chaptersPerBook: 2 })) {
  for (const chapter of book.chapters) {
    if (chapter.pages.length < 10) continue;
    const input = { bookTitle: book.file, chapterTitle: chapter.title, language: 'en', pages: chapter.pages };
    const cards = (await engine.generateFlashcards(input, context)).cards;
    const quiz = await engine.generateQuiz({ chapter: input, bookConcepts: [] }, context);
    const questions = buildChapterQuestions({
      pages: chapter.pages.map((page, index) => ({ number: index + 1, label: page.label, text: page.text })),
      cards,
      quiz,
      bookAnswers: [],
    });
    const kinds = { multiple_choice: 0, cloze: 0, true_false: 0, book_exercise: 0 };
    for (const question of questions) kinds[question.kind]++;
    rows.push({
      book: book.file,
      chapter: chapter.title,
      pages: chapter.pages.length,
      questions: questions.length,
      ...kinds,
    });
  }
}
const counts = rows.map((row) => row.questions).sort((a, b) => a - b);
const result = {
  chapters: rows.length,
  minQuestions: counts[0] ?? 0,
  medianQuestions: counts[Math.floor(counts.length / 2)] ?? 0,
  chaptersBelowMark: rows.filter((row) => row.questions < MIN_QUESTIONS_PER_CHAPTER).length,
  mark: MIN_QUESTIONS_PER_CHAPTER,
  rows,
};
const table = [['book', 'pages', 'questions', 'mc', 'cloze', 't/f', 'book']].concat(
  rows.map((row) => [
    row.book.slice(0, 34),
    String(row.pages),
    String(row.questions),
    String(row.multiple_choice),
    String(row.cloze),
    String(row.true_false),
    String(row.book_exercise),
  ]),
);
const widths = table[0].map((_, column) => Math.max(...table.map((row) => row[column].length)));
for (const row of table) console.log(row.map((cell, column) => cell.padEnd(widths[column])).join('  '));
console.log(
  `${result.chapters} chapters of 10+ pages: min ${result.minQuestions}, median ${result.medianQuestions} questions; ` +
    `${result.chaptersBelowMark} below ${result.mark}.`,
);
const file = join(here, '..', 'results', 'exams.json');
mkdirSync(dirname(file), { recursive: true });
let all = {};
try {
  all = JSON.parse(readFileSync(file, 'utf8'));
} catch {
  // first run
}
writeFileSync(
  file,
  JSON.stringify({ ...all, bank: { ...result, measuredAt: new Date().toISOString() } }, null, 2) + '\n',
);
if (result.chaptersBelowMark > 0) process.exitCode = 1;
process.exit();
