// The student fixes detected chapters: rename, merge with the next, split at a page, delete, re-run detection.
import { CHAPTER_EDIT_MESSAGES, type Chapter, type ChapterEditResult } from '@chapterwise/shared';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { BookEntity } from '../../src/modules/books/entities/book.entity.js';
import { ChapterEntity } from '../../src/modules/books/entities/chapter.entity.js';
import { PageEntity } from '../../src/modules/books/entities/page.entity.js';
import { prose, textBookPdf } from '../fixtures/pdf-factory.js';
import { testDatabases } from '../support/databases.js';
import { upload, waitForBook } from '../support/library.js';
import { createTestApp, registerUser, type TestApp } from '../support/test-app.js';

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
const titles = ['The River', 'The Winter', 'The Letter', 'The Harvest'];

describe.each(testDatabases())('chapter edits on %s', (database) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ database });
  });
  afterAll(async () => {
    await t.close();
  });

  /**
   * A fresh completed book of a new user, written straight to the database (the edits need no extraction): a
   * title page, then 4 chapters of 3 pages each (pages 2-4, 5-7, 8-10, 11-13).
   */
  async function book() {
    const { token, id: ownerId } = await registerUser(t);
    const db = t.app.get(DataSource);
    const bookId = randomUUID();
    const now = new Date();
    await db.getRepository(BookEntity).insert({
      id: bookId,
      ownerId,
      title: 'Edits',
      status: 'completed',
      progress: 100,
      statusDetail: null,
      error: null,
      totalPages: 13,
      fileKey: `books/${bookId}/source.pdf`,
      fileName: 'edits.pdf',
      fileSha256: randomUUID().replace(/-/g, '').padEnd(64, '0'),
      fileSize: 1000,
      ocrPages: 0,
      language: 'en',
      sourceUrl: null,
      fullSummary: null,
      summaryStatus: null,
      summaryProgress: 0,
      summaryError: null,
      uploadPeriod: null,
      createdAt: now,
      updatedAt: now,
    });
    await db.getRepository(PageEntity).insert(
      Array.from({ length: 13 }, (_, i) => ({
        bookId,
        number: i + 1,
        label: String(i + 1),
        text: prose(i),
        source: 'text' as const,
        ocrConfidence: null,
      })),
    );
    await db.getRepository(ChapterEntity).insert(
      titles.map((title, i) => ({
        id: randomUUID(),
        bookId,
        chapterNumber: i + 1,
        title,
        label: String(i + 1),
        startPage: 2 + i * 3,
        endPage: 4 + i * 3,
        startLabel: String(2 + i * 3),
        endLabel: String(4 + i * 3),
        detectionMethod: 'outline' as const,
        summary: null,
      })),
    );
    return { token, bookId, chapters: await chaptersOf(token, bookId) };
  }

  /** A book uploaded and read for real (re-running detection reads the file again). */
  async function uploadedBook() {
    const { token } = await registerUser(t);
    const pdf = await textBookPdf({
      title: `Edits ${Date.now()} ${Math.random()}`,
      outline: true,
      chapters: titles.map((title) => ({ title, pages: 3 })),
    });
    const created = await upload(t, token, pdf).expect(201);
    const ready = await waitForBook(t, token, created.body.id);
    expect(ready.status).toBe('completed');
    return { token, bookId: ready.id, chapters: await chaptersOf(token, ready.id) };
  }
  async function chaptersOf(token: string, bookId: string): Promise<Chapter[]> {
    return (await t.http.get(`/api/books/${bookId}/chapters`).set(auth(token)).expect(200)).body as Chapter[];
  }
  const spans = (chapters: Chapter[]) => chapters.map((c) => [c.chapter_number, c.title, c.start_page, c.end_page]);

  it('renames a chapter and keeps its summary; merging drops the summary and topics, numbers stay 1..n', async () => {
    const { token, bookId, chapters } = await book();
    const [first, second] = chapters;
    await t.http.post(`/api/chapters/${first!.id}/summarize`).set(auth(token)).expect(200);
    await t.http.post(`/api/chapters/${first!.id}/topics`).set(auth(token)).expect(200);

    const renamed = await t.http
      .patch(`/api/chapters/${first!.id}`)
      .set(auth(token))
      .send({ title: '  By the River  ' })
      .expect(200);
    expect(renamed.body).toMatchObject({ id: first!.id, title: 'By the River', chapter_number: 1 });
    expect((renamed.body as Chapter).summary).not.toBeNull();

    const merged = await t.http.post(`/api/chapters/${first!.id}/merge-next`).set(auth(token)).expect(200);
    expect(spans(merged.body as Chapter[])).toEqual([
      [1, 'By the River', 2, 7],
      [2, 'The Letter', 8, 10],
      [3, 'The Harvest', 11, 13],
    ]);
    expect((merged.body as Chapter[])[0]!.summary).toBeNull();
    const topics = await t.http.get(`/api/chapters/${first!.id}/topics`).set(auth(token)).expect(200);
    expect(topics.body).toEqual([]);
    await t.http.get(`/api/chapters/${second!.id}`).set(auth(token)).expect(404);
    // Edits are kept.
    expect(spans(await chaptersOf(token, bookId))).toEqual(spans(merged.body as Chapter[]));
  });

  it('splits a chapter at a page and deletes a false chapter into its neighbour', async () => {
    const { token, bookId, chapters } = await book();
    const split = await t.http
      .post(`/api/chapters/${chapters[1]!.id}/split`)
      .set(auth(token))
      .send({ page: 6 })
      .expect(200);
    expect(spans(split.body as Chapter[])).toEqual([
      [1, 'The River', 2, 4],
      [2, 'The Winter', 5, 5],
      [3, 'The Winter (continued)', 6, 7],
      [4, 'The Letter', 8, 10],
      [5, 'The Harvest', 11, 13],
    ]);
    const added = (split.body as Chapter[])[2]!;
    const deleted = await t.http.delete(`/api/chapters/${added.id}`).set(auth(token)).expect(200);
    expect((deleted.body as ChapterEditResult).message).toBe(CHAPTER_EDIT_MESSAGES.chapterDeleted);
    expect(spans((deleted.body as ChapterEditResult).chapters)).toEqual([
      [1, 'The River', 2, 4],
      [2, 'The Winter', 5, 7],
      [3, 'The Letter', 8, 10],
      [4, 'The Harvest', 11, 13],
    ]);
    // The first chapter's pages go to the chapter after it.
    const again = await t.http.delete(`/api/chapters/${chapters[0]!.id}`).set(auth(token)).expect(200);
    expect(spans((again.body as ChapterEditResult).chapters)[0]).toEqual([1, 'The Winter', 2, 7]);
    expect(spans(await chaptersOf(token, bookId))).toHaveLength(3);
  });

  it('answers 400 with a plain message for a split outside the chapter, the last merge, empty titles', async () => {
    const { token, chapters } = await book();
    const middle = chapters[1]!; // pages 5-7
    for (const page of [5, 4, 8, 100]) {
      const response = await t.http
        .post(`/api/chapters/${middle.id}/split`)
        .set(auth(token))
        .send({ page })
        .expect(400);
      expect(response.body.detail).toBe(
        'Choose a page from 6 to 7: the new chapter begins there and this one ends the page before.',
      );
    }
    await t.http.post(`/api/chapters/${middle.id}/split`).set(auth(token)).send({ page: 'six' }).expect(400);
    await t.http.post(`/api/chapters/${middle.id}/split`).set(auth(token)).send({ page: 6.5 }).expect(400);
    const last = await t.http.post(`/api/chapters/${chapters[3]!.id}/merge-next`).set(auth(token)).expect(400);
    expect(last.body.detail).toBe(CHAPTER_EDIT_MESSAGES.lastChapterMerge);
    const empty = await t.http.patch(`/api/chapters/${middle.id}`).set(auth(token)).send({ title: '   ' }).expect(400);
    expect(empty.body.detail).toBe('Enter a title');
    await t.http.patch(`/api/chapters/${middle.id}`).set(auth(token)).send({}).expect(400);
    expect(spans(await chaptersOf(token, middle.book_id))).toEqual(spans(chapters));
  });

  it("answers 404 to another user's edits and changes nothing", async () => {
    const { token, bookId, chapters } = await book();
    const other = await registerUser(t);
    const id = chapters[1]!.id;
    await t.http.patch(`/api/chapters/${id}`).set(auth(other.token)).send({ title: 'Mine now' }).expect(404);
    await t.http.post(`/api/chapters/${id}/merge-next`).set(auth(other.token)).expect(404);
    await t.http.post(`/api/chapters/${id}/split`).set(auth(other.token)).send({ page: 6 }).expect(404);
    await t.http.delete(`/api/chapters/${id}`).set(auth(other.token)).expect(404);
    await t.http.post(`/api/books/${bookId}/redetect`).set(auth(other.token)).expect(404);
    await t.http.delete(`/api/chapters/00000000-0000-4000-8000-000000000000`).set(auth(token)).expect(404);
    await t.http.post(`/api/chapters/${id}/merge-next`).expect(401);
    expect(spans(await chaptersOf(token, bookId))).toEqual(spans(chapters));
  });

  it('re-runs detection: the book is read again and the detected chapters replace the edits', async () => {
    const { token, bookId, chapters } = await uploadedBook();
    await t.http.post(`/api/chapters/${chapters[0]!.id}/merge-next`).set(auth(token)).expect(200);
    const queued = await t.http.post(`/api/books/${bookId}/redetect`).set(auth(token)).expect(202);
    expect(queued.body).toMatchObject({ id: bookId, status: 'queued' });
    const done = await waitForBook(t, token, bookId);
    expect(done.status).toBe('completed');
    expect((await chaptersOf(token, bookId)).map((c) => [c.chapter_number, c.title])).toEqual(
      titles.map((title, i) => [i + 1, title]),
    );
  });
});
