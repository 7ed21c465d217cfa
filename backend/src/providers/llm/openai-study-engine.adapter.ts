import { AIMessage, type BaseMessage, HumanMessage } from '@langchain/core/messages';
import { ChatOpenAI } from '@langchain/openai';
import { setImmediate as yieldToEventLoop, setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import { chunkChapterPages } from './chapter-chunks.js';
import { analyseChapter, cleanPageTexts, teachingPages, wordCount } from '../../study-kit/index.js';
import { extractiveAnswer, groundAnswer } from '../../study-kit/index.js';
import { formatPageCitation, hasPageCitation, removeUnknownCitations, citedLabels } from '../../study-kit/index.js';
import { ELI12_MAX_GRADE, fleschKincaidGrade } from '../../study-kit/index.js';
import {
  StudyBudgetExceededError,
  StudyEngine,
  StudyEngineUnavailableError,
  StudyNotesUnusableError,
  type AnswerPassage,
  type BookInput,
  type ChapterInput,
  type GroundedAnswer,
  type LlmUsage,
  type LlmUsageLedger,
  type StudyContext,
  type TokenEstimate,
  type TopicDraft,
  type FlashcardDrafts,
  type FlashcardsInput,
  type QuizInput,
  type QuizQuestionDraft,
} from './study-engine.port.js';
import {
  checkModelFlashcards,
  checkModelQuiz,
  flashcardsPrompt,
  ModelFlashcardsSchema,
  ModelQuizSchema,
  quizPrompt,
} from './model-studio/model-studio.js';
import { checkModelExplanation, checkModelNotes, ModelNotesSchema, pageLabel } from './model-studio/model-notes.js';
import { buildOfflineQuiz, MIN_QUIZ_QUESTIONS } from '../../study-kit/index.js';
import { isTopicTitle } from '../../study-kit/index.js';
import { renderNotesMarkdown, singularKey } from '../../study-kit/index.js';
import {
  answerPrompt,
  dataBlock,
  eli12Prompt,
  eli12StricterTask,
  isEnglish,
  languageName,
  notesPrompt,
  NOTES_RETRY,
  summaryPrompt,
  topicsPrompt,
} from './study-prompts.js';
import { countTokens } from './token-counter.js';

export interface OpenAiStudyEngineSettings {
  baseUrl: string;
  apiKey: string;
  model: string;
  /** Most tokens of book text sent in one call; a merge call takes up to twice as many tokens of summaries. */
  chunkTokens: number;
  /** Most model calls in flight at once, across every operation of this engine. */
  concurrency: number;
  timeoutMs: number;
  /** Retries after the first attempt, on 429, 5xx, timeouts and dropped connections. */
  maxRetries: number;
  dailyTokenBudget: number;
  /** First backoff delay; doubles per retry, with jitter. */
  retryBaseDelayMs?: number;
}

type Operation = LlmUsage['operation'];
type SummaryPart = { text: string; labels: string[] };

const ELI12_WORDS = 120;
const ANSWER_WORDS = 150;
const MAX_RETRY_AFTER_MS = 20_000;
// For estimates: English prose runs about 1.4 tokens a word; instructions and a schema about 350 a call.
const TOKENS_PER_WORD = 1.4;
const PROMPT_TOKENS = 350;
const TOPICS_OUTPUT_TOKENS = 200;

const TopicSchema = z.object({
  title: z.string().describe('a noun phrase of 1 to 5 words'),
  pages: z.array(z.string()).describe('labels of the pages where the topic is discussed, from the [p. N] markers'),
});
const ChapterTopicsSchema = z.object({ topics: z.array(TopicSchema).min(3).max(8) });
const PartTopicsSchema = z.object({ topics: z.array(TopicSchema).min(1).max(8) });

/** Summary length asked of the model for a chapter: about 5% of its words, within 80..500. */
export function chapterSummaryWords(chapterWords: number): number {
  return clamp(Math.round(chapterWords * 0.05), 80, 500);
}

/** Book summary length: about a quarter of its chapter summaries, within 150..1000 words. */
export function bookSummaryWords(summaryWords: number): number {
  return clamp(Math.round(summaryWords * 0.25), 150, 1000);
}

/**
 * Study engine on any OpenAI-compatible chat endpoint through LangChain. Long chapters are chunked,
 * summarised in parallel and condensed; notes come back as structured output in the offline engine's
 * shape. Every call is budget-checked, timed out, retried on transient failures and recorded.
 */
export class OpenAiStudyEngine extends StudyEngine {
  readonly kind = 'llm' as const;
  private readonly model: ChatOpenAI;

  constructor(
    private readonly settings: OpenAiStudyEngineSettings,
    private readonly ledger: LlmUsageLedger,
  ) {
    super();
    // One client for the engine: its queue caps calls in flight across all users and operations.
    // LangChain's own retries are off; ours below know about budgets and map failures to plain errors.
    this.model = new ChatOpenAI({
      model: settings.model,
      apiKey: settings.apiKey,
      configuration: { baseURL: settings.baseUrl },
      timeout: settings.timeoutMs,
      maxRetries: 0,
      maxConcurrency: settings.concurrency,
    });
  }

  async summarizeChapter(input: ChapterInput, context: StudyContext): Promise<string> {
    // Chunking a long chapter is CPU work: let calls already queued (other chapters) go out first.
    await yieldToEventLoop();
    const chunks = chunkChapterPages(input.pages, this.settings.chunkTokens, input.language);
    if (chunks.length === 0) return '';
    const labels = new Set(input.pages.map((page) => page.label));
    const chapterWords = cleanPageTexts(input.pages).reduce((sum, page) => sum + wordCount(page.text), 0);
    const finalWords = chapterSummaryWords(chapterWords);
    await this.assertBudgetFor(context, chunks.reduce((sum, chunk) => sum + chunk.tokens, 0) * 1.15 + finalWords * 3);

    const heading = [`Book: ${input.bookTitle}`, `Chapter: ${input.chapterTitle}`];
    const language = languageName(input.language);
    if (chunks.length === 1) {
      return this.writeNotes('chapter_summary', context, language, labels, 'chapter', [...heading, chunks[0]!.text], {
        task: `Write the study notes of this chapter, about ${finalWords} words in all.`,
        sentenceRules: isEnglish(input.language),
      });
    }
    // Map: every chunk at once (the client's queue keeps the concurrency cap); each part its share of
    // the final length, so the merge condenses little and re-reads little.
    const partWords = clamp(Math.round(finalWords / chunks.length), 40, 250);
    const partSummaries = await Promise.all(
      chunks.map(async (chunk) => {
        const text = await this.summariseText(
          'chapter_summary',
          context,
          language,
          [...heading, chunk.text],
          `Summarise this part of the chapter in about ${partWords} words.`,
        );
        return { text: withCitations(text, chunk.labels, labels), labels: chunk.labels };
      }),
    );
    const parts = await this.condense(partSummaries, finalWords, (group, words) =>
      this.summariseText(
        'chapter_summary',
        context,
        language,
        [...heading, ...group.map((part, index) => `Part ${index + 1}:\n${part.text}`)],
        `These are summaries of consecutive parts of the chapter, in order. Merge them into one summary of about ${words} words that keeps the order and the (p. N) citations.`,
      ),
    );
    return this.writeNotes(
      'chapter_summary',
      context,
      language,
      labels,
      'chapter',
      [...heading, ...parts.map((part, index) => `Part ${index + 1}:\n${part.text}`)],
      {
        task: `These are summaries of consecutive parts of the chapter, in order. Write the study notes of the whole chapter from them, about ${finalWords} words in all.`,
        sentenceRules: isEnglish(input.language),
      },
    );
  }

  async summarizeBook(input: BookInput, context: StudyContext): Promise<string> {
    const chapters = input.chapters.filter((chapter) => chapter.summary.trim());
    if (chapters.length === 0) return '';
    const language = languageName(input.language);
    const knownLabels = new Set(chapters.flatMap((chapter) => citedLabels(chapter.summary)));
    const parts = chapters.map((chapter) => {
      const text = `Chapter ${chapter.number}: ${chapter.title}\n${chapter.summary.trim()}`;
      return { text, labels: citedLabels(chapter.summary), tokens: countTokens(text) };
    });
    const totalWords = chapters.reduce((sum, chapter) => sum + wordCount(chapter.summary), 0);
    const finalWords = bookSummaryWords(totalWords);
    await this.assertBudgetFor(context, parts.reduce((sum, part) => sum + part.tokens, 0) * 1.3 + finalWords * 3);

    const condensed = await this.condense(parts, finalWords, (group, words) =>
      this.summariseText(
        'book_summary',
        context,
        language,
        [`Book: ${input.bookTitle}`, ...group.map((part) => part.text)],
        `These are the notes of consecutive chapters of the book. Summarise them together in about ${words} words, in order, keeping the (p. N) citations.`,
      ),
    );
    return this.writeNotes(
      'book_summary',
      context,
      language,
      knownLabels,
      'book',
      [`Book: ${input.bookTitle}`, ...condensed.map((part) => part.text)],
      {
        task: `These are the notes of the book's chapters (or groups of chapters), in order. Write the study notes of the whole book from them, about ${finalWords} words in all, covering every part.`,
        sentenceRules: isEnglish(input.language),
      },
    );
  }

  // The calls of summarizeChapter and extractTopics: the text read twice, a prompt per call, parts re-read.
  override estimateChapterTokens(input: ChapterInput): TokenEstimate {
    const pages = cleanPageTexts(input.pages);
    const bookTokens = pages.reduce((sum, page) => sum + countTokens(page.text) + 4, 0);
    const chunks = Math.max(1, Math.ceil(bookTokens / this.settings.chunkTokens));
    const finalWords = chapterSummaryWords(pages.reduce((sum, page) => sum + wordCount(page.text), 0));
    const partTokens = chunks > 1 ? Math.round(finalWords * TOKENS_PER_WORD) : 0;
    const calls = chunks > 1 ? 2 * chunks + 2 : 2;
    return {
      input: Math.round(2 * bookTokens + calls * PROMPT_TOKENS + 2 * partTokens),
      output: Math.round(partTokens + finalWords * TOKENS_PER_WORD * 1.5 + chunks * TOPICS_OUTPUT_TOKENS),
    };
  }

  async extractTopics(input: ChapterInput, context: StudyContext): Promise<TopicDraft[]> {
    await yieldToEventLoop();
    const chunks = chunkChapterPages(input.pages, this.settings.chunkTokens, input.language);
    if (chunks.length === 0) return [];
    const order = input.pages.map((page) => page.label);
    const language = languageName(input.language);
    // The book's own index names the chapter's concepts: offered to the model as it is to the offline engine.
    const indexTerms = (input.indexTerms ?? []).slice(0, 60);
    // So are the terms it sets in bold or italic where it introduces them.
    const emphasised = analyseChapter(input)
      .terms.emphasised.map((entry) => entry.term)
      .slice(0, 60);
    const heading = [
      `Book: ${input.bookTitle}`,
      `Chapter: ${input.chapterTitle}`,
      ...(indexTerms.length ? [`Index entries pointing into this chapter: ${indexTerms.join('; ')}`] : []),
      ...(emphasised.length ? [`Terms the book sets in bold or italic in this chapter: ${emphasised.join('; ')}`] : []),
    ];
    await this.assertBudgetFor(context, chunks.reduce((sum, chunk) => sum + chunk.tokens, 0) * 1.2 + 800);

    let source: string[];
    if (chunks.length === 1) {
      source = [...heading, chunks[0]!.text];
    } else {
      // Long chapter: candidate topics per chunk, then one call picks the chapter's topics from them.
      const candidates = await Promise.all(
        chunks.map(async (chunk) => {
          const messages = await topicsPrompt.formatMessages({
            language,
            data: dataBlock([...heading, chunk.text]),
            task: 'List the key topics of this part of the chapter (1 to 8).',
          });
          const result = await this.invokeStructured('topics', context, messages, PartTopicsSchema, 'chapter_topics');
          return cleanTopics(result?.topics ?? [], order);
        }),
      );
      source = [
        ...heading,
        ...candidates.flat().map((topic) => `${topic.title} ${topic.pages.map((label) => `[p. ${label}]`).join(' ')}`),
      ];
    }
    const task =
      chunks.length === 1
        ? 'List the 3 to 8 key topics of this chapter.'
        : 'These are topics found in consecutive parts of the chapter, with their pages. Return the 3 to 8 key topics of the whole chapter, merging duplicates and keeping their pages.';
    const messages = await topicsPrompt.formatMessages({ language, data: dataBlock(source), task });
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const askAgain =
        attempt === 0
          ? []
          : [
              new HumanMessage(
                'Your last answer was not usable. Return 3 to 8 distinct topics, each with page labels from the [p. N] markers.',
              ),
            ];
      const result = await this.invokeStructured(
        'topics',
        context,
        [...messages, ...askAgain],
        ChapterTopicsSchema,
        'chapter_topics',
      );
      const topics = cleanTopics(result?.topics ?? [], order);
      if (topics.length >= 3) return topics.slice(0, 8);
    }
    throw new StudyEngineUnavailableError(
      'The AI service did not return usable topics for this chapter. Please try again.',
    );
  }

  async explainEli12(input: { topic: string; chapter: ChapterInput }, context: StudyContext): Promise<string> {
    const { chapter, topic } = input;
    const labels = new Set(chapter.pages.map((page) => page.label));
    const relevant = relevantPages(chapter, topic, this.settings.chunkTokens);
    const chunks = chunkChapterPages(relevant, this.settings.chunkTokens, chapter.language);
    const excerpt = chunks[0];
    if (!excerpt) return '';
    await this.assertBudgetFor(context, excerpt.tokens * 2.2 + ELI12_WORDS * 6);

    const messages = await eli12Prompt.formatMessages({
      language: languageName(chapter.language),
      words: ELI12_WORDS,
      data: dataBlock([
        `Book: ${chapter.bookTitle}`,
        `Chapter: ${chapter.chapterTitle}`,
        `Topic: ${topic}`,
        excerpt.text,
      ]),
    });
    // Held to the offline sentence rules: whole sentences, each run citing a page of the chapter.
    const span = formatPageCitation([excerpt.labels[0]!, excerpt.labels[excerpt.labels.length - 1]!]);
    const raw = await this.invokeText('eli12', context, messages);
    // The sentence rules and the grade formula are English ones; other languages get the prompt's guidance only.
    if (!isEnglish(chapter.language)) return removeUnknownCitations(raw, labels);
    const checked = (text: string) => checkModelExplanation(removeUnknownCitations(text, labels), span);
    const first = checked(raw);
    const firstGrade = fleschKincaidGrade(first);
    if (first && !(firstGrade > ELI12_MAX_GRADE)) return first;
    const stricter = await this.invokeText('eli12', context, [
      ...messages,
      new AIMessage(raw),
      new HumanMessage(eli12StricterTask(first ? firstGrade : 12, 90)),
    ]);
    const second = checked(stricter);
    if (!first) return second;
    return second && fleschKincaidGrade(second) <= firstGrade ? second : first;
  }

  async answerQuestion(
    input: { question: string; passages: AnswerPassage[] },
    context: StudyContext,
  ): Promise<GroundedAnswer> {
    // The passages share one chunk's worth of tokens; each keeps its number and where it comes from.
    const share = Math.floor(this.settings.chunkTokens / Math.max(1, input.passages.length));
    const data = input.passages.map(
      (passage) => `[${passage.id}] ${passage.source}\n${truncateToTokens(passage.text.replace(/\s+/g, ' '), share)}`,
    );
    const messages = await answerPrompt.formatMessages({
      words: ANSWER_WORDS,
      question: input.question,
      data: dataBlock(data),
    });
    const grounded = groundAnswer(await this.invokeText('search_answer', context, messages), input.passages);
    // The model found no answer: the closest passages are shown instead, as offline.
    if (!grounded.answered) return { ...extractiveAnswer(input.question, input.passages), text: '', answered: false };
    return grounded;
  }

  async generateFlashcards(input: FlashcardsInput, context: StudyContext): Promise<FlashcardDrafts> {
    await yieldToEventLoop();
    const chunks = chunkChapterPages(input.pages, this.settings.chunkTokens, input.language);
    if (chunks.length === 0) return { cards: [], unsupported: 0 };
    await this.assertBudgetFor(context, chunks.reduce((sum, chunk) => sum + chunk.tokens, 0) * 1.1 + 1500);
    const perChunk = clamp(Math.round(20 / chunks.length), 3, 20);
    const heading = [`Book: ${input.bookTitle}`, `Chapter: ${input.chapterTitle}`];
    const parts = await Promise.all(
      chunks.map(async (chunk) => {
        const messages = await flashcardsPrompt.formatMessages({
          language: languageName(input.language),
          data: dataBlock([...heading, chunk.text]),
          task: `Write ${perChunk} flashcards (about two thirds question/answer, one third cloze) for this text.`,
        });
        const result = await this.invokeStructured(
          'flashcards',
          context,
          messages,
          ModelFlashcardsSchema,
          'flashcards',
        );
        return result?.cards ?? [];
      }),
    );
    return checkModelFlashcards(input, parts.flat());
  }

  async generateQuiz(input: QuizInput, context: StudyContext): Promise<QuizQuestionDraft[]> {
    await yieldToEventLoop();
    const chunks = chunkChapterPages(input.chapter.pages, this.settings.chunkTokens, input.chapter.language);
    if (chunks.length === 0) return [];
    // One call on the first chunks that fit the budget of one: a quiz samples the chapter, it need not cover it.
    const text = chunks.slice(0, 2).map((chunk) => chunk.text);
    await this.assertBudgetFor(context, chunks.slice(0, 2).reduce((sum, chunk) => sum + chunk.tokens, 0) * 1.1 + 1500);
    const messages = await quizPrompt.formatMessages({
      language: languageName(input.chapter.language),
      data: dataBlock([`Book: ${input.chapter.bookTitle}`, `Chapter: ${input.chapter.chapterTitle}`, ...text]),
      task:
        'Write 8 multiple-choice questions on this chapter.' +
        (input.bookConcepts.length
          ? ` Other concepts of the book, usable as distractors: ${input.bookConcepts.slice(0, 40).join('; ')}.`
          : ''),
    });
    const result = await this.invokeStructured('quiz', context, messages, ModelQuizSchema, 'quiz');
    const checked = checkModelQuiz(input.chapter, result?.questions ?? []);
    // Too few supported questions: the extractive ones make up the rest, so a quiz always has five.
    if (checked.length >= MIN_QUIZ_QUESTIONS) return checked;
    return [...checked, ...buildOfflineQuiz(input)].slice(0, Math.max(MIN_QUIZ_QUESTIONS, checked.length));
  }

  // While the parts do not fit one call, merge consecutive groups that do (a window of two chunks:
  // summaries are dense, so fewer levels); the caller writes the notes from what is left.
  private async condense(
    parts: SummaryPart[],
    finalWords: number,
    merge: (group: SummaryPart[], words: number) => Promise<string>,
  ): Promise<SummaryPart[]> {
    let level = parts;
    for (let depth = 0; depth < 4; depth += 1) {
      const groups = groupByTokens(level, this.settings.chunkTokens * 2);
      if (groups.length === 1) break;
      const totalTokens = level.reduce((sum, part) => sum + countTokens(part.text), 0);
      level = await Promise.all(
        groups.map(async (group) => {
          const share = group.reduce((sum, part) => sum + countTokens(part.text), 0) / totalTokens;
          const words = clamp(
            Math.round(finalWords * share),
            40,
            Math.min(400, Math.floor(this.settings.chunkTokens / 4)),
          );
          const labels = group.flatMap((part) => part.labels);
          return { text: withCitations(await merge(group, words), labels, new Set(labels)), labels };
        }),
      );
    }
    return level;
  }

  // Rendered by the offline engine's renderer; an unusable answer is asked for once more, then the caller falls back.
  private async writeNotes(
    operation: Operation,
    context: StudyContext,
    language: string,
    labels: ReadonlySet<string>,
    scope: 'chapter' | 'book',
    lines: string[],
    { task, sentenceRules }: { task: string; sentenceRules: boolean },
  ): Promise<string> {
    const messages = await notesPrompt.formatMessages({ language, data: dataBlock(lines), task });
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const askAgain = attempt === 0 ? [] : [new HumanMessage(NOTES_RETRY)];
      const answer = await this.invokeStructured(
        operation,
        context,
        [...messages, ...askAgain],
        ModelNotesSchema,
        `${scope}_notes`,
      );
      const notes = answer && checkModelNotes(answer, labels, sentenceRules);
      if (notes) return renderNotesMarkdown(notes);
    }
    throw new StudyNotesUnusableError(scope);
  }

  private async summariseText(
    operation: Operation,
    context: StudyContext,
    language: string,
    lines: string[],
    task: string,
  ): Promise<string> {
    const messages = await summaryPrompt.formatMessages({ language, data: dataBlock(lines), task });
    return this.invokeText(operation, context, messages);
  }

  private invokeText(operation: Operation, context: StudyContext, messages: BaseMessage[]): Promise<string> {
    return this.callModel(operation, context, messages, async (signal) => {
      const message = await this.model.invoke(messages, { signal });
      return { value: messageText(message).trim(), raw: message };
    });
  }

  // The schema goes out as plain JSON Schema and the answer is validated here with zod: the OpenAI SDK's
  // own zod parsing would throw away the whole response (and its token usage) on a malformed answer.
  private invokeStructured<Schema extends z.ZodType>(
    operation: Operation,
    context: StudyContext,
    messages: BaseMessage[],
    schema: Schema,
    name: string,
  ): Promise<z.infer<Schema> | null> {
    const { $schema: _draft, ...jsonSchema } = z.toJSONSchema(schema) as Record<string, unknown>;
    const runnable = this.model.withStructuredOutput(jsonSchema, {
      name,
      includeRaw: true,
      ...(supportsJsonSchemaOutput(this.settings.model) ? { strict: true } : {}),
    });
    return this.callModel(operation, context, messages, async (signal) => {
      try {
        const { raw, parsed } = await runnable.invoke(messages, { signal });
        const checked = schema.safeParse(parsed);
        return { value: checked.success ? (checked.data as z.infer<Schema>) : null, raw: raw as AIMessage };
      } catch (error) {
        // The SDK rejects content that is not JSON before LangChain sees it: an unusable answer, not an outage.
        if (error instanceof SyntaxError) return { value: null, raw: new AIMessage('') };
        throw error;
      }
    });
  }

  private async callModel<T>(
    operation: Operation,
    context: StudyContext,
    messages: BaseMessage[],
    attempt: (signal: AbortSignal | undefined) => Promise<{ value: T; raw: AIMessage }>,
  ): Promise<T> {
    const estimatedInput = messages.reduce((sum, message) => sum + countTokens(messageText(message)) + 4, 3);
    await this.assertBudgetFor(context, estimatedInput);
    for (let retry = 0; ; retry += 1) {
      context.signal?.throwIfAborted();
      let answer: { value: T; raw: AIMessage };
      try {
        answer = await attempt(context.signal);
      } catch (error) {
        if (context.signal?.aborted) throw context.signal.reason ?? error;
        if (!isTransient(error) || retry >= this.settings.maxRetries) {
          throw new StudyEngineUnavailableError(undefined, { cause: error });
        }
        await sleep(this.backoffMs(retry, error), undefined, { signal: context.signal });
        continue;
      }
      // Recorded outside the retry loop's catch: a ledger failure must never re-send (and re-pay) a call.
      const usage = answer.raw.usage_metadata;
      await this.ledger.record({
        userId: context.userId,
        bookId: context.bookId,
        operation,
        model: this.settings.model,
        inputTokens: usage?.input_tokens ?? estimatedInput,
        outputTokens: usage?.output_tokens ?? countTokens(messageText(answer.raw)),
      });
      return answer.value;
    }
  }

  private async assertBudgetFor(context: StudyContext, tokens: number): Promise<void> {
    const used = await this.ledger.tokensUsedToday(context.userId);
    if (used + tokens > this.settings.dailyTokenBudget) throw new StudyBudgetExceededError();
  }

  private backoffMs(retry: number, error: unknown): number {
    const hinted = retryAfterMs(error);
    if (hinted !== undefined) return Math.min(hinted, MAX_RETRY_AFTER_MS);
    const base = (this.settings.retryBaseDelayMs ?? 500) * 2 ** retry;
    return base / 2 + Math.random() * base;
  }
}

