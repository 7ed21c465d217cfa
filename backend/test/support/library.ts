import type { Book } from '@chapterwise/shared';
import { textBookPdf } from '../fixtures/pdf-factory.js';
import type { TestApp } from './test-app.js';

let counter = 0;

/** A small born-digital book with an outline; each call makes a different file. */
export function sampleBookPdf(title = `Sample Book ${++counter} ${Date.now()}`): Promise<Buffer> {
  return textBookPdf({
    title,
    outline: true,
    chapters: [
      { title: 'The River', pages: 2 },
      { title: 'The Winter', pages: 2 },
      { title: 'The Letter', pages: 2 },
    ],
  });
}

export function upload(t: TestApp, token: string, pdf: Buffer, name = 'book.pdf', type = 'application/pdf') {
  return t.http
    .post('/api/books/upload')
    .set('Authorization', `Bearer ${token}`)
    .attach('file', pdf, { filename: name, contentType: type });
}

/** Polls GET /books/{id} until the book reaches one of the statuses. */
export async function waitForBook(
  t: TestApp,
  token: string,
  id: string,
  statuses = ['completed', 'failed'],
  timeoutMs = 60_000,
): Promise<Book> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await t.http.get(`/api/books/${id}`).set('Authorization', `Bearer ${token}`).expect(200);
    const book = response.body as Book;
    if (statuses.includes(book.status)) return book;
    if (Date.now() > deadline)
      throw new Error(`Book ${id} still ${book.status} (${book.status_detail}) after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

/** Uploads a sample book and waits until it is ready; returns its id and chapters. */
export async function readyBook(t: TestApp, token: string): Promise<{ id: string; chapterIds: string[] }> {
  const response = await upload(t, token, await sampleBookPdf()).expect(201);
  const book = await waitForBook(t, token, response.body.id as string);
  if (book.status !== 'completed') throw new Error(`ingestion failed: ${book.error}`);
  const chapters = await t.http
    .get(`/api/books/${book.id}/chapters`)
    .set('Authorization', `Bearer ${token}`)
    .expect(200);
  return { id: book.id, chapterIds: (chapters.body as Array<{ id: string }>).map((chapter) => chapter.id) };
}
