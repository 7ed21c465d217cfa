import { MESSAGES, type Book, type BookListItem, type Chapter } from '@chapterwise/shared';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { BookRepository } from '../../src/modules/books/book.repository.js';
import { PageEntity } from '../../src/modules/books/entities/page.entity.js';
import { UserEntity } from '../../src/modules/users/user.entity.js';
import { testDatabases } from '../support/databases.js';
import {
  bookWithOwnedRoutes,
  discardBooks,
  readyBook,
  sampleBookPdf,
  upload,
  waitForBook,
  type OwnedRoute,
} from '../support/library.js';
import { createTestApp, registerUser, type TestApp } from '../support/test-app.js';

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

describe.each(testDatabases())('Library API on %s', (database) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ database, env: { MAX_UPLOAD_MB: '1' } });
  });
  afterAll(async () => {
    await t.close();
  });

  // Books uploaded only to check an answer are deleted after their test: left queued, every later test of this
  // shared app would wait behind about twenty ingestions (what made the ownership sweep pass 30 s).
  const users: string[] = [];
  async function newUser() {
    const user = await registerUser(t);
    users.push(user.token);
    return user;
  }
  afterEach(async () => {
    for (const token of users.splice(0)) await discardBooks(t, token);
  });

  async function setPlan(userId: string, plan: 'free' | 'pro' | 'premium') {
    await t.app.get(DataSource).getRepository(UserEntity).update({ id: userId }, { plan });
  }

  describe('upload', () => {
    it('creates a queued book at once, then ingests it into pages and chapters', async () => {
      const { token } = await newUser();
      const response = await upload(t, token, await sampleBookPdf('The River Book'), 'river_book.pdf').expect(201);
      expect(response.body).toMatchObject({ status: 'queued', title: 'river book', total_pages: 0 });
      const book = await waitForBook(t, token, response.body.id);
      expect(book).toMatchObject({
        status: 'completed',
        progress: 100,
        title: 'The River Book',
        chapter_count: 3,
        engine: 'offline',
      });
      expect(book.total_pages).toBeGreaterThanOrEqual(6);
      const chapters = await t.http.get(`/api/books/${book.id}/chapters`).set(auth(token)).expect(200);
      expect(
        (chapters.body as Chapter[]).map((chapter) => [
          chapter.chapter_number,
          chapter.title,
          chapter.detection_method,
        ]),
      ).toEqual([
        [1, 'The River', 'outline'],
        [2, 'The Winter', 'outline'],
        [3, 'The Letter', 'outline'],
      ]);
      // The pages keep what the book sets in bold (its chapter headings here) for the study kit.
      const rows = (await t.app
        .get(DataSource)
        .query('SELECT emphasis FROM pages WHERE book_id = ? ORDER BY number', [book.id])) as {
        emphasis: string | null;
      }[];
      const emphasised = rows.flatMap((row) => (row.emphasis ? (JSON.parse(row.emphasis) as string[]) : []));
      for (const title of ['The River', 'The Winter', 'The Letter'])
        expect(emphasised.some((phrase) => phrase.includes(title))).toBe(true);
      const list = await t.http.get('/api/books').set(auth(token)).expect(200);
      expect(list.body).toEqual([
        expect.objectContaining({ id: book.id, status: 'completed', total_pages: book.total_pages }),
      ]);
    });

    it('returns the existing book for the same file without using a slot', async () => {
      const { token } = await newUser();
      const pdf = await sampleBookPdf();
      const first = await upload(t, token, pdf).expect(201);
      expect(first.body.already_in_library).toBeUndefined();
      const again = await upload(t, token, pdf, 'renamed.pdf').expect(200);
      expect(again.body.id).toBe(first.body.id);
      expect(again.body.already_in_library).toBe(true);
      const second = await upload(t, token, await sampleBookPdf()).expect(201);
      expect(second.body.id).not.toBe(first.body.id);
    });

    it.each([
      [
        'a text file renamed .pdf',
        Buffer.from('just some notes, not a PDF at all\n'.repeat(100)),
        'notes.pdf',
        'application/pdf',
      ],
      ['a PDF with a .txt name', Buffer.from('%PDF-1.4\n%%EOF\n'), 'book.txt', 'application/pdf'],
      ['a PDF sent as an image', Buffer.from('%PDF-1.4\n%%EOF\n'), 'book.pdf', 'image/png'],
    ])('rejects %s with 400 "Please upload a PDF file" and uses no slot', async (_case, data, name, type) => {
      const { token } = await newUser();
      const response = await upload(t, token, data, name, type).expect(400);
      expect(response.body).toEqual({ detail: MESSAGES.notAPdf, code: 'VALIDATION' });
      await upload(t, token, await sampleBookPdf()).expect(201);
      await upload(t, token, await sampleBookPdf()).expect(201);
    });

    it('rejects a request without a file', async () => {
      const { token } = await newUser();
      const response = await t.http
        .post('/api/books/upload')
        .set(auth(token))
        .field('source_url', 'https://example.com/a.pdf')
        .expect(400);
      expect(response.body.detail).toBe(MESSAGES.notAPdf);
    });

    it('stops an upload over MAX_UPLOAD_MB with 413 and leaves no temp file (UP-1)', async () => {
      const { token } = await newUser();
      const big = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(1.5 * 1024 * 1024, 32)]);
      const response = await upload(t, token, big).expect(413);
      expect(response.body).toEqual({
        detail: 'This PDF is larger than the 1 MB upload limit',
        code: 'PAYLOAD_TOO_LARGE',
      });
      const tmp = join(t.config.dataDir, 'tmp');
      expect(existsSync(tmp) ? readdirSync(tmp) : []).toEqual([]);
    });

    it('keeps the user file name as metadata only (UP-3)', async () => {
      const { token } = await newUser();
      const response = await upload(t, token, await sampleBookPdf(), '../../etc/passwd.pdf').expect(201);
      const book = (await t.http.get(`/api/books/${response.body.id}`).set(auth(token)).expect(200)).body as Book;
      expect(book.pdf_url.startsWith(`/api/files/books/${book.id}/source.pdf?`)).toBe(true);
      const withNul = await upload(t, token, await sampleBookPdf(), 'evil\u0000.pdf');
      expect(withNul.status).toBe(400);
      expect(existsSync(join(t.config.dataDir, 'etc'))).toBe(false);
      expect(existsSync(join(t.config.dataDir, '..', 'etc', 'passwd.pdf'))).toBe(false);
    });
  });

  describe('the book of a source address (GET /books/by-source)', () => {
    const sent = (token: string, pdf: Buffer, sourceUrl: string) =>
      t.http
        .post('/api/books/upload')
        .set(auth(token))
        .field('source_url', sourceUrl)
        .attach('file', pdf, { filename: 'sent.pdf', contentType: 'application/pdf' });
    const lookup = (token: string, url: string) => t.http.get('/api/books/by-source').query({ url }).set(auth(token));

    it("finds the owner's book by the address it was sent from, whatever the fragment, and nobody else's", async () => {
      const owner = await registerUser(t);
      const other = await registerUser(t);
      const address = 'https://courses.example.org/notes/river.pdf';
      const created = await sent(owner.token, await sampleBookPdf(), `${address}#page=2`).expect(201);

      const found = await lookup(owner.token, `${address}#page=9`).expect(200);
      expect(found.body).toEqual({ book: expect.objectContaining({ id: created.body.id, title: expect.any(String) }) });
      expect((await lookup(other.token, address).expect(200)).body).toEqual({ book: null });
      expect((await lookup(owner.token, 'https://courses.example.org/other.pdf').expect(200)).body).toEqual({
        book: null,
      });
    });

    it('names the existing book after a new address when the same file is sent from there', async () => {
      const { token } = await registerUser(t);
      const pdf = await sampleBookPdf();
      const first = await sent(token, pdf, 'https://a.example.org/book.pdf').expect(201);
      const again = await sent(token, pdf, 'https://mirror.example.net/copy.pdf').expect(200);
      expect(again.body.id).toBe(first.body.id);
      const found = await lookup(token, 'https://mirror.example.net/copy.pdf').expect(200);
      expect(found.body.book.id).toBe(first.body.id);
    });

    it.each([[''], ['javascript:alert(1)'], ['x'.repeat(2001)]])(
      'answers 400 with a message for url %#',
      async (url) => {
        const { token } = await registerUser(t);
        const response = await lookup(token, url).expect(400);
        expect(response.body.detail).toMatch(/url/);
      },
    );

    it('needs a session', async () => {
      await t.http.get('/api/books/by-source').query({ url: 'https://a.example.org/b.pdf' }).expect(401);
    });
  });

  describe('library cards', () => {
    it('lists chapter count, a signed cover PNG and when the book was last opened, each only to its owner', async () => {
      const { token } = await registerUser(t);
      const { id, chapterIds } = await readyBook(t, token);
      const before = (await t.http.get('/api/books').set(auth(token)).expect(200)).body as BookListItem[];
      const card = before.find((item) => item.id === id)!;
      expect(card.chapter_count).toBe(chapterIds.length);
      expect(card.cover_url?.startsWith(`/api/files/books/${id}/cover.png?`)).toBe(true);
      const cover = await t.http.get(card.cover_url!).expect(200);
      expect(cover.headers['content-type']).toBe('image/png');
      expect(cover.body.subarray(1, 4).toString()).toBe('PNG');

      await t.http.get(`/api/books/${id}`).set(auth(token)).expect(200);
      const after = (await t.http.get('/api/books').set(auth(token)).expect(200)).body as BookListItem[];
      expect(Date.parse(after.find((item) => item.id === id)!.last_opened_at!)).toBeGreaterThan(Date.now() - 60_000);

      const stranger = await registerUser(t);
      expect((await t.http.get('/api/books').set(auth(stranger.token)).expect(200)).body).toEqual([]);
      await t.http.get(`/api/books/${id}`).set(auth(stranger.token)).expect(404);
    });
  });

  describe('signed file links', () => {
    it('downloads with ?download=1, and an expired link shows a page with a way back (HTML) or JSON', async () => {
      const { token } = await registerUser(t);
      const response = await upload(t, token, await sampleBookPdf(), 'my book.pdf').expect(201);
      const book = (await t.http.get(`/api/books/${response.body.id}`).set(auth(token)).expect(200)).body as Book;
      const path = book.pdf_url;
      const inline = await t.http.get(path).expect(200);
      expect(inline.headers['content-disposition']).toMatch(/^inline/);
      const download = await t.http.get(`${path}&download=1`).expect(200);
      expect(download.headers['content-disposition']).toMatch(/^attachment; filename="my book.pdf"/);

      const expired = path.replace(/exp=\d+/, 'exp=1000');
      const page = await t.http.get(expired).set('Accept', 'text/html,application/xhtml+xml,*/*;q=0.8').expect(403);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.text).toContain('This link has expired');
      expect(page.text).toContain('href="/dashboard"');
      const json = await t.http.get(expired).set('Accept', 'application/json').expect(403);
      expect(json.body.code).toBe('FORBIDDEN');
      // A tampered link is refused the same way, and never serves the file.
      await t.http
        .get(path.replace(/sig=[^&]+/, 'sig=AAAA'))
        .set('Accept', 'text/html')
        .expect(403);
    });
  });

  describe('monthly limits (Q-1, Q-2)', () => {
    it('answers 403 with upgrade_required past the free limit', async () => {
      const { token } = await newUser();
      await upload(t, token, await sampleBookPdf()).expect(201);
      await upload(t, token, await sampleBookPdf()).expect(201);
      const response = await upload(t, token, await sampleBookPdf()).expect(403);
      expect(response.body).toMatchObject({
        upgrade_required: true,
        current_plan: 'free',
        limit: 2,
        used: 2,
        code: 'UPGRADE_REQUIRED',
      });
      expect(response.body.message).toContain('used 2 of 2 uploads on the Free plan');
    });

    it('lets exactly one of 20 concurrent uploads through when one slot is left', async () => {
      const { token } = await newUser();
      await upload(t, token, await sampleBookPdf()).expect(201);
      const files = await Promise.all(Array.from({ length: 20 }, () => sampleBookPdf()));
      const responses = await Promise.all(files.map((pdf) => upload(t, token, pdf)));
      const statuses = responses.map((response) => response.status).sort();
      expect(statuses.filter((status) => status === 201)).toHaveLength(1);
      expect(statuses.filter((status) => status === 403)).toHaveLength(19);
      const last = responses.find((response) => response.status === 403)!;
      expect(last.body.used).toBe(2);
      const list = await t.http.get('/api/books').set(auth(token)).expect(200);
      expect(list.body).toHaveLength(2);
    });

    it('gives pro 20 uploads and premium no limit', async () => {
      const pro = await newUser();
      await setPlan(pro.id, 'pro');
      for (let i = 0; i < 3; i++) await upload(t, pro.token, await sampleBookPdf()).expect(201);
      const premium = await newUser();
      await setPlan(premium.id, 'premium');
      for (let i = 0; i < 3; i++) await upload(t, premium.token, await sampleBookPdf()).expect(201);
    });
  });

  describe('ownership (AC-1)', () => {
    it("answers 404 on every route for another user's ids and for malformed ids", async () => {
      const owner = await registerUser(t);
      const { id, routes: owned } = await bookWithOwnedRoutes(t, owner.token);
      const intruder = await registerUser(t);
      const routes: OwnedRoute[] = [...owned, ['get', '/api/books/not-a-uuid']];
      for (const [method, path] of routes) {
        const response = await (t.http as unknown as Record<string, (p: string) => ReturnType<typeof t.http.get>>)[
          method
        ]!(path).set(auth(intruder.token));
        expect([path, response.status]).toEqual([path, 404]);
        expect(response.body.code).toBe('NOT_FOUND');
      }
      // Still there for its owner.
      await t.http.get(`/api/books/${id}`).set(auth(owner.token)).expect(200);
      const list = await t.http.get('/api/books').set(auth(intruder.token)).expect(200);
      expect(list.body).toEqual([]);
    });

    it('needs a session on every library route', async () => {
      for (const path of ['/api/books', '/api/books/00000000-0000-4000-8000-000000000000']) {
        await t.http.get(path).expect(401);
      }
      await t.http
        .post('/api/books/upload')
        .attach('file', await sampleBookPdf(), 'a.pdf')
        .expect(401);
    });
  });

  describe('files (URL-1)', () => {
    it('serves the PDF by its signed URL with safe headers and Range support, and refuses tampering', async () => {
      const { token } = await registerUser(t);
      const { id } = await readyBook(t, token);
      const book = (await t.http.get(`/api/books/${id}`).set(auth(token)).expect(200)).body as Book;
      const url = new URL(book.pdf_url, t.url);
      const path = `${url.pathname}${url.search}`;
      const file = await t.http.get(path).buffer(true).expect(200);
      expect(file.headers['content-type']).toBe('application/pdf');
      expect(file.headers['x-content-type-options']).toBe('nosniff');
      expect(file.headers['cache-control']).toContain('private');
      expect(file.headers['referrer-policy']).toBe('no-referrer');
      expect(file.headers['content-disposition']).toMatch(/^inline; filename="?book\.pdf"?$/);
      const range = await t.http.get(path).set('Range', 'bytes=0-4').buffer(true).expect(206);
      expect(range.headers['content-range']).toMatch(/^bytes 0-4\//);

      const tampered = new URL(url);
      tampered.searchParams.set('exp', String(Number(url.searchParams.get('exp')) + 60));
      await t.http.get(`${tampered.pathname}${tampered.search}`).expect(403);
      const expired = new URL(url);
      expired.searchParams.set('exp', '1000');
      await t.http.get(`${expired.pathname}${expired.search}`).expect(403);
      const otherFile = path.replace('source.pdf', 'other.pdf');
      await t.http.get(otherFile).expect(403);
    });
  });

  describe('saving an extraction', () => {
    const page = (bookId: string, number: number) =>
      Object.assign(new PageEntity(), {
        bookId,
        number,
        label: String(number),
        text: `Page ${number} of a long book about rivers.`,
        source: 'text' as const,
        ocrConfidence: null,
      });
    const countPages = async (bookId: string) =>
      Number(
        (
          (await t.app.get(DataSource).query('SELECT COUNT(*) AS n FROM pages WHERE book_id = ?', [bookId])) as {
            n: number | string;
          }[]
        )[0]!.n,
      );

    it('writes a long book in batches, completes it once, and rewrites its pages on a retry', async () => {
      const { token } = await registerUser(t);
      const { id } = await readyBook(t, token);
      const books = t.app.get(BookRepository);
      const chapter = await books.listChapters(id);
      const pages = Array.from({ length: 173 }, (_, i) => page(id, i + 1));
      expect(await books.saveExtraction(id, pages, chapter, { totalPages: 173 })).toBe(true);
      expect(await countPages(id)).toBe(173);
      expect((await books.findById(id))!.totalPages).toBe(173);
      expect(await books.listChapters(id)).toHaveLength(chapter.length);
      // A retried job writes the book again from its first page.
      expect(await books.saveExtraction(id, pages.slice(0, 3), chapter, { totalPages: 3 })).toBe(true);
      expect(await countPages(id)).toBe(3);
      const hits = await t.http.get('/api/search').query({ q: 'rivers' }).set(auth(token)).expect(200);
      expect(hits.body.filter((hit: { book_id: string }) => hit.book_id === id)).toHaveLength(3);
    });

    it('stores nothing for a book deleted meanwhile', async () => {
      const { token } = await registerUser(t);
      const { id } = await readyBook(t, token);
      await t.http.delete(`/api/books/${id}`).set(auth(token)).expect(200);
      const pages = Array.from({ length: 60 }, (_, i) => page(id, i + 1));
      expect(await t.app.get(BookRepository).saveExtraction(id, pages, [], { totalPages: 60 })).toBe(false);
      expect(await countPages(id)).toBe(0);
    });
  });

  describe('delete', () => {
    it('removes the book, its rows and files, and reloads without it', async () => {
      const { token } = await registerUser(t);
      const { id, chapterIds } = await readyBook(t, token);
      await t.http.post(`/api/chapters/${chapterIds[0]}/summarize`).set(auth(token)).expect(200);
      await t.http
        .post(`/api/audio/generate?content_type=chapter&content_id=${chapterIds[0]}`)
        .set(auth(token))
        .expect(200);
      const response = await t.http.delete(`/api/books/${id}`).set(auth(token)).expect(200);
      expect(response.body).toEqual({ message: MESSAGES.bookDeleted });
      await t.http.get(`/api/books/${id}`).set(auth(token)).expect(404);
      await t.http.get(`/api/chapters/${chapterIds[0]}`).set(auth(token)).expect(404);
      expect(existsSync(join(t.config.filesDir, 'books', id))).toBe(false);
      const db = t.app.get(DataSource);
      for (const table of ['pages', 'chapters', 'assets']) {
        const rows: Array<{ n: number | string }> = await db.query(
          `SELECT COUNT(*) AS n FROM ${table} WHERE book_id = ?`,
          [id],
        );
        expect([table, Number(rows[0]!.n)]).toEqual([table, 0]);
      }
    });
  });
});
