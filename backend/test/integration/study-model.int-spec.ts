import type { Book, Chapter, ChapterPreparation, Topic } from '@chapterwise/shared';
import JSZip from 'jszip';
import {
  lastUserText,
  messageText,
  scriptedNotes,
  startFakeOpenAiServer,
  structuredOutputName,
  withScriptedNotes,
  type FakeOpenAiServer,
  type FakeResponder,
} from '../fakes/fake-openai-server.js';
import { testDatabases } from '../support/databases.js';
import { readyBook } from '../support/library.js';
import { createTestApp, registerUser, type TestApp } from '../support/test-app.js';

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
const TEXT_REPLY: FakeResponder = () => ({ content: 'A short answer from the fake model (p. 1).' });
const PRICE = { input: 0.15, output: 0.6 };
// The notes shape the offline engine renders: an overview citing pages, then cited key-point bullets.
const NOTES_SHAPE = /^[A-Z][^\n]*[.!?] \(p\. [^)]+\)\n\n### Key points\n\n(?:- [A-Z][^\n]*[.!?] \(p\. [^)]+\)\n?)+/;

function citedLabelsOf(markdown: string): string[] {
  return [...markdown.matchAll(/\(pp?\. ([^)]+)\)/g)].flatMap((match) => match[1]!.split(/[–-]/));
}

