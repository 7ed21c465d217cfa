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

export type OwnedRoute = ['get' | 'post' | 'delete', string];

/**
 * A ready book with a topic, and every route that reaches one of its resources (book, chapter, topic, audio,
 * exports): the ownership sweeps call each as another user and expect 404.
 */
export async function bookWithOwnedRoutes(
  t: TestApp,
  token: string,
): Promise<{ id: string; chapterIds: string[]; routes: OwnedRoute[] }> {
  const { id, chapterIds } = await readyBook(t, token);
  const topics = await t.http.post(`/api/chapters/${chapterIds[0]}/topics`).set('Authorization', `Bearer ${token}`);
  if (topics.status !== 200) throw new Error(`topics failed: ${topics.status}`);
  const topicId = (topics.body as Array<{ id: string }>)[0]!.id;
  const routes: OwnedRoute[] = [
    ['get', `/api/books/${id}`],
    ['get', `/api/books/${id}/chapters`],
    ['delete', `/api/books/${id}`],
    ['post', `/api/books/${id}/summarize`],
    ['get', `/api/books/${id}/prepare`],
    ['post', `/api/books/${id}/prepare`],
    ['get', `/api/chapters/${chapterIds[0]}`],
    ['post', `/api/chapters/${chapterIds[0]}/summarize`],
    ['get', `/api/chapters/${chapterIds[0]}/topics`],
    ['post', `/api/chapters/${chapterIds[0]}/topics`],
    ['post', `/api/topics/${topicId}/eli12`],
    ['post', `/api/audio/generate?content_type=book&content_id=${id}`],
    ['post', `/api/audio/generate?content_type=chapter&content_id=${chapterIds[0]}`],
    ['post', `/api/audio/generate?content_type=book_full&content_id=${id}`],
    ['post', `/api/export/summary-pdf/${id}`],
    ['post', `/api/export/pptx/${id}`],
  ];
  return { id, chapterIds, routes };
}

/**
 * Deletes every book of the user, which also drops their queued ingestions. Tests that upload books only to
 * check an answer call it, so that the next test of a shared app does not wait behind their ingestions.
 */
export async function discardBooks(t: TestApp, token: string): Promise<void> {
  const list = await t.http.get('/api/books').set('Authorization', `Bearer ${token}`).expect(200);
  for (const book of list.body as Array<{ id: string }>) {
    await t.http.delete(`/api/books/${book.id}`).set('Authorization', `Bearer ${token}`).expect(200);
  }
}
