import { InMemoryLlmUsageLedger } from '../../src/providers/llm/in-memory-usage-ledger.js';
import { OpenAiStudyEngine } from '../../src/providers/llm/openai-study-engine.adapter.js';
import type { ChapterInput, StudyContext } from '../../src/providers/llm/study-engine.port.js';
import {
  lastUserText,
  startFakeOpenAiServer,
  type FakeChatBody,
  type FakeOpenAiServer,
} from '../fakes/fake-openai-server.js';
import type { Flashcard } from '@chapterwise/shared';
import { biologyPageText, SCRIPTED_CARDS } from '../fixtures/study-text.js';
import { textBookPdf } from '../fixtures/pdf-factory.js';
import { upload, waitForBook } from '../support/library.js';
import { createTestApp, registerUser } from '../support/test-app.js';

const context: StudyContext = { userId: 'user-1', bookId: 'book-1' };
const chapter: ChapterInput = {
  bookTitle: 'Biology Basics',
  chapterTitle: 'Photosynthesis',
  language: 'en',
  pages: [
    { label: '12', text: biologyPageText(0, 0) },
    { label: '13', text: biologyPageText(0, 1) },
  ],
};

function schemaName(body: FakeChatBody): string {
  const tool = typeof body.tool_choice === 'object' ? body.tool_choice.function.name : undefined;
  return tool ?? body.response_format?.json_schema?.name ?? '';
}

describe(`${OpenAiStudyEngine.name} studio`, () => {
  let fake: FakeOpenAiServer;
  let engine: OpenAiStudyEngine;

  beforeAll(async () => {
    fake = await startFakeOpenAiServer({
      respond: (request) => {
        if (schemaName(request.body) === 'flashcards') return { json: { cards: SCRIPTED_CARDS } };
        return {
          json: {
            questions: [
              {
                prompt: 'Which organelle holds the green pigment of the leaf?',
                options: ['Mitochondrion', 'Chloroplast', 'Nucleus', 'Ribosome'],
                answer: 1,
                explanation:
                  'The chloroplast is a small organelle that holds the green pigment of the leaf. It is green.',
                page: '12',
              },
              {
                prompt: 'Who discovered photosynthesis?',
                options: ['Jan Ingenhousz', 'Darwin', 'Mendel', 'Pasteur'],
                answer: 0,
                explanation: 'An unsupported claim.',
                page: '12',
              },
            ],
          },
        };
      },
    });
    engine = new OpenAiStudyEngine(
      {
        baseUrl: fake.baseUrl,
        apiKey: 'test-key',
        model: 'gpt-4o-mini',
        chunkTokens: 3000,
        concurrency: 2,
        timeoutMs: 5000,
        maxRetries: 0,
        dailyTokenBudget: 1_000_000,
        retryBaseDelayMs: 10,
      },
      new InMemoryLlmUsageLedger(),
    );
  });
  afterAll(async () => {
    await fake.close();
  });

  it('keeps the cards their cited page supports and drops and counts the others', async () => {
    const result = await engine.generateFlashcards(chapter, context);
    expect(result.unsupported).toBe(3);
    expect(result.cards.map((card) => card.back)).toEqual([
      'The process by which green plants turn light into chemical energy',
      'stomata',
      'Carbon dioxide at the start of the Calvin cycle',
      'NADPH',
    ]);
    expect(result.cards.map((card) => card.pageLabel)).toEqual(['12', '12', '13', '13']);
  });

  it("leaves out the cards the book's other chapters already have", async () => {
    const earlier = { front: 'what is Photosynthesis', back: 'A process of green plants' };
    const result = await engine.generateFlashcards({ ...chapter, bookCards: [earlier] }, context);
    expect(result.cards.map((card) => card.back)).toEqual([
      'stomata',
      'Carbon dioxide at the start of the Calvin cycle',
      'NADPH',
    ]);
  });

  it('keeps supported quiz questions, trims explanations to one sentence and tops up to five', async () => {
    const questions = await engine.generateQuiz({ chapter, bookConcepts: ['Mitochondrion', 'Glycolysis'] }, context);
    expect(questions.length).toBeGreaterThanOrEqual(5);
    expect(questions[0]).toEqual({
      prompt: 'Which organelle holds the green pigment of the leaf?',
      options: ['Mitochondrion', 'Chloroplast', 'Nucleus', 'Ribosome'],
      answer: 1,
      explanation: 'The chloroplast is a small organelle that holds the green pigment of the leaf.',
      pageLabel: '12',
    });
    expect(questions.some((question) => question.prompt.includes('Who discovered'))).toBe(false);
    for (const question of questions) expect(new Set(question.options).size).toBe(4);
  });
});

describe('Study studio API with the model engine (fake model server)', () => {
  it('keeps the cards their page supports and reports the dropped ones in X-Dropped-Cards', async () => {
    // Cards for whatever page the request cites first: two the page states, two it does not.
    const fake = await startFakeOpenAiServer({
      respond: (request) => {
        const page = /\[p\. (\d+)\]/.exec(lastUserText(request.body))?.[1] ?? '1';
        return {
          json: {
            cards: [
              {
                kind: 'qa',
                front: 'What is photosynthesis?',
                back: 'The process by which green plants turn light into chemical energy',
                page,
              },
              { kind: 'cloze', front: 'The tiny pores of a leaf are called _____.', back: 'stomata', page },
              {
                kind: 'qa',
                front: 'Who discovered photosynthesis?',
                back: 'Jan Ingenhousz in 1779 using aquatic plants',
                page,
              },
              { kind: 'cloze', front: 'Chlorophyll absorbs red _____ blue light.', back: 'and', page },
            ],
          },
        };
      },
    });
    const t = await createTestApp({
      env: { LLM_BASE_URL: fake.baseUrl, LLM_API_KEY: 'test-key', LLM_MODEL: 'gpt-4o-mini', LLM_MAX_RETRIES: '0' },
    });
    try {
      const user = await registerUser(t);
      const pdf = await textBookPdf({
        title: 'Biology Basics',
        outline: true,
        chapters: [
          { title: 'Photosynthesis', pages: 1 },
          { title: 'Respiration', pages: 1 },
        ],
        pageText: (chapter) => biologyPageText(chapter * 2, 0),
      });
      const uploaded = await upload(t, user.token, pdf).expect(201);
      await waitForBook(t, user.token, uploaded.body.id as string, undefined, 200_000);
      const chapters = await t.http
        .get(`/api/books/${uploaded.body.id}/chapters`)
        .set({ Authorization: `Bearer ${user.token}` });
      const response = await t.http
        .post(`/api/chapters/${chapters.body[0].id}/flashcards`)
        .set({ Authorization: `Bearer ${user.token}` })
        .expect(200);
      expect(response.headers['x-dropped-cards']).toBe('2');
      expect((response.body as Flashcard[]).map((card) => card.back)).toEqual([
        'The process by which green plants turn light into chemical energy',
        'stomata',
      ]);
    } finally {
      await t.close();
      await fake.close();
    }
  }, 300_000);
});
