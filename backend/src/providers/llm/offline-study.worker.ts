import { parentPort } from 'node:worker_threads';
import {
  analyseChapter,
  bookNotes,
  buildOfflineQuiz,
  chapterCards,
  chapterNotes,
  chapterTopics,
  explainTopic,
  extractiveAnswer,
  renderNotesMarkdown,
  type AnalysedChapter,
  type ChapterInput,
} from '../../study-kit/index.js';
import type { OfflineTask } from './offline-study.protocol.js';

// A chapter is analysed once and handed to each composer: its notes, topics, cards and quiz are asked for in turn.
const analysed: Array<{ key: string; chapter: AnalysedChapter }> = [];
const ANALYSED_KEPT = 4;

function analysedChapter(input: ChapterInput): AnalysedChapter {
  const key = JSON.stringify([
    input.bookTitle,
    input.chapterTitle,
    input.pages.map((page) => [page.label, page.text.length, page.emphasis ?? []]),
  ]);
  const found = analysed.find(
    (entry) => entry.key === key && entry.chapter.input.pages.every((page, at) => page.text === input.pages[at]!.text),
  );
  if (found) return withIndexOf(input, found.chapter);
  const chapter = analyseChapter(input);
  analysed.unshift({ key, chapter });
  analysed.length = Math.min(analysed.length, ANALYSED_KEPT);
  return chapter;
}

// The cache keys on the pages alone, but each call brings its own index entries (the topics call has them, the notes
// call does not): a cached analysis answers with this call's entries, so a result never depends on what ran before.
function withIndexOf(input: ChapterInput, chapter: AnalysedChapter): AnalysedChapter {
  return { ...chapter, input, terms: { ...chapter.terms, index: [...(input.indexTerms ?? [])] } };
}

// The terms the book gives for the chapter: its index entries, or its glossary where it has no index.
function bookTerms(chapter: AnalysedChapter): string[] | undefined {
  if (chapter.terms.index.length) return chapter.terms.index;
  const glossary = chapter.terms.glossary.map((entry) => entry.term);
  return glossary.length ? glossary : undefined;
}

/** Runs one offline study task (pure CPU work) and returns its result. */
export function runOfflineTask(task: OfflineTask): unknown {
  switch (task.op) {
    case 'chapterNotes':
      return renderNotesMarkdown(chapterNotes(analysedChapter(task.input)));
    case 'bookNotes':
      return renderNotesMarkdown(bookNotes(task.input));
    case 'topics':
      return chapterTopics(task.input.pages, bookTerms(analysedChapter(task.input)), task.input.bookPages);
    case 'eli12':
      return explainTopic(task.input.topic, analysedChapter(task.input.chapter));
    case 'answer':
      return extractiveAnswer(task.input.question, task.input.passages);
    case 'flashcards':
      return {
        cards: chapterCards(analysedChapter(task.input), { bookCards: task.input.bookCards }).map(
          ({ kind, front, back, pageLabel }) => ({
            kind,
            front,
            back,
            pageLabel,
          }),
        ),
        unsupported: 0,
      };
    case 'quiz':
      return buildOfflineQuiz(
        task.input,
        chapterCards(analysedChapter(task.input.chapter)),
        analysedChapter(task.input.chapter),
      );
  }
}

// In a worker thread: answer each message with its result, so the API's event loop stays free.
parentPort?.on('message', (message: { id: number; task: OfflineTask }) => {
  try {
    parentPort!.postMessage({ id: message.id, result: runOfflineTask(message.task) });
  } catch (error) {
    parentPort!.postMessage({ id: message.id, error: error instanceof Error ? error.message : String(error) });
  }
});
