import { parentPort } from 'node:worker_threads';
import {
  bookNotes,
  buildOfflineFlashcards,
  buildOfflineQuiz,
  chapterNotes,
  chapterTopics,
  explainSimply,
  extractiveAnswer,
  renderNotesMarkdown,
} from '../../study-kit/index.js';
import type { OfflineTask } from './offline-study.protocol.js';

/** Runs one offline study task (pure CPU work) and returns its result. */
export function runOfflineTask(task: OfflineTask): unknown {
  switch (task.op) {
    case 'chapterNotes':
      return renderNotesMarkdown(chapterNotes(task.input.pages));
    case 'bookNotes':
      return renderNotesMarkdown(bookNotes(task.input));
    case 'topics':
      return chapterTopics(task.input.pages, task.input.indexTerms, task.input.bookPages);
    case 'eli12':
      return explainSimply(task.input.topic, task.input.chapter.pages);
    case 'answer':
      return extractiveAnswer(task.input.question, task.input.passages);
    case 'flashcards':
      return {
        cards: buildOfflineFlashcards(task.input).map(({ kind, front, back, pageLabel }) => ({
          kind,
          front,
          back,
          pageLabel,
        })),
        unsupported: 0,
      };
    case 'quiz':
      return buildOfflineQuiz(task.input);
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
