import { MESSAGES, type Book, type Topic } from '@chapterwise/shared';
import { DataSource } from 'typeorm';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../fakes/fake-openai-server.js';
import { testDatabases } from '../support/databases.js';
import { textBookPdf } from '../fixtures/pdf-factory.js';
import { readyBook, sampleBookPdf, upload, waitForBook } from '../support/library.js';
import { createTestApp, registerUser, type TestApp } from '../support/test-app.js';
import { StudyService } from '../../src/modules/study/study.service.js';

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

describe.each(testDatabases())('Study API with the offline engine on %s', (database) => {
  let t: TestApp;
  let user: { token: string };
  let book: { id: string; chapterIds: string[] };

  beforeAll(async () => {
    t = await createTestApp({ database });
    user = await registerUser(t);
    book = await readyBook(t, user.token);
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  it('summarises a chapter with page references and stores it', async () => {
    const [chapterId] = book.chapterIds;
    const response = await t.http.post(`/api/chapters/${chapterId}/summarize`).set(auth(user.token)).expect(200);
    expect(response.body.summary).toMatch(/\(p\. \d+\)/);
    // Study notes: an overview paragraph, then cited key-point bullets of whole sentences.
    expect(response.body.summary).toMatch(/\n\n### (?:Key points|What happens)\n\n- [A-Z].*[.!?] \((?:p|pp)\. [^)]+\)/);
    const chapter = await t.http.get(`/api/chapters/${chapterId}`).set(auth(user.token)).expect(200);
    expect(chapter.body.summary).toBe(response.body.summary);
  });

  it('extracts topics, replacing the list on a second run, and explains one like I am 12', async () => {
    const chapterId = book.chapterIds[1]!;
    const empty = await t.http.get(`/api/chapters/${chapterId}/topics`).set(auth(user.token)).expect(200);
    expect(empty.body).toEqual([]);
    const first = (await t.http.post(`/api/chapters/${chapterId}/topics`).set(auth(user.token)).expect(200))
      .body as Topic[];
    expect(first.length).toBeGreaterThanOrEqual(1);
    expect(first[0]).toEqual({
      id: expect.any(String),
      title: expect.any(String),
      eli12_summary: null,
      pages: expect.any(Array),
    });
    const second = (await t.http.post(`/api/chapters/${chapterId}/topics`).set(auth(user.token)).expect(200))
      .body as Topic[];
    const listed = (await t.http.get(`/api/chapters/${chapterId}/topics`).set(auth(user.token)).expect(200))
      .body as Topic[];
    expect(listed.map((topic) => topic.id)).toEqual(second.map((topic) => topic.id));
    expect(listed.map((topic) => topic.id)).not.toContain(first[0]!.id);

    const eli12 = await t.http.post(`/api/topics/${listed[0]!.id}/eli12`).set(auth(user.token)).expect(200);
    expect(eli12.body.eli12_summary).toEqual(expect.any(String));
    const after = (await t.http.get(`/api/chapters/${chapterId}/topics`).set(auth(user.token)).expect(200))
      .body as Topic[];
    expect(after[0]!.eli12_summary).toBe(eli12.body.eli12_summary);
  });

  it('writes the book summary from chapter summaries, generating missing ones first', async () => {
    const response = await t.http.post(`/api/books/${book.id}/summarize`).set(auth(user.token)).expect(200);
    expect(response.body.summary.length).toBeGreaterThan(50);
    const stored = (await t.http.get(`/api/books/${book.id}`).set(auth(user.token)).expect(200)).body as Book;
    expect(stored.full_summary).toBe(response.body.summary);
    expect(stored.summary_job).toBeNull();
    const chapters = await t.http.get(`/api/books/${book.id}/chapters`).set(auth(user.token)).expect(200);
    expect((chapters.body as Array<{ summary: string | null }>).every((chapter) => chapter.summary)).toBe(true);
    // Regenerating replaces the text: the same input gives the same summary, stored once.
    const again = await t.http.post(`/api/books/${book.id}/summarize`).set(auth(user.token)).expect(200);
    expect(again.body.summary).toBe(response.body.summary);
  });

  it('says why when a book has no prose to summarise, and runs again when asked again', async () => {
    const babble = 'Students students students students students students students students. '.repeat(14);
    const pdf = await textBookPdf({
      title: `Babble ${Date.now()}`,
      outline: true,
      chapters: [
        { title: 'One', pages: 2 },
        { title: 'Two', pages: 2 },
      ],
      pageText: () => babble,
    });
    // A student of their own: the free plan's monthly uploads of `user` are spent by the other tests.
    const student = await registerUser(t);
    const uploaded = await upload(t, student.token, pdf).expect(201);
    expect((await waitForBook(t, student.token, uploaded.body.id as string)).status).toBe('completed');
    for (let attempt = 0; attempt < 2; attempt++) {
      const response = await t.http
        .post(`/api/books/${uploaded.body.id}/summarize`)
        .set(auth(student.token))
        .expect(409);
      expect(response.body.detail).toMatch(/too little readable text to write a summary/);
    }
  });

  it('writes offline notes for a book only while no upload is being read', async () => {
    const otherUser = await registerUser(t);
    const upload = await readyBook(t, otherUser.token);
    const dataSource = t.app.get(DataSource);
    await dataSource.query(`UPDATE books SET status = 'extracting' WHERE id = ?`, [upload.id]);
    let prepared = false;
    const preparing = t.app
      .get(StudyService)
      .prepareChapters(book.id)
      .then(() => (prepared = true));
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(prepared).toBe(false);
    await dataSource.query(`UPDATE books SET status = 'completed' WHERE id = ?`, [upload.id]);
    await preparing;
    const chapters = await t.http.get(`/api/books/${book.id}/chapters`).set(auth(user.token)).expect(200);
    for (const chapter of chapters.body as Array<{ summary: string | null }>)
      expect(chapter.summary).toEqual(expect.any(String));
  });

  it('refuses study work on a book that is still processing with 409', async () => {
    const fresh = await upload(t, user.token, await sampleBookPdf()).expect(201);
    const response = await t.http.post(`/api/books/${fresh.body.id}/summarize`).set(auth(user.token));
    if (response.status !== 200) {
      expect(response.status).toBe(409);
      expect(response.body.detail).toContain('still being processed');
    }
  });
});

describe('Audio and exports over HTTP', () => {
  let t: TestApp;
  let user: { token: string };
  let book: { id: string; chapterIds: string[] };

  beforeAll(async () => {
    t = await createTestApp();
    user = await registerUser(t);
    book = await readyBook(t, user.token);
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  it('asks for the summaries first', async () => {
    const bookAudio = await t.http
      .post(`/api/audio/generate?content_type=book&content_id=${book.id}`)
      .set(auth(user.token))
      .expect(400);
    expect(bookAudio.body.detail).toBe(MESSAGES.bookSummaryFirst);
    const chapterAudio = await t.http
      .post(`/api/audio/generate?content_type=chapter&content_id=${book.chapterIds[0]}`)
      .set(auth(user.token))
      .expect(400);
    expect(chapterAudio.body.detail).toBe(MESSAGES.chapterSummaryFirst);
    const pdf = await t.http.post(`/api/export/summary-pdf/${book.id}`).set(auth(user.token)).expect(400);
    expect(pdf.body.detail).toBe(MESSAGES.bookSummaryFirst);
    const bad = await t.http
      .post(`/api/audio/generate?content_type=poem&content_id=${book.id}`)
      .set(auth(user.token))
      .expect(400);
    expect(bad.body.code).toBe('VALIDATION');
  });

  it('narrates a chapter as MP3 by a signed link on this server, and serves the cached file the second time', async () => {
    await t.http.post(`/api/chapters/${book.chapterIds[0]}/summarize`).set(auth(user.token)).expect(200);
    const first = await t.http
      .post(`/api/audio/generate?content_type=chapter&content_id=${book.chapterIds[0]}`)
      .set(auth(user.token))
      .expect(200);
    expect(first.body.audio_url).toMatch(/^\/api\/files\//);
    const url = new URL(first.body.audio_url, t.url);
    const audio = await t.http.get(`${url.pathname}${url.search}`).buffer(true).expect(200);
    expect(audio.headers['content-type']).toBe('audio/mpeg');
    expect((audio.body as Buffer).length).toBeGreaterThan(1000);
    const second = await t.http
      .post(`/api/audio/generate?content_type=chapter&content_id=${book.chapterIds[0]}`)
      .set(auth(user.token))
      .expect(200);
    expect(new URL(second.body.audio_url, t.url).pathname).toBe(url.pathname);
    const rows: Array<{ n: number }> = await t.app
      .get(DataSource)
      .query("SELECT COUNT(*) AS n FROM assets WHERE kind = 'audio'");
    expect(Number(rows[0]!.n)).toBe(1);
  });

  it('makes the summary PDF and the slide deck', async () => {
    await t.http.post(`/api/books/${book.id}/summarize`).set(auth(user.token)).expect(200);
    const pdf = await t.http.post(`/api/export/summary-pdf/${book.id}`).set(auth(user.token)).expect(200);
    expect(pdf.body).toEqual({
      pdf_url: expect.stringMatching(/^\/api\/files\//),
      target_pages: 1,
      original_pages: expect.any(Number),
    });
    const pptx = await t.http.post(`/api/export/pptx/${book.id}`).set(auth(user.token)).expect(200);
    expect(pptx.body).toMatchObject({ slides: expect.any(Number), chapters_without_summary: [] });
    expect(pptx.body.pptx_url).toMatch(/^\/api\/files\//);
    const deck = new URL(pptx.body.pptx_url, t.url);
    const file = await t.http.get(`${deck.pathname}${deck.search}`).buffer(true).expect(200);
    expect(file.headers['content-disposition']).toMatch(/^attachment/);
  });
});

describe('Study API with an OpenAI-compatible model', () => {
  let model: FakeOpenAiServer;
  let t: TestApp;

  beforeAll(async () => {
    model = await startFakeOpenAiServer();
    t = await createTestApp({
      env: {
        LLM_BASE_URL: model.baseUrl,
        LLM_API_KEY: 'test-key',
        LLM_MODEL: 'fake-model',
        LLM_DAILY_TOKEN_BUDGET: '100000',
        LLM_MAX_RETRIES: '0',
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await model.close();
  });

  it('records token usage per call and refuses past the daily budget with 429', async () => {
    const user = await registerUser(t);
    const book = await readyBook(t, user.token);
    const detail = (await t.http.get(`/api/books/${book.id}`).set(auth(user.token)).expect(200)).body as Book;
    expect(detail.engine).toBe('llm');
    await t.http.post(`/api/chapters/${book.chapterIds[0]}/summarize`).set(auth(user.token)).expect(200);
    expect(model.requests.length).toBeGreaterThan(0);
    const rows: Array<{ operation: string; model: string; input_tokens: number }> = await t.app
      .get(DataSource)
      .query('SELECT operation, model, input_tokens FROM llm_usage');
    expect(rows.length).toBe(model.requests.length);
    expect(rows[0]).toMatchObject({ operation: 'chapter_summary', model: 'fake-model' });

    await t.app.get(DataSource).query("UPDATE llm_usage SET input_tokens = 200000 WHERE operation = 'chapter_summary'");
    const refused = await t.http
      .post(`/api/chapters/${book.chapterIds[1]}/summarize`)
      .set(auth(user.token))
      .expect(429);
    expect(refused.body.code).toBe('RATE_LIMITED');
  });

  it('answers 202 with progress when the book summary outlasts the request budget, then finishes as a job', async () => {
    const slow = await createTestApp({
      env: { LLM_BASE_URL: model.baseUrl, LLM_API_KEY: 'k', LLM_MODEL: 'fake-model', STUDY_REQUEST_BUDGET_S: '0.2' },
    });
    try {
      model.setLatency(300);
      const user = await registerUser(slow);
      const book = await readyBook(slow, user.token);
      const response = await slow.http.post(`/api/books/${book.id}/summarize`).set(auth(user.token)).expect(202);
      expect(response.body).toEqual({ status: 'generating', progress: expect.any(Number) });
      const during = (await slow.http.get(`/api/books/${book.id}`).set(auth(user.token)).expect(200)).body as Book;
      expect(during.summary_job).toMatchObject({ status: 'generating' });
      const deadline = Date.now() + 30_000;
      let done: Book = during;
      while (!done.full_summary && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        done = (await slow.http.get(`/api/books/${book.id}`).set(auth(user.token)).expect(200)).body as Book;
      }
      expect(done.full_summary).toEqual(expect.any(String));
      expect(done.summary_job).toBeNull();
    } finally {
      model.setLatency(0);
      await slow.close();
    }
  }, 60_000);
});

describe.each(testDatabases())('Notes prepared on ingestion with the offline engine on %s', (database) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ database, env: { STUDY_PREPARE_OFFLINE: 'true' } });
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  it('gives every chapter its notes and topics without a click, and only to the owner', async () => {
    const owner = await registerUser(t);
    const book = await readyBook(t, owner.token);
    const deadline = Date.now() + 30_000;
    let chapters: Array<{ id: string; summary: string | null }> = [];
    while (Date.now() < deadline) {
      chapters = (await t.http.get(`/api/books/${book.id}/chapters`).set(auth(owner.token)).expect(200)).body;
      const last = chapters.at(-1)!;
      const topics = (await t.http.get(`/api/chapters/${last.id}/topics`).set(auth(owner.token)).expect(200)).body;
      if (chapters.every((chapter) => chapter.summary) && topics.length > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(chapters.length).toBeGreaterThan(0);
    for (const chapter of chapters) {
      expect(chapter.summary).toMatch(/\(p\. \d+\)/);
      const topics = (await t.http.get(`/api/chapters/${chapter.id}/topics`).set(auth(owner.token)).expect(200))
        .body as Topic[];
      expect(topics.length).toBeGreaterThan(0);
    }
    // The book summary stays on demand.
    const detail = (await t.http.get(`/api/books/${book.id}`).set(auth(owner.token)).expect(200)).body as Book;
    expect(detail.full_summary).toBeNull();
    const stranger = await registerUser(t);
    await t.http.get(`/api/chapters/${chapters[0]!.id}/topics`).set(auth(stranger.token)).expect(404);
  });
});
