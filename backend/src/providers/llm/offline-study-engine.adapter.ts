import { extractiveAnswer } from './grounded-answer.js';
import { bookNotes, chapterNotes, chapterTopics, explainSimply } from './offline-notes.js';
import {
  StudyEngine,
  type BookInput,
  type AnswerPassage,
  type ChapterInput,
  type GroundedAnswer,
  type StudyContext,
  type TopicDraft,
  type FlashcardDrafts,
  type QuizInput,
  type QuizQuestionDraft,
} from './study-engine.port.js';
import { renderNotesMarkdown } from './study-notes.js';
import { buildOfflineFlashcards, buildOfflineQuiz } from './offline-studio/index.js';

export { offlineBookSummaryWords, offlineChapterSummaryWords } from './offline-notes.js';

/**
 * Deterministic study engine without a network: extractive summaries (sentence graph ranking with MMR
 * under a length budget, in reading order, with page references), YAKE-style key phrases as topics,
 * and ELI12 texts made of the simplest sentences about the topic. The UI labels these as extractive.
 */
export class OfflineStudyEngine extends StudyEngine {
  readonly kind = 'offline' as const;

  summarizeChapter(input: ChapterInput, context: StudyContext): Promise<string> {
    return runSync(context, () => renderNotesMarkdown(chapterNotes(input.pages)));
  }

  summarizeBook(input: BookInput, context: StudyContext): Promise<string> {
    return runSync(context, () => renderNotesMarkdown(bookNotes(input)));
  }

  extractTopics(input: ChapterInput, context: StudyContext): Promise<TopicDraft[]> {
    return runSync(context, () => chapterTopics(input.pages, input.indexTerms));
  }

  explainEli12(input: { topic: string; chapter: ChapterInput }, context: StudyContext): Promise<string> {
    return runSync(context, () => explainSimply(input.topic, input.chapter.pages));
  }

  answerQuestion(
    input: { question: string; passages: AnswerPassage[] },
    context: StudyContext,
  ): Promise<GroundedAnswer> {
    return runSync(context, () => extractiveAnswer(input.question, input.passages));
  }

  generateFlashcards(input: ChapterInput, context: StudyContext): Promise<FlashcardDrafts> {
    return runSync(context, () => ({
      cards: buildOfflineFlashcards(input).map(({ kind, front, back, pageLabel }) => ({
        kind,
        front,
        back,
        pageLabel,
      })),
      unsupported: 0,
    }));
  }

  generateQuiz(input: QuizInput, context: StudyContext): Promise<QuizQuestionDraft[]> {
    return runSync(context, () => buildOfflineQuiz(input));
  }
}

// The offline work is synchronous CPU; it still honours a signal that was aborted before it started.
function runSync<T>(context: StudyContext, work: () => T): Promise<T> {
  try {
    context.signal?.throwIfAborted();
    return Promise.resolve(work());
  } catch (error) {
    return Promise.reject(error as Error);
  }
}
