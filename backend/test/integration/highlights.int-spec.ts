import {
  chapterHeadings,
  HIGHLIGHT_TEXT_MAX_CHARS,
  type Chapter,
  type FindInBookResult,
  type Highlight,
} from '@chapterwise/shared';
import { testDatabases } from '../support/databases.js';
import { readyBook } from '../support/library.js';
import { createTestApp, registerUser, type TestApp } from '../support/test-app.js';

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

describe.each(testDatabases())('Highlights and notes on %s', (database) => {
  let t: TestApp;
  let owner: { token: string; id: string };
  let book: { id: string; chapterIds: string[] };
  let chapters: Chapter[];

  beforeAll(async () => {
    t = await createTestApp({ database });
    owner = await registerUser(t, 'Reader Owner');
    book = await readyBook(t, owner.token);
    chapters = (await t.http.get(`/api/books/${book.id}/chapters`).set(auth(owner.token)).expect(200))
      .body as Chapter[];
    // Ingestion of the sample book takes a second; a busy machine may take far longer.
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  const create = (token: string, body: object, bookId = book.id) =>
    t.http.post(`/api/books/${bookId}/highlights`).set(auth(token)).send(body);

  it('creates, lists, edits and deletes highlights with their page labels and chapters', async () => {
    const page = chapters[1]!.start_page;
    const created = (
      await create(owner.token, { page, text: '  The winter came early.  ', note: 'Why early?' }).expect(201)
    ).body as Highlight;
    expect(created).toMatchObject({
      book_id: book.id,
      page,
      page_label: chapters[1]!.start_label,
      chapter_id: chapters[1]!.id,
      text: 'The winter came early.',
      note: 'Why early?',
      color: 'yellow',
    });
    await create(owner.token, { page: 1, text: 'Title page', color: 'green' }).expect(201);

    const listed = (await t.http.get(`/api/books/${book.id}/highlights`).set(auth(owner.token)).expect(200))
      .body as Highlight[];
    expect(listed.map((item) => item.page)).toEqual([1, page]);

    const edited = await t.http
      .patch(`/api/highlights/${created.id}`)
      .set(auth(owner.token))
      .send({ note: 'Winter is the turning point', color: 'blue' })
      .expect(200);
    expect(edited.body).toMatchObject({ id: created.id, note: 'Winter is the turning point', color: 'blue' });

    await t.http.delete(`/api/highlights/${created.id}`).set(auth(owner.token)).expect(200);
    await t.http.delete(`/api/highlights/${created.id}`).set(auth(owner.token)).expect(404);
    const after = (await t.http.get(`/api/books/${book.id}/highlights`).set(auth(owner.token)).expect(200))
      .body as Highlight[];
    expect(after.map((item) => item.text)).toEqual(['Title page']);
  });

  it('answers 400 with a plain message for a bad page, empty or over-long text', async () => {
    const total = chapters.at(-1)!.end_page;
    const beyond = await create(owner.token, { page: total + 1, text: 'x' }).expect(400);
    expect(beyond.body.detail).toBe(`page must be between 1 and ${total}, the pages of this book`);
    expect((await create(owner.token, { page: 0, text: 'x' }).expect(400)).body.detail).toBe(
      'page must be a page number of the book',
    );
    expect((await create(owner.token, { page: 'two', text: 'x' }).expect(400)).body.detail).toBe(
      'page must be a page number of the book',
    );
    expect((await create(owner.token, { page: 1, text: '   ' }).expect(400)).body.detail).toBe(
      'Select some text first',
    );
    expect(
      (await create(owner.token, { page: 1, text: 'a'.repeat(HIGHLIGHT_TEXT_MAX_CHARS + 1) }).expect(400)).body.detail,
    ).toBe(`A highlight can be at most ${HIGHLIGHT_TEXT_MAX_CHARS} characters long`);
    await create(owner.token, { page: 1, text: 'ok', color: 'black' }).expect(400);
  });

  it('refuses pages that are not whole JSON numbers in highlights and "explain simply", as the chapter routes do', async () => {
    for (const page of [true, [5], '0x10', '1e2', '5', 1.5, null, {}]) {
      const highlight = await create(owner.token, { page, text: 'x' });
      const explain = await t.http
        .post(`/api/books/${book.id}/explain`)
        .set(auth(owner.token))
        .send({ page, text: 'the river' });
      const split = await t.http.post(`/api/chapters/${chapters[1]!.id}/split`).set(auth(owner.token)).send({ page });
      expect([page, highlight.status, explain.status, split.status]).toEqual([page, 400, 400, 400]);
    }
    const listed = (await t.http.get(`/api/books/${book.id}/highlights`).set(auth(owner.token)).expect(200))
      .body as Highlight[];
    expect(listed.filter((item) => item.text === 'x')).toEqual([]);
  });

  it('strips NUL and bidirectional overrides from passages and notes, and escapes Markdown in notes.md', async () => {
    const page = chapters[1]!.start_page;
    const created = (
      await create(owner.token, {
        page,
        text: 'Invoice\u0000 for \u202Efdp.exe',
        note: 'Line one\u0007\u2066 isolated\u2069\nLine two <script>alert(1)</script> [x](javascript:alert(1))',
      }).expect(201)
    ).body as Highlight;
    expect(created.text).toBe('Invoice for fdp.exe');
    expect(created.note).toBe('Line one isolated\nLine two <script>alert(1)</script> [x](javascript:alert(1))');
    const edited = await t.http
      .patch(`/api/highlights/${created.id}`)
      .set(auth(owner.token))
      .send({ note: '# Not a heading\u202E\u0000' })
      .expect(200);
    expect(edited.body.note).toBe('# Not a heading');
    await create(owner.token, { page, text: '<img src=x onerror=alert(1)>', note: '[x](javascript:alert(1))' }).expect(
      201,
    );
    const markdown = (await t.http.get(`/api/books/${book.id}/notes.md`).set(auth(owner.token)).expect(200)).text;
    // eslint-disable-next-line no-control-regex -- finding control characters is the point
    expect(markdown).not.toMatch(/[\u0000-\u0008\u202A-\u202E\u2066-\u2069]/);
    // Only escaped: no < or [ without a backslash before it.
    expect(markdown).not.toMatch(/(^|[^\\])<img/m);
    expect(markdown).not.toMatch(/(^|[^\\])\[x\]\(javascript/m);
    expect(markdown).toContain('\\<img src=x onerror=alert(1)\\>');
    expect(markdown).toContain('\\[x\\](javascript:alert(1))');
    expect(markdown).toContain('\\# Not a heading');
    for (const id of [created.id]) await t.http.delete(`/api/highlights/${id}`).set(auth(owner.token)).expect(200);
  });

  it("answers 404 for another user's book and highlights, and never shows or changes them (IDOR)", async () => {
    const mine = (await create(owner.token, { page: 1, text: 'Private passage' }).expect(201)).body as Highlight;
    const other = await registerUser(t, 'Someone Else');
    await t.http.get(`/api/books/${book.id}/highlights`).set(auth(other.token)).expect(404);
    await create(other.token, { page: 1, text: 'Sneaky' }).expect(404);
    await t.http.patch(`/api/highlights/${mine.id}`).set(auth(other.token)).send({ note: 'mine now' }).expect(404);
    await t.http.delete(`/api/highlights/${mine.id}`).set(auth(other.token)).expect(404);
    await t.http.get(`/api/books/${book.id}/notes.md`).set(auth(other.token)).expect(404);
    await t.http.get(`/api/books/${book.id}/page-labels`).set(auth(other.token)).expect(404);
    await t.http.post(`/api/books/${book.id}/explain`).set(auth(other.token)).send({ page: 1, text: 'x' }).expect(404);
    await t.http.patch('/api/highlights/not-a-uuid').set(auth(owner.token)).send({ note: 'x' }).expect(404);
    const still = (await t.http.get(`/api/books/${book.id}/highlights`).set(auth(owner.token)).expect(200))
      .body as Highlight[];
    expect(still.find((item) => item.id === mine.id)).toMatchObject({ note: null, text: 'Private passage' });
  });

  it('exports the notes as Markdown grouped by chapter with page labels, and lists the page labels', async () => {
    const labels = (await t.http.get(`/api/books/${book.id}/page-labels`).set(auth(owner.token)).expect(200)).body as {
      labels: string[];
    };
    expect(labels.labels).toHaveLength(chapters.at(-1)!.end_page);
    const page = chapters[2]!.start_page;
    await create(owner.token, { page, text: 'The letter arrived.', note: 'Key moment' }).expect(201);
    const response = await t.http.get(`/api/books/${book.id}/notes.md`).set(auth(owner.token)).expect(200);
    expect(response.headers['content-type']).toMatch(/^text\/markdown/);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename\*=UTF-8''.*notes\.md$/);
    expect(response.text).toContain(
      `## ${chapterHeadings(chapters)[2]}\n\n> The letter arrived.\n>\n> — p. ${labels.labels[page - 1]}\n\nKey moment\n`,
    );
  });

  it("finds a phrase in the book's pages, in reading order, with page labels", async () => {
    const found = (
      await t.http.get(`/api/books/${book.id}/find`).query({ q: '  THE   winter ' }).set(auth(owner.token)).expect(200)
    ).body as FindInBookResult;
    expect(found.query).toBe('THE   winter');
    expect(found.total).toBeGreaterThanOrEqual(1);
    expect(found.matches).toHaveLength(found.total);
    const heading = found.matches.find((match) => match.page === chapters[1]!.start_page);
    expect(heading).toMatchObject({ page_label: chapters[1]!.start_label });
    for (const match of found.matches) expect(match.snippet.toLowerCase()).toContain('the winter');
    const pages = found.matches.map((match) => match.page);
    expect(pages).toEqual([...pages].sort((a, b) => a - b));
    const none = await t.http.get(`/api/books/${book.id}/find?q=zyxwvut`).set(auth(owner.token)).expect(200);
    expect(none.body).toEqual({ query: 'zyxwvut', total: 0, matches: [] });
  });

  it('answers 400 for an empty, one-letter or over-long search, and 404 for a book not yours', async () => {
    const find = (query: string, token = owner.token) =>
      t.http.get(`/api/books/${book.id}/find${query}`).set(auth(token));
    expect((await find('').expect(400)).body.detail).toBe('Type a word or phrase to find');
    expect((await find('?q=%20%20').expect(400)).body.detail).toBe('Type at least 2 characters to find');
    expect((await find('?q=a').expect(400)).body.detail).toBe('Type at least 2 characters to find');
    expect((await find(`?q=${'a'.repeat(201)}`).expect(400)).body.detail).toBe(
      'A search can be at most 200 characters long',
    );
    const other = await registerUser(t, 'Finder Elsewhere');
    await find('?q=winter', other.token).expect(404);
    await t.http.get('/api/books/not-a-uuid/find?q=winter').set(auth(owner.token)).expect(404);
  });

  it('explains a selected passage like I am 12', async () => {
    const page = chapters[0]!.start_page;
    const response = await t.http
      .post(`/api/books/${book.id}/explain`)
      .set(auth(owner.token))
      .send({ page, text: 'the river' })
      .expect(200);
    expect(typeof response.body.eli12_summary).toBe('string');
    expect(response.body.eli12_summary.length).toBeGreaterThan(0);
    await t.http
      .post(`/api/books/${book.id}/explain`)
      .set(auth(owner.token))
      .send({ page: 9999, text: 'x' })
      .expect(400);
  });

  it('documents the reader calls in the OpenAPI document', async () => {
    const document = (await t.http.get('/api/docs/openapi.json').expect(200)).body as { paths: Record<string, object> };
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/books/{id}/page-labels',
        '/books/{id}/highlights',
        '/highlights/{id}',
        '/books/{id}/notes.md',
        '/books/{id}/explain',
        '/books/{id}/find',
      ]),
    );
    expect(Object.keys(document.paths['/highlights/{id}']!).sort()).toEqual(['delete', 'patch']);
  });
});
