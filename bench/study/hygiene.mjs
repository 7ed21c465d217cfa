// Sentence hygiene, topics against the back-of-book index (over all chapters, and over the chapters the index
// points into), ELI12 grade and chapter-notes time of the offline engine on four chapters of every corpus book and
// technical manual.
// HOLDOUT=0 runs the books tuned on, HOLDOUT=1 the books kept aside; unset runs all.
// Usage: node bench/study/hygiene.mjs [--show]   (--show prints the notes of each chapter)
import { buildStudyEngine, importBuilt, printTable, writeSection } from './build.mjs';
import {
  corpusAvailable,
  heldOutFilter,
  loadCorpusBooks,
  loadTechnicalBooks,
  otherPagesSample,
  spreadChapters,
} from './corpus-books.mjs';

if (!corpusAvailable()) {
  console.log('skipped: /work/shared/corpus not found');
  process.exit(0);
}
if (!process.env.SKIP_BUILD) buildStudyEngine();
const { OfflineStudyEngine, fleschKincaidGrade } = await importBuilt('src/providers/llm/index.js');
const { sentenceProblem, needsAntecedent } = await importBuilt('src/study-kit/index.js');
const { notesProse } = await importBuilt('src/study-kit/index.js');
const { isTopicTitle } = await importBuilt('src/study-kit/index.js');
const { analyseSegments } = await importBuilt('src/study-kit/index.js');
const { stripPageCitations } = await importBuilt('src/study-kit/index.js');
const { indexEntriesOf } = await importBuilt('src/study-kit/index.js');

const show = process.argv.includes('--show');
const MIN_TOPICS = 3;
const engine = new OfflineStudyEngine();
const context = { userId: 'bench', bookId: 'hygiene' };
const books = heldOutFilter([...loadCorpusBooks(), ...loadTechnicalBooks()]);

/** The sentences of emitted text, as the engine's own analysis splits them (citations removed). */
function sentencesOfText(markdown) {
  return notesProse(markdown).flatMap((line) =>
    analyseSegments([{ text: stripPageCitations(line.text), origin: '', group: 0 }]).map((sentence) => sentence.text),
  );
}

const median = (values) => {
  const sorted = [...values].filter((value) => Number.isFinite(value)).sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)] : NaN;
};

const rows = [];
const failures = [];
const totals = { checked: 0, passed: 0, eli12Fragments: 0, grades: [], slowest: 0, everyTopics: 0, everyInIndex: 0 };

/** The index entries that point into a chapter's pages. */
const indexTermsOf = (index, chapter) => {
  const labels = new Set(chapter.pages.map((page) => page.label));
  return [...index].filter(([, pointed]) => pointed.some((label) => labels.has(label))).map(([term]) => term);
};

