import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import {
  StudyEngine,
  type BookInput,
  type AnswerPassage,
  type ChapterInput,
  type GroundedAnswer,
  type StudyContext,
  type TopicDraft,
  type FlashcardDrafts,
  type FlashcardsInput,
  type QuizInput,
  type QuizQuestionDraft,
} from './study-engine.port.js';
import type { OfflineTask } from './offline-study.protocol.js';

export { offlineBookSummaryWords, offlineChapterSummaryWords } from '../../study-kit/index.js';

/**
 * Deterministic study engine without a network: structured study notes (whole sentences ranked on a
 * sentence graph with MMR, the book's definitions or characters, page citations), concept topics,
 * ELI12 built around the book's definition, and answers that abstain when the passages do not answer.
 * The CPU work runs in a worker thread when the compiled worker is there (the API stays responsive),
 * in-process otherwise (tests from TypeScript sources). The UI labels these texts as extractive.
 */
export class OfflineStudyEngine extends StudyEngine {
  readonly kind = 'offline' as const;
  private readonly runner = new OfflineTaskRunner();

  summarizeChapter(input: ChapterInput, context: StudyContext): Promise<string> {
    return this.runner.run<string>({ op: 'chapterNotes', input }, context);
  }

  summarizeBook(input: BookInput, context: StudyContext): Promise<string> {
    return this.runner.run<string>({ op: 'bookNotes', input }, context);
  }

  extractTopics(input: ChapterInput, context: StudyContext): Promise<TopicDraft[]> {
    return this.runner.run<TopicDraft[]>({ op: 'topics', input }, context);
  }

  explainEli12(input: { topic: string; chapter: ChapterInput }, context: StudyContext): Promise<string> {
    return this.runner.run<string>({ op: 'eli12', input }, context);
  }

  answerQuestion(
    input: { question: string; passages: AnswerPassage[] },
    context: StudyContext,
  ): Promise<GroundedAnswer> {
    return this.runner.run<GroundedAnswer>({ op: 'answer', input }, context);
  }

  generateFlashcards(input: FlashcardsInput, context: StudyContext): Promise<FlashcardDrafts> {
    return this.runner.run<FlashcardDrafts>({ op: 'flashcards', input }, context);
  }

  generateQuiz(input: QuizInput, context: StudyContext): Promise<QuizQuestionDraft[]> {
    return this.runner.run<QuizQuestionDraft[]>({ op: 'quiz', input }, context);
  }
}

const WORKER_FILE = new URL('./offline-study.worker.js', import.meta.url);

/** One worker thread, started on first use and unreferenced so it never keeps the process alive. */
class OfflineTaskRunner {
  private worker: Worker | null = null;
  private nextId = 0;
  private readonly pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();

  async run<T>(task: OfflineTask, context: StudyContext): Promise<T> {
    context.signal?.throwIfAborted();
    const worker = this.workerThread();
    if (!worker) {
      // The sources run as TypeScript (tests): the same work, in-process.
      const { runOfflineTask } = await import('./offline-study.worker.js');
      return runOfflineTask(task) as T;
    }
    const id = (this.nextId += 1);
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.ref();
      worker.postMessage({ id, task });
    });
  }

  private workerThread(): Worker | null {
    if (this.worker) return this.worker;
    if (!existsSync(fileURLToPath(WORKER_FILE))) return null;
    const worker = new Worker(WORKER_FILE);
    worker.unref();
    worker.on('message', (message: { id: number; result?: unknown; error?: string }) => {
      const waiting = this.pending.get(message.id);
      this.pending.delete(message.id);
      if (this.pending.size === 0) worker.unref();
      if (!waiting) return;
      if (message.error !== undefined) waiting.reject(new Error(message.error));
      else waiting.resolve(message.result);
    });
    worker.on('error', (error) => {
      for (const waiting of this.pending.values()) waiting.reject(error);
      this.pending.clear();
      this.worker = null;
    });
    this.worker = worker;
    return worker;
  }
}