// Mirrors @langchain/openai's choice: response_format json_schema for current models, forced
// function calling for gpt-3.5 / gpt-4 (where `strict` is not accepted).
function supportsJsonSchemaOutput(model: string): boolean {
  return !model.startsWith('gpt-3') && !model.startsWith('gpt-4-') && model !== 'gpt-4';
}

function truncateToTokens(text: string, maxTokens: number): string {
  if (countTokens(text) <= maxTokens) return text;
  // About four characters a token; cut on a word boundary and re-check once.
  const cut = text.slice(0, maxTokens * 4).replace(/\s+\S*$/, '');
  return countTokens(cut) <= maxTokens ? cut : cut.slice(0, Math.floor(cut.length * 0.8));
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

function messageText(message: BaseMessage): string {
  if (typeof message.content === 'string') return message.content;
  return message.content.map((part) => ('text' in part && typeof part.text === 'string' ? part.text : '')).join('');
}

/** Removes citations of pages the text does not have; cites the span of pages when none is left. */
function withCitations(summary: string, spanLabels: readonly string[], knownLabels: ReadonlySet<string>): string {
  const cleaned = removeUnknownCitations(summary, knownLabels).trim();
  if (!cleaned || hasPageCitation(cleaned)) return cleaned;
  return `${cleaned} ${formatPageCitation([spanLabels[0]!, spanLabels[spanLabels.length - 1]!])}`;
}

function groupByTokens<Part extends { text: string }>(parts: Part[], maxTokens: number): Part[][] {
  const groups: Part[][] = [];
  let current: Part[] = [];
  let tokens = 0;
  for (const part of parts) {
    const size = countTokens(part.text) + 4;
    if (current.length && tokens + size > maxTokens) {
      groups.push(current);
      current = [];
      tokens = 0;
    }
    current.push(part);
    tokens += size;
  }
  if (current.length) groups.push(current);
  return groups;
}

/** Topics as the product stores them: known page labels only, in reading order, titles de-duplicated. */
function cleanTopics(
  topics: ReadonlyArray<{ title: string; pages: string[] }>,
  order: readonly string[],
): TopicDraft[] {
  const position = new Map(order.map((label, index) => [label, index]));
  const seen = new Set<string>();
  const cleaned: TopicDraft[] = [];
  for (const topic of topics) {
    const title = topic.title.replace(/\s+/g, ' ').trim();
    // The offline engine's rule for a readable title; "Comma" and "Commas" are one topic.
    const key = singularKey(title);
    if (!isTopicTitle(title) || seen.has(key)) continue;
    const pages = new Set<string>();
    for (const raw of topic.pages) {
      const label = pageLabel(raw);
      const range = label.split(/\s*[–—-]\s*/);
      if (range.length === 2 && position.has(range[0]!) && position.has(range[1]!)) {
        const from = position.get(range[0]!)!;
        const to = position.get(range[1]!)!;
        for (let index = Math.min(from, to); index <= Math.max(from, to); index += 1) pages.add(order[index]!);
      } else if (position.has(label)) {
        pages.add(label);
      }
    }
    if (pages.size === 0) continue;
    seen.add(key);
    cleaned.push({ title, pages: [...pages].sort((a, b) => position.get(a)! - position.get(b)!) });
  }
  return cleaned;
}

/** The chapter's pages that mention the topic most, up to a chunk of tokens, in reading order. */
function relevantPages(chapter: ChapterInput, topic: string, maxTokens: number): ChapterInput['pages'] {
  const pages = teachingPages(chapter.pages);
  const words = topic
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 2);
  const scored = pages.map((page, index) => {
    const text = page.text.toLowerCase();
    const hits = words.reduce((sum, word) => sum + (text.split(word).length - 1), 0);
    return { page, index, hits, tokens: countTokens(page.text) };
  });
  const chosen: typeof scored = [];
  let tokens = 0;
  for (const candidate of [...scored].sort((a, b) => b.hits - a.hits || a.index - b.index)) {
    if (tokens + candidate.tokens > maxTokens && chosen.length) break;
    chosen.push(candidate);
    tokens += candidate.tokens;
  }
  return chosen.sort((a, b) => a.index - b.index).map((candidate) => candidate.page);
}

function statusOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const record = error as { status?: unknown; response?: { status?: unknown }; lc_error_code?: unknown };
  if (typeof record.status === 'number') return record.status;
  if (typeof record.response?.status === 'number') return record.response.status;
  return undefined;
}

// 429 and 5xx, timeouts and dropped connections are worth another try; 4xx (bad key, bad request) are not.
function isTransient(error: unknown): boolean {
  const status = statusOf(error);
  if (status !== undefined) return status === 429 || status === 408 || status >= 500;
  const text = `${(error as Error)?.name ?? ''} ${(error as Error)?.message ?? ''} ${String((error as { cause?: unknown })?.cause ?? '')}`;
  return /timeout|timed out|connection|ECONNRESET|ECONNREFUSED|socket hang up|fetch failed|network/i.test(text);
}

function retryAfterMs(error: unknown): number | undefined {
  const headers = (error as { headers?: Headers | Record<string, string> })?.headers;
  const value = headers instanceof Headers ? headers.get('retry-after') : headers?.['retry-after'];
  if (!value) return undefined;
  const seconds = Number(value);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : undefined;
}
