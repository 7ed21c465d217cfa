// Runs the whole study kit on one PDF as the product does: the ingestion (extraction, page labels, chapter
// detection), then per detected chapter the offline engine's notes, topics, ELI12, flashcards and quiz, and the
// book's notes from the chapter notes. Inputs are built as the app's services build them (StudyService,
// StudioService): same pages, same index terms, same background samples.

const EXTRACTION_LIMITS = {
  maxPages: 5000,
  maxOcrPages: 1000,
  ocrDpi: 300,
  maxPixelsPerPage: 40_000_000,
  ocrEngine: 'auto',
  ocrConcurrency: 2,
  readerThreads: 1,
  textLayer: 'auto',
  textLayerTimeoutMs: 120_000,
  textLayerMemoryMb: 768,
  ocrPageTimeoutMs: 60_000,
  selfDestructMs: 1_800_000,
};
// As StudyService: a sample of 60 pages of the rest of the book for topics; the index read from the last fifth.
const OTHER_PAGES_SAMPLE = 60;
// As StudioService: the first 3 pages of the 4 nearest chapters for quiz distractors; 300 cloze cards as concepts.
const QUIZ_SAMPLE_CHAPTERS = 4;
const QUIZ_SAMPLE_PAGES = 3;
const BOOK_CONCEPT_CARDS = 300;
/** ELI12 is asked per topic in the app; the bench asks it for each chapter's first topics. */
export const ELI12_TOPICS_PER_CHAPTER = 3;

const studyPage = (page) =>
  page.emphasis?.length
    ? { label: page.label, text: page.text, emphasis: page.emphasis }
    : { label: page.label, text: page.text };

export async function runKit(kit, engine, path) {
  const context = { userId: 'bench', bookId: 'study-quality' };
  const timings = {};
  let started = performance.now();
  const book = await kit.extractBook(path, EXTRACTION_LIMITS, { onProgress: () => {} });
  timings.ingestionMs = performance.now() - started;

  const pagesOf = (from, to) => book.pages.slice(from - 1, to);
  const chapterInput = (chapter) => ({
    bookTitle: book.title ?? '',
    chapterTitle: chapter.title,
    language: book.language,
    pages: pagesOf(chapter.startPage, chapter.endPage).map(studyPage),
  });
  const index =
    book.pageCount < 20
      ? new Map()
      : kit.indexEntriesOf(pagesOf(Math.floor(book.pageCount * 0.8), book.pageCount).map(studyPage), 0);
  const indexTermsOf = (chapter) => {
    const labels = new Set(pagesOf(chapter.startPage, chapter.endPage).map((page) => page.label));
    return [...index].filter(([, pointed]) => pointed.some((label) => labels.has(label))).map(([term]) => term);
  };
  const otherPagesOf = (chapter) => {
    const others = book.pages.filter((page) => page.number < chapter.startPage || page.number > chapter.endPage);
    const step = Math.max(1, Math.ceil(others.length / OTHER_PAGES_SAMPLE));
    return others.filter((_, i) => i % step === 0).map(studyPage);
  };
  const otherChaptersSample = (chapter) =>
    book.chapters
      .filter((other) => other !== chapter)
      .sort((a, b) => Math.abs(a.number - chapter.number) - Math.abs(b.number - chapter.number))
      .slice(0, QUIZ_SAMPLE_CHAPTERS)
      .flatMap((other) =>
        pagesOf(other.startPage, Math.min(other.endPage, other.startPage + QUIZ_SAMPLE_PAGES - 1)).map(studyPage),
      );

  // Time per engine method, to see where the kit's time goes.
  const opMs = {};
  const timed = async (op, work) => {
    const opStarted = performance.now();
    try {
      return await work();
    } finally {
      opMs[op] = (opMs[op] ?? 0) + performance.now() - opStarted;
    }
  };
  started = performance.now();
  // CPU time of the whole process (the engine's worker thread included): steadier than wall time on a busy machine.
  const cpuStarted = process.cpuUsage();
  const chapters = [];
  for (const chapter of book.chapters) {
    const input = chapterInput(chapter);
    const notes = await timed('notes', () => engine.summarizeChapter(input, context));
    const topicInput = { ...input, indexTerms: indexTermsOf(chapter), bookPages: otherPagesOf(chapter) };
    const topics = await timed('topics', () => engine.extractTopics(topicInput, context));
    const eli12 = [];
    for (const topic of topics.slice(0, ELI12_TOPICS_PER_CHAPTER))
      eli12.push({
        topic: topic.title,
        // As StudyService: the chapter's index entries come with it (its terms, kept as written).
        text: await timed('eli12', () =>
          engine.explainEli12(
            { topic: topic.title, chapter: { ...input, indexTerms: topicInput.indexTerms } },
            context,
          ),
        ),
      });
    // As StudioService: cards and quiz get the chapter's index entries too, and the cards get the book's cards so
    // far (the earlier chapters', as a student generating the chapters in order has them), which they do not repeat.
    const cardInput = { ...input, indexTerms: topicInput.indexTerms };
    const bookCards = chapters.flatMap((entry) => entry.cards.map(({ front, back }) => ({ front, back })));
    const { cards } = await timed('flashcards', () => engine.generateFlashcards({ ...cardInput, bookCards }, context));
    chapters.push({ chapter, input, cardInput, notes, topics, eli12, cards, quiz: [] });
  }
  // Quizzes draw distractors from the cards of the other chapters, so they come once every chapter has cards.
  const clozeCards = chapters
    .flatMap((entry) => entry.cards.filter((card) => card.kind === 'cloze').map((card) => ({ entry, card })))
    .slice(0, BOOK_CONCEPT_CARDS);
  for (const entry of chapters) {
    const bookConcepts = clozeCards.filter((item) => item.entry !== entry).map((item) => item.card.back);
    const quizInput = { chapter: entry.cardInput, bookConcepts, bookPages: otherChaptersSample(entry.chapter) };
    entry.quiz = await timed('quiz', () => engine.generateQuiz(quizInput, context));
  }
  const bookNotes = await timed('bookNotes', () =>
    engine.summarizeBook(
      {
        bookTitle: book.title ?? '',
        language: book.language,
        chapters: chapters.map((entry) => ({
          number: entry.chapter.number,
          title: entry.chapter.title,
          summary: entry.notes,
        })),
      },
      context,
    ),
  );
  timings.kitMs = performance.now() - started;
  const cpu = process.cpuUsage(cpuStarted);
  timings.kitCpuMs = (cpu.user + cpu.system) / 1000;
  timings.opMs = opMs;
  return { book, chapters, bookNotes, timings };
}
