import { MESSAGES, type SearchAnswer, type SearchResult } from '@chapterwise/shared';
import { lastUserText, startFakeOpenAiServer, type FakeOpenAiServer } from '../fakes/fake-openai-server.js';
import { prose, textBookPdf } from '../fixtures/pdf-factory.js';
import { testDatabases } from '../support/databases.js';
import { upload, waitForBook } from '../support/library.js';
import { createTestApp, registerUser, type TestApp } from '../support/test-app.js';

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

const PHRASE_SENTENCE =
  'Every student learns that the powerhouse of the cell is the mitochondrion, which releases energy.';
// Physical pages: 1 title, 2-3 chapter 'Cells', 4-5 chapter 'Energy'.
const PAGE_WITH_PHRASE = 5;
const PAGE_WITH_WORDS = 3;

/** A biology book: page 5 has the exact phrase; page 3 has its words often, never as the phrase. */
function biologyBook(title: string, extra = ''): Promise<Buffer> {
  return textBookPdf({
    title,
    outline: true,
    chapters: [
      { title: 'Cells', pages: 2 },
      { title: 'Energy', pages: 2 },
    ],
    pageText: (chapter, page) => {
      if (chapter === 0 && page === 1)
        return `The cell is a small unit and the cell has parts. A powerhouse needs fuel; a cell needs fuel. Of all the parts the cell has, the mitochondrion is one. Cell walls protect the cell. ${prose(3, 4)} ${extra}`;
      if (chapter === 1 && page === 1) return `${prose(5, 5)} ${PHRASE_SENTENCE} ${prose(6, 4)} ${extra}`;
      return `${prose(chapter * 10 + page, 8)} ${extra}`;
    },
  });
}

function ask(t: TestApp, token: string, body: { q: string; book_id?: string }) {
  return t.http.post('/api/search/answer').set(auth(token)).send(body);
}

async function completedBook(t: TestApp, token: string, pdf: Buffer): Promise<string> {
  const created = await upload(t, token, pdf).expect(201);
  const book = await waitForBook(t, token, created.body.id as string);
  if (book.status !== 'completed') throw new Error(`ingestion failed: ${book.error}`);
  return book.id;
}