/** How many of a chapter's topics are index entries pointing into it. */
const topicsInIndex = (index, chapter, topics) => {
  const labels = new Set(chapter.pages.map((page) => page.label));
  return topics.filter((topic) => (index.get(topic.title.toLowerCase()) ?? []).some((label) => labels.has(label)))
    .length;
};
for (const book of books) {
  const index = indexEntriesOf(book.chapters.flatMap((chapter) => chapter.pages));
  const stats = {
    checked: 0,
    passed: 0,
    topics: 0,
    topicsInIndex: 0,
    covered: 0,
    coveredTopics: 0,
    coveredInIndex: 0,
    grades: [],
    ms: [],
  };
  const inputOf = (chapter) => ({
    bookTitle: book.title,
    chapterTitle: chapter.title,
    language: 'en',
    pages: chapter.pages,
    indexTerms: indexTermsOf(index, chapter),
    bookPages: otherPagesSample(book, chapter),
  });
  for (const chapter of spreadChapters(book)) {
    const input = inputOf(chapter);
    const indexTerms = input.indexTerms;
    const started = performance.now();
    const summary = await engine.summarizeChapter(input, context);
    const words = chapter.pages.reduce((sum, page) => sum + page.text.split(/\s+/).length, 0);
    stats.ms.push({ ms: performance.now() - started, pages: chapter.pages.length, words });
    const topics = await engine.extractTopics(input, context);
    const eli12 = topics[0] ? await engine.explainEli12({ topic: topics[0].title, chapter: input }, context) : '';
    const check = (kind, sentence, problem) => {
      stats.checked += 1;
      if (problem) failures.push({ book: book.file, chapter: chapter.title, kind, problem, sentence });
      else stats.passed += 1;
    };
    for (const sentence of sentencesOfText(summary)) check('summary', sentence, sentenceProblem(sentence));
    for (const topic of topics) check('topic', topic.title, isTopicTitle(topic.title) ? null : 'topic-title');
    const eli12Sentences = sentencesOfText(eli12);
    for (const [position, sentence] of eli12Sentences.entries()) {
      // "… the river below. But we could see …": an explanation splits a long sentence in two, the second keeping its
      // "But"; a conjunction dangles only where the explanation opens.
      const continues = position > 0 && /^(?:But|So)\s/.test(sentence);
      const problem =
        sentenceProblem(sentence) ??
        (needsAntecedent(continues ? sentence.replace(/^\w+\s+/, '') : sentence) ? 'dangling' : null);
      if (problem) totals.eli12Fragments += 1;
      check('eli12', sentence, problem);
    }
    if (eli12) stats.grades.push(fleschKincaidGrade(eli12));
    if (index.size) {
      const inIndex = topicsInIndex(index, chapter, topics);
      stats.topics += topics.length;
      stats.topicsInIndex += inIndex;
      // A chapter the index barely points into (Doxygen's "Grouping": no entry) cannot reach the target whatever
      // the engine picks: such chapters are counted apart, as the chapters of a book without an index are.
      if (indexTerms.length >= MIN_TOPICS) {
        stats.covered += 1;
        stats.coveredTopics += topics.length;
        stats.coveredInIndex += inIndex;
      }
    }
    if (show) {
      console.log(`\n##### ${book.file} / ${chapter.title} (${chapter.pages.length} pages)\n${summary}`);
      console.log(`Topics: ${topics.map((topic) => topic.title).join(' | ')}`);
      console.log(`ELI12 (${topics[0]?.title}): ${eli12}`);
    }
  }
  // Four chapters are few for a book whose index points into only some: every chapter it points into is measured too.
  const every = { chapters: 0, topics: 0, inIndex: 0 };
  for (const chapter of index.size ? book.chapters : []) {
    const input = inputOf(chapter);
    if (input.indexTerms.length < MIN_TOPICS) continue;
    const topics = await engine.extractTopics(input, context);
    every.chapters += 1;
    every.topics += topics.length;
    every.inIndex += topicsInIndex(index, chapter, topics);
  }
  totals.everyTopics += every.topics;
  totals.everyInIndex += every.inIndex;
  totals.checked += stats.checked;
  totals.passed += stats.passed;
  totals.grades.push(...stats.grades);
  for (const { ms } of stats.ms) totals.slowest = Math.max(totals.slowest, ms);
  rows.push({
    book: book.file.replace(/\.pdf$/, '').slice(0, 40),
    sentences: stats.checked,
    'hygiene pass': `${((stats.passed / Math.max(1, stats.checked)) * 100).toFixed(1)}%`,
    'topics in index': index.size
      ? `${((stats.topicsInIndex / Math.max(1, stats.topics)) * 100).toFixed(0)}%`
      : 'no index',
    'topics in index, indexed chapters': index.size
      ? `${((stats.coveredInIndex / Math.max(1, stats.coveredTopics)) * 100).toFixed(0)}% of ${stats.covered}`
      : 'no index',
    'topics in index, every indexed chapter': index.size
      ? `${((every.inIndex / Math.max(1, every.topics)) * 100).toFixed(0)}% of ${every.chapters}`
      : 'no index',
    'ELI12 FK median': median(stats.grades).toFixed(1),
    'notes ms/60 pages': Math.round(
      (stats.ms.reduce((sum, entry) => sum + entry.ms, 0) /
        Math.max(
          1,
          stats.ms.reduce((s, e) => s + e.pages, 0),
        )) *
        60,
    ),
  });
}
console.log(
  `Offline study engine on ${books.length} books, four chapters each (HOLDOUT=${process.env.HOLDOUT ?? 'all'})`,
);
printTable(rows, [
  'book',
  'sentences',
  'hygiene pass',
  'topics in index',
  'topics in index, indexed chapters',
  'topics in index, every indexed chapter',
  'ELI12 FK median',
  'notes ms/60 pages',
]);
console.log(
  `"indexed chapters": chapters with at least ${MIN_TOPICS} index entries pointing into them (the fewest topics the engine gives); "every indexed chapter": all such chapters of the book, not only the four sampled.`,
);
const summaryRow = {
  sentences: totals.checked,
  hygienePass: +((totals.passed / Math.max(1, totals.checked)) * 100).toFixed(2),
  eli12MedianGrade: +median(totals.grades).toFixed(2),
  eli12Fragments: totals.eli12Fragments,
  slowestChapterMs: Math.round(totals.slowest),
  topicsInIndexEveryIndexedChapter: +((totals.everyInIndex / Math.max(1, totals.everyTopics)) * 100).toFixed(1),
};
console.log(`\nAll: ${JSON.stringify(summaryRow)}`);
console.log('\nFailures (first 25):');
for (const failure of failures.slice(0, 25))
  console.log(`- [${failure.kind}/${failure.problem}] ${failure.book}: ${failure.sentence.slice(0, 160)}`);
if (!show)
  await writeSection(
    `hygiene_${process.env.HOLDOUT === '1' ? 'heldOut' : process.env.HOLDOUT === '0' ? 'tuned' : 'all'}`,
    {
      ...summaryRow,
      books: rows,
    },
  );