describe.each(testDatabases())('Study notes and "Prepare all chapters" with a model on %s', (database) => {
  let model: FakeOpenAiServer;
  let t: TestApp;

  beforeAll(async () => {
    model = await startFakeOpenAiServer();
    t = await createTestApp({
      database,
      env: {
        LLM_BASE_URL: model.baseUrl,
        LLM_API_KEY: 'test-key',
        LLM_MODEL: 'fake-model',
        LLM_MAX_RETRIES: '0',
        LLM_INPUT_USD_PER_MTOK: String(PRICE.input),
        LLM_OUTPUT_USD_PER_MTOK: String(PRICE.output),
      },
    });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await model?.close();
  });
  beforeEach(() => {
    model.reset();
    model.setResponder(withScriptedNotes(TEXT_REPLY));
  });

  const chapterOf = async (token: string, id: string) =>
    (await t.http.get(`/api/chapters/${id}`).set(auth(token)).expect(200)).body as Chapter;

  it('gives the student structured notes citing pages of the chapter', async () => {
    const user = await registerUser(t);
    const book = await readyBook(t, user.token);
    const id = book.chapterIds[0]!;

    const response = await t.http.post(`/api/chapters/${id}/summarize`).set(auth(user.token)).expect(200);

    const summary = response.body.summary as string;
    expect(summary).toMatch(NOTES_SHAPE);
    const chapter = await chapterOf(user.token, id);
    for (const label of citedLabelsOf(summary)) {
      expect(Number(label)).toBeGreaterThanOrEqual(Number(chapter.start_label));
      expect(Number(label)).toBeLessThanOrEqual(Number(chapter.end_label));
    }
    expect(chapter.summary).toBe(summary);
    expect(structuredOutputName(model.requests[0]!.body)).toBe('chapter_notes');
  });

  it('drops bullets citing a page outside the chapter and fragments', async () => {
    const user = await registerUser(t);
    const book = await readyBook(t, user.token);
    model.setResponder((request) => {
      const notes = scriptedNotes(request.body);
      return {
        json: {
          ...notes,
          key_points: [
            ...notes.key_points,
            { text: 'The lighthouse keeper rowed out to the wreck at dawn.', page: '999' },
            { text: 'and then the winter of the', page: notes.overview[0]!.page },
          ],
        },
      };
    });

    const summary = (
      await t.http.post(`/api/chapters/${book.chapterIds[1]}/summarize`).set(auth(user.token)).expect(200)
    ).body.summary as string;

    expect(summary).toMatch(NOTES_SHAPE);
    expect(summary).not.toContain('lighthouse');
    expect(summary).not.toContain('999');
    expect(summary).not.toContain('winter of the');
  });

  it("writes the offline engine's notes, labelled, for a chapter whose model notes are unusable twice", async () => {
    const user = await registerUser(t);
    const book = await readyBook(t, user.token);
    const id = book.chapterIds[0]!;
    // Not JSON, then notes citing pages the chapter lacks, or fragments.
    model.enqueue({ content: '{"overview": [{"text": "The river' });
    model.setResponder((request) => {
      const notes = scriptedNotes(request.body);
      return {
        json: {
          ...notes,
          overview: notes.overview.map((line) => ({ ...line, page: '999' })),
          key_points: notes.key_points.map((line) => ({ ...line, text: line.text.toLowerCase().slice(0, 20) })),
        },
      };
    });

    const response = await t.http.post(`/api/chapters/${id}/summarize`).set(auth(user.token)).expect(200);

    expect(model.requests).toHaveLength(2);
    const summary = response.body.summary as string;
    expect(summary).toMatch(NOTES_SHAPE);
    expect(summary).not.toContain('999');
    const chapter = await chapterOf(user.token, id);
    expect(chapter).toMatchObject({ summary, summary_engine: 'offline' });

    // The student may still ask the model again, explicitly: its usable notes replace the extractive ones.
    model.setResponder(withScriptedNotes(TEXT_REPLY));
    const again = await t.http.post(`/api/chapters/${id}/summarize`).set(auth(user.token)).expect(200);
    expect(model.requests).toHaveLength(3);
    expect(await chapterOf(user.token, id)).toMatchObject({ summary: again.body.summary, summary_engine: 'llm' });
  });

  // Chapter notes requests by chapter title ("Chapter: The River" heads the delimited text).
  const notesRequestsPerChapter = () => {
    const counts = new Map<string, number>();
    for (const request of model.requests) {
      if (structuredOutputName(request.body) !== 'chapter_notes') continue;
      // A retry ends with the request to answer again: the chapter is named in the messages before it.
      const title = /Chapter: ([^\n]+)/.exec(request.body.messages.map(messageText).join('\n'))?.[1] ?? '?';
      counts.set(title, (counts.get(title) ?? 0) + 1);
    }
    return Object.fromEntries(counts);
  };
  const titleSlideText = async (token: string, id: string) => {
    const deck = await t.http.post(`/api/export/pptx/${id}`).set(auth(token)).expect(200);
    const link = new URL(deck.body.pptx_url as string, t.url);
    const file = await t.http
      .get(`${link.pathname}${link.search}`)
      .buffer(true)
      .parse((response, done) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    const zip = await JSZip.loadAsync(file.body as Buffer);
    return zip.file('ppt/slides/slide1.xml')!.async('string');
  };
  const summarizeBook = (token: string, id: string) =>
    t.http.post(`/api/books/${id}/summarize`).set(auth(token)).expect(200);

  it('sends each chapter once however often the book summary is asked for, during the job and after', async () => {
    const user = await registerUser(t);
    const book = await readyBook(t, user.token);
    model.setLatency(150);
    try {
      // Three at once: the later ones join the running job.
      const answers = await Promise.all([1, 2, 3].map(() => summarizeBook(user.token, book.id)));
      const calls = model.requests.length;
      for (let ask = 0; ask < 3; ask += 1) answers.push(await summarizeBook(user.token, book.id));

      expect(new Set(answers.map((answer) => answer.body.summary)).size).toBe(1);
      expect(notesRequestsPerChapter()).toEqual({ 'The River': 1, 'The Winter': 1, 'The Letter': 1 });
      expect(model.requests.filter((request) => structuredOutputName(request.body) === 'book_notes')).toHaveLength(1);
      expect(model.requests).toHaveLength(calls);
    } finally {
      model.setLatency(0);
    }
    const detail = (await t.http.get(`/api/books/${book.id}`).set(auth(user.token)).expect(200)).body as Book;
    expect(detail).toMatchObject({ full_summary_engine: 'llm', summary_job: null });
    for (const id of book.chapterIds) expect((await chapterOf(user.token, id)).summary_engine).toBe('llm');
    expect(await titleSlideText(user.token, book.id)).not.toContain('Extractive summary');
  });

  it("completes the book summary with labelled offline notes when the model never cites the chapter's pages", async () => {
    const user = await registerUser(t);
    const book = await readyBook(t, user.token);
    // A weak model: well-formed notes, every citation outside the chapter (and the book).
    model.setResponder((request) => {
      const notes = scriptedNotes(request.body);
      const away = (lines: Array<{ text: string; page: string }>) => lines.map((line) => ({ ...line, page: '999' }));
      return { json: { ...notes, overview: away(notes.overview), key_points: away(notes.key_points), key_terms: [] } };
    });

    const first = await summarizeBook(user.token, book.id);

    // One answer and one retry per chapter, then the same for the book summary.
    expect(notesRequestsPerChapter()).toEqual({ 'The River': 2, 'The Winter': 2, 'The Letter': 2 });
    expect(model.requests.filter((request) => structuredOutputName(request.body) === 'book_notes')).toHaveLength(2);
    expect(first.body.summary).not.toContain('999');
    const detail = (await t.http.get(`/api/books/${book.id}`).set(auth(user.token)).expect(200)).body as Book;
    expect(detail).toMatchObject({
      full_summary: first.body.summary,
      full_summary_engine: 'offline',
      summary_job: null,
    });
    for (const id of book.chapterIds) {
      const chapter = await chapterOf(user.token, id);
      expect(chapter.summary).toMatch(NOTES_SHAPE);
      expect(chapter.summary_engine).toBe('offline');
    }

    // Asked again and again: the stored summary, and nothing sent.
    const calls = model.requests.length;
    for (let ask = 0; ask < 3; ask += 1)
      expect((await summarizeBook(user.token, book.id)).body.summary).toBe(first.body.summary);
    expect(model.requests).toHaveLength(calls);

    // The exports say so too: the deck's title slide carries the label.
    expect(await titleSlideText(user.token, book.id)).toContain('Extractive summary (offline engine)');
  });

  it('prepares every chapter as one job, with progress and the estimated cost first, for the owner only', async () => {
    const owner = await registerUser(t);
    const stranger = await registerUser(t);
    const book = await readyBook(t, owner.token);

    const before = (await t.http.get(`/api/books/${book.id}/prepare`).set(auth(owner.token)).expect(200))
      .body as ChapterPreparation;
    expect(before).toMatchObject({ status: 'idle', chapters_done: 0, chapters_total: 3, error: null });
    expect(before.estimate.input_tokens).toBeGreaterThan(500);
    expect(before.estimate.output_tokens).toBeGreaterThan(100);
    // Priced per million tokens and given to the millionth of a dollar.
    expect(before.estimate.cost_usd).toBe(
      Math.round(before.estimate.input_tokens * PRICE.input + before.estimate.output_tokens * PRICE.output) / 1e6,
    );
    expect(model.requests).toHaveLength(0);
    await t.http.get(`/api/books/${book.id}/prepare`).set(auth(stranger.token)).expect(404);
    await t.http.post(`/api/books/${book.id}/prepare`).set(auth(stranger.token)).expect(404);
    // The only input is the id: a malformed one names nothing, like another user's (404).
    await t.http.post('/api/books/not-a-book/prepare').set(auth(owner.token)).expect(404);

    const started = await t.http.post(`/api/books/${book.id}/prepare`).set(auth(owner.token)).expect(202);
    expect(started.body).toMatchObject({ status: 'running', chapters_total: 3 });
    let progress = started.body as ChapterPreparation;
    const deadline = Date.now() + 30_000;
    while (progress.status === 'running' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const previous = progress.chapters_done;
      progress = (await t.http.get(`/api/books/${book.id}/prepare`).set(auth(owner.token)).expect(200)).body;
      expect(progress.chapters_done).toBeGreaterThanOrEqual(previous);
    }
    expect(progress).toMatchObject({ status: 'done', chapters_done: 3, chapters_total: 3, error: null });
    expect(progress.estimate).toEqual({ input_tokens: 0, output_tokens: 0, cost_usd: 0 });
    for (const id of book.chapterIds) {
      expect((await chapterOf(owner.token, id)).summary).toMatch(NOTES_SHAPE);
      const topics = (await t.http.get(`/api/chapters/${id}/topics`).set(auth(owner.token)).expect(200))
        .body as Topic[];
      expect(topics.length).toBeGreaterThanOrEqual(3);
    }
    // Nothing left: asking again starts nothing.
    const calls = model.requests.length;
    const again = await t.http.post(`/api/books/${book.id}/prepare`).set(auth(owner.token)).expect(202);
    expect(again.body).toMatchObject({ status: 'done', chapters_done: 3 });
    expect(model.requests).toHaveLength(calls);
  }, 60_000);

  it('says why a preparation failed, keeps the chapters done, and finishes the rest when started again', async () => {
    const owner = await registerUser(t);
    const book = await readyBook(t, owner.token);
    const winter = withScriptedNotes(TEXT_REPLY);
    model.setResponder((request, index) =>
      lastUserText(request.body).includes('Chapter: The Winter') ? { status: 400 } : winter(request, index),
    );

    await t.http.post(`/api/books/${book.id}/prepare`).set(auth(owner.token)).expect(202);
    let progress: ChapterPreparation;
    const deadline = Date.now() + 30_000;
    do {
      await new Promise((resolve) => setTimeout(resolve, 100));
      progress = (await t.http.get(`/api/books/${book.id}/prepare`).set(auth(owner.token)).expect(200)).body;
    } while (progress.status === 'running' && Date.now() < deadline);

    expect(progress).toMatchObject({
      status: 'failed',
      chapters_total: 3,
      error: 'The AI service is not responding right now. Please try again in a few minutes.',
    });
    expect(progress.chapters_done).toBeLessThan(3);
    expect(progress.estimate.input_tokens).toBeGreaterThan(0);
    const winterChapter = await chapterOf(owner.token, book.chapterIds[1]!);
    expect(winterChapter.summary).toBeNull();

    model.setResponder(withScriptedNotes(TEXT_REPLY));
    await t.http.post(`/api/books/${book.id}/prepare`).set(auth(owner.token)).expect(202);
    const until = Date.now() + 30_000;
    do {
      await new Promise((resolve) => setTimeout(resolve, 100));
      progress = (await t.http.get(`/api/books/${book.id}/prepare`).set(auth(owner.token)).expect(200)).body;
    } while (progress.status !== 'done' && Date.now() < until);
    expect(progress).toMatchObject({ status: 'done', chapters_done: 3, error: null });
  }, 60_000);
});

describe('"Prepare all chapters" with the offline engine', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ env: { STUDY_PREPARE_OFFLINE: 'false' } });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  it('is refused: offline notes are prepared during ingestion', async () => {
    const user = await registerUser(t);
    const book = await readyBook(t, user.token);
    const refused = await t.http.get(`/api/books/${book.id}/prepare`).set(auth(user.token)).expect(409);
    expect(refused.body.detail).toMatch(/offline engine/);
    await t.http.post(`/api/books/${book.id}/prepare`).set(auth(user.token)).expect(409);
  });
});