describe.each(testDatabases())('Search API on %s', (database) => {
  let t: TestApp;
  let alice: { token: string };
  let bob: { token: string };
  let aliceBook: string;
  let bobBook: string;

  beforeAll(async () => {
    t = await createTestApp({ database });
    [alice, bob] = await Promise.all([registerUser(t, 'Alice'), registerUser(t, 'Bob')]);
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  const search = (token: string, query: Record<string, string>) =>
    t.http.get('/api/search').query(query).set(auth(token));

  it('finds nothing before a book is ingested, then indexes every page when ingestion completes', async () => {
    expect((await search(alice.token, { q: 'mitochondrion' }).expect(200)).body).toEqual([]);
    aliceBook = await completedBook(t, alice.token, await biologyBook('Cell Biology for Beginners'));
    const results = (await search(alice.token, { q: 'mitochondrion' }).expect(200)).body as SearchResult[];
    expect(results.map((result) => result.page).sort()).toEqual([PAGE_WITH_WORDS, PAGE_WITH_PHRASE]);
  }, 90_000);

  it('ranks the page with the exact phrase first, with its book, chapter, label and a marked snippet', async () => {
    const results = (await search(alice.token, { q: 'powerhouse of the cell' }).expect(200)).body as SearchResult[];
    expect(results[0]).toEqual({
      book_id: aliceBook,
      book_title: 'Cell Biology for Beginners',
      chapter_id: expect.any(String),
      chapter_title: 'Energy',
      chapter_label: null,
      page: PAGE_WITH_PHRASE,
      page_label: String(PAGE_WITH_PHRASE),
      snippet: expect.stringContaining('<mark>powerhouse of the cell</mark>'),
      score: expect.any(Number),
    });
    expect(results[1]?.page).toBe(PAGE_WITH_WORDS);
    expect(results[1]!.snippet).toMatch(/<mark>cell<\/mark>/i);
    expect(results[0]!.score).toBeGreaterThan(results[1]!.score);
    const chapters = await t.http.get(`/api/books/${aliceBook}/chapters`).set(auth(alice.token)).expect(200);
    expect(chapters.body.find((chapter: { title: string }) => chapter.title === 'Energy').id).toBe(
      results[0]!.chapter_id,
    );
  });

  it("never shows another user's books, and treats another user's book_id as not found", async () => {
    bobBook = await completedBook(t, bob.token, await biologyBook('Bob’s Biology Notes', 'Zebrafish appear here.'));
    const forAlice = (await search(alice.token, { q: 'powerhouse of the cell' }).expect(200)).body as SearchResult[];
    expect(new Set(forAlice.map((result) => result.book_id))).toEqual(new Set([aliceBook]));
    expect((await search(alice.token, { q: 'zebrafish' }).expect(200)).body).toEqual([]);
    const forBob = (await search(bob.token, { q: 'zebrafish' }).expect(200)).body as SearchResult[];
    expect(forBob.every((result) => result.book_id === bobBook)).toBe(true);
    expect(forBob.length).toBeGreaterThan(0);
    await search(alice.token, { q: 'cell', book_id: bobBook }).expect(404);
    await ask(t, alice.token, { q: 'What is the powerhouse of the cell?', book_id: bobBook }).expect(404);
  }, 90_000);

  it('searches one book with book_id and honours limit', async () => {
    const results = (await search(bob.token, { q: 'cell', book_id: bobBook, limit: '1' }).expect(200))
      .body as SearchResult[];
    expect(results).toHaveLength(1);
    expect(results[0]!.book_id).toBe(bobBook);
  });

  it('counts every matching page and pages through the results with offset, owner-scoped', async () => {
    const count = (token: string, query: Record<string, string>) =>
      t.http.get('/api/search/count').query(query).set(auth(token));
    // Only the two pages of her book that name the mitochondrion (page 3 by its words, page 5 in the phrase).
    expect((await count(alice.token, { q: 'mitochondrion' }).expect(200)).body).toEqual({ pages: 2, books: 1 });
    expect((await count(alice.token, { q: 'zebrafish' }).expect(200)).body).toEqual({ pages: 0, books: 0 });
    expect((await count(bob.token, { q: 'zebrafish' }).expect(200)).body.pages).toBeGreaterThan(2);
    await count(alice.token, { q: 'cell', book_id: bobBook }).expect(404);
    expect((await count(alice.token, { q: ' ' }).expect(400)).body.detail).toBe('Type something to search for');
    await t.http.get('/api/search/count?q=cell').expect(401);

    const all = (await search(bob.token, { q: 'zebrafish', limit: '50' }).expect(200)).body as SearchResult[];
    const first = (await search(bob.token, { q: 'zebrafish', limit: '2' }).expect(200)).body as SearchResult[];
    const second = (await search(bob.token, { q: 'zebrafish', limit: '2', offset: '2' }).expect(200))
      .body as SearchResult[];
    expect([...first, ...second].map((result) => result.page)).toEqual(all.slice(0, 4).map((result) => result.page));
    expect((await search(bob.token, { q: 'zebrafish', offset: '-1' }).expect(400)).body.detail as string).toBe(
      'offset must be between 0 and 200',
    );
    expect((await search(bob.token, { q: 'zebrafish', offset: '1.5' }).expect(400)).body.detail).toBe(
      'offset must be a whole number',
    );
  });

  it('rejects empty, over-long and malformed queries with a plain message, and anonymous callers', async () => {
    expect((await search(alice.token, { q: '   ' }).expect(400)).body.detail).toBe('Type something to search for');
    expect((await search(alice.token, {}).expect(400)).body.detail).toBe('Type something to search for');
    expect((await search(alice.token, { q: 'x'.repeat(501) }).expect(400)).body.detail).toBe(
      'Searches can be at most 500 characters long',
    );
    expect((await search(alice.token, { q: 'cell', limit: '0' }).expect(400)).body.detail).toBe(
      'limit must be between 1 and 50',
    );
    await search(alice.token, { q: 'cell', book_id: 'not-an-id' }).expect(400);
    await ask(t, alice.token, { q: '' }).expect(400);
    await t.http.get('/api/search?q=cell').expect(401);
    await t.http.post('/api/search/answer').send({ q: 'cell' }).expect(401);
    // Punctuation only: a valid query with nothing to match.
    expect((await search(alice.token, { q: '?!…' }).expect(200)).body).toEqual([]);
  });

  it('answers offline with the best passages, each cited by page', async () => {
    const response = await ask(t, alice.token, { q: 'What is the powerhouse of the cell?' }).expect(200);
    const answer = response.body as SearchAnswer;
    expect(answer.engine).toBe('extractive');
    expect(answer.answered).toBe(true);
    expect(answer.answer).toContain('the powerhouse of the cell is the mitochondrion');
    expect(answer.answer).toMatch(/\[1\]/);
    expect(answer.citations[0]).toEqual({
      book_id: aliceBook,
      book_title: 'Cell Biology for Beginners',
      chapter_id: expect.any(String),
      page: PAGE_WITH_PHRASE,
      page_label: String(PAGE_WITH_PHRASE),
      quote: expect.stringContaining('mitochondrion'),
    });
    const cited = [...answer.answer.matchAll(/\[(\d+)\]/g)].map((match) => Number(match[1]));
    expect(Math.max(...cited)).toBeLessThanOrEqual(answer.citations.length);
  });

  it('says plainly when nothing in the library answers', async () => {
    const response = await ask(t, alice.token, { q: 'quasar spectroscopy' }).expect(200);
    expect(response.body).toEqual({
      answer: 'Nothing in your books answers that yet. Try other words, or search for a phrase you remember.',
      citations: [],
      engine: 'extractive',
      answered: false,
    });
  });

  it('abstains when the passages do not answer, showing the closest passages instead', async () => {
    const response = await ask(t, alice.token, { q: 'What are plant cell walls made of?' }).expect(200);
    const answer = response.body as SearchAnswer;
    expect(answer).toMatchObject({ answered: false, answer: MESSAGES.searchNotAnswered, engine: 'extractive' });
    expect(answer.citations.length).toBeGreaterThan(0);
    expect(answer.citations.map((citation) => citation.quote).join(' ')).toContain('Cell walls protect the cell.');
  });

  it('removes a deleted book from the index', async () => {
    await t.http.delete(`/api/books/${aliceBook}`).set(auth(alice.token)).expect(200);
    expect((await search(alice.token, { q: 'mitochondrion' }).expect(200)).body).toEqual([]);
    // Bob's copy of the same words is untouched.
    expect(((await search(bob.token, { q: 'mitochondrion' }).expect(200)).body as SearchResult[]).length).toBe(2);
  });
});

describe('Search answers written by a model (fake OpenAI-compatible server)', () => {
  let fake: FakeOpenAiServer;
  let t: TestApp;
  let alice: { token: string };
  let bob: { token: string };
  let aliceBook: string;

  beforeAll(async () => {
    fake = await startFakeOpenAiServer();
    t = await createTestApp({ env: { LLM_BASE_URL: fake.baseUrl, LLM_API_KEY: 'test-key', LLM_MODEL: 'fake-model' } });
    [alice, bob] = await Promise.all([registerUser(t, 'Alice'), registerUser(t, 'Bob')]);
    aliceBook = await completedBook(t, alice.token, await biologyBook('Cell Biology for Beginners'));
    await completedBook(t, bob.token, await biologyBook('Secret Diary of Bob', 'Bob keeps a secret zebrafish.'));
  }, 120_000);
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  beforeEach(() => fake.reset());

  it('sends only retrieved passages of the user and keeps only citations of those passages', async () => {
    fake.enqueue({
      content:
        'Cells have walls [2]. The mitochondrion is the powerhouse of the cell [1]. It releases energy [1][7]. Stars are hot [9].',
    });
    const response = await ask(t, alice.token, { q: 'What is the powerhouse of the cell?' }).expect(200);
    const answer = response.body as SearchAnswer;
    const prompt = lastUserText(fake.requests[0]!.body);
    expect(prompt).toContain('Question: What is the powerhouse of the cell?');
    expect(prompt).toContain('Cell Biology for Beginners, p. 5');
    expect(prompt).not.toContain('Secret Diary of Bob');
    expect(prompt).not.toContain('zebrafish');

    expect(answer.engine).toBe('llm');
    // Unknown passages [7] and [9] are gone; citations are renumbered in order of use.
    expect(answer.answer).not.toMatch(/\[7\]|\[9\]/);
    expect(answer.citations.length).toBeGreaterThanOrEqual(1);
    const cited = [...answer.answer.matchAll(/\[(\d+)\]/g)].map((match) => Number(match[1]));
    expect(Math.max(...cited)).toBe(answer.citations.length);
    // The page with the question's subject as a phrase is passage 1; first used second, it becomes [2].
    expect(answer.answer.startsWith('Cells have walls [1]. The mitochondrion is the powerhouse of the cell [2].')).toBe(
      true,
    );
    expect(answer.citations[1]).toMatchObject({ book_id: aliceBook, page: 5, page_label: '5' });
    expect(answer.citations[1]!.quote).toContain('the powerhouse of the cell is the mitochondrion');
    for (const citation of answer.citations) expect(citation.book_id).toBe(aliceBook);
  });

  it('answers "nothing found" when the model finds no support in the passages', async () => {
    fake.enqueue({ content: '' });
    const response = await ask(t, alice.token, { q: 'Which organelle makes energy?' }).expect(200);
    // The model found no support: said so, with the closest passages to judge by.
    expect(response.body).toMatchObject({ answered: false, answer: MESSAGES.searchNotAnswered, engine: 'llm' });
    expect(response.body.citations.length).toBeGreaterThan(0);
  });

  it('does not call the model when no page matches', async () => {
    await ask(t, alice.token, { q: 'quasar spectroscopy' }).expect(200);
    expect(fake.requests).toHaveLength(0);
  });

  it('maps an unreachable model to 503 with a plain message', async () => {
    fake.enqueue({ status: 400, message: 'bad request' });
    const response = await ask(t, alice.token, { q: 'What is the powerhouse of the cell?' }).expect(503);
    expect(response.body.detail).toMatch(/AI service/);
  });
});

// Three "concepts": texts are close when they use words of the same one (the fake's embedding model).
const CONCEPTS = [
  ['mitochondrion', 'powerhouse', 'energy', 'organelle', 'releases'],
  ['cell', 'cells', 'walls', 'parts', 'unit'],
  ['river', 'mill', 'winter', 'letter', 'baker', 'library', 'reader', 'committee', 'village', 'children'],
];
const conceptVector = (text: string) => {
  const words = text.toLowerCase().match(/\p{L}+/gu) ?? [];
  return [...CONCEPTS.map((concept) => words.filter((word) => concept.includes(word)).length), 0.01];
};

describe.each(testDatabases())('Search fused with an embeddings model on %s', (database) => {
  let fake: FakeOpenAiServer;
  let t: TestApp;
  let alice: { token: string };
  let aliceBook: string;

  beforeAll(async () => {
    fake = await startFakeOpenAiServer({ embed: conceptVector });
    t = await createTestApp({
      database,
      env: {
        LLM_BASE_URL: fake.baseUrl,
        LLM_API_KEY: 'test-key',
        LLM_MODEL: 'fake-model',
        EMBEDDINGS_MODEL: 'fake-embed',
      },
    });
    alice = await registerUser(t, 'Alice');
    aliceBook = await completedBook(t, alice.token, await biologyBook('Cell Biology for Beginners'));
  }, 120_000);
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  const search = (q: string) =>
    t.http
      .get('/api/search')
      .query({ q })
      .set(auth(alice.token))
      .expect(200)
      .then((r) => r.body as SearchResult[]);

  it('embeds the pages of a completed book and finds a page by meaning alone', async () => {
    const deadline = Date.now() + 30_000;
    while (!fake.embeddingRequests.some((inputs) => inputs.length >= 5) && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 200));
    expect(fake.embeddingRequests.flat().some((text) => text.includes('powerhouse of the cell'))).toBe(true);
    // 'organelle' is on no page: full text finds nothing, the page about the mitochondrion is closest in meaning.
    let results: SearchResult[] = [];
    while (results.length === 0 && Date.now() < deadline) {
      results = await search('organelle');
      if (results.length === 0) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(results[0]).toMatchObject({ book_id: aliceBook, page: PAGE_WITH_PHRASE });
  }, 40_000);

  it('keeps the exact phrase first when both lists are fused', async () => {
    const results = await search('powerhouse of the cell');
    expect(results[0]!.page).toBe(PAGE_WITH_PHRASE);
    expect(results[0]!.snippet).toContain('<mark>powerhouse of the cell</mark>');
  });

  it('forgets the vectors of a deleted book', async () => {
    await t.http.delete(`/api/books/${aliceBook}`).set(auth(alice.token)).expect(200);
    expect(await search('organelle')).toEqual([]);
  });
});
