import type { Flashcard } from '@chapterwise/shared';
import { biologyPageText } from '../fixtures/study-text.js';
import { textBookPdf } from '../fixtures/pdf-factory.js';
import { testDatabases } from '../support/databases.js';
import { upload, waitForBook } from '../support/library.js';
import { createTestApp, registerUser, type TestApp } from '../support/test-app.js';

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
const key = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

// A book whose second chapter prints the first one's pages again (as a review chapter or a repeated glossary does):
// every card it could make, the first chapter already has.
async function bookWithARepeatedChapter(t: TestApp, token: string) {
  const pdf = await textBookPdf({
    title: `Plant Biology ${Date.now()}`,
    outline: true,
    chapters: [
      { title: 'Photosynthesis', pages: 2 },
      { title: 'Photosynthesis Reviewed', pages: 2 },
      { title: 'Respiration', pages: 2 },
    ],
    pageText: (chapter, page) => biologyPageText(chapter === 2 ? 1 : 0, page),
  });
  const response = await upload(t, token, pdf).expect(201);
  const book = await waitForBook(t, token, response.body.id as string, undefined, 200_000);
  if (book.status !== 'completed') throw new Error(`ingestion failed: ${book.error}`);
  const chapters = await t.http.get(`/api/books/${book.id}/chapters`).set(auth(token)).expect(200);
  return (chapters.body as Array<{ id: string }>).map((chapter) => chapter.id);
}

describe.each(testDatabases())("A chapter's cards repeat none of the book's on %s", (database) => {
  let t: TestApp;
  let token: string;
  let chapterIds: string[];
  const generate = async (chapterId: string) =>
    (await t.http.post(`/api/chapters/${chapterId}/flashcards`).set(auth(token)).expect(200)).body as Flashcard[];

  beforeAll(async () => {
    t = await createTestApp({ database });
    token = (await registerUser(t)).token;
    chapterIds = await bookWithARepeatedChapter(t, token);
  }, 300_000);
  afterAll(async () => {
    await t.close();
  });

  it('makes no card of a later chapter that an earlier one has, and regenerating a chapter keeps its own', async () => {
    const [first, reprint, other] = chapterIds as [string, string, string];
    const firstCards = await generate(first);
    expect(firstCards.map((card) => card.front)).toContain('What is Photosynthesis?');

    const reprinted = await generate(reprint);
    const firstFronts = new Set(firstCards.map((card) => key(card.front)));
    expect(reprinted.filter((card) => firstFronts.has(key(card.front)))).toEqual([]);
    const answers = new Set(
      firstCards.map((card) => `${key(card.back)}|${key(card.front).split(' ').slice(0, 6).join(' ')}`),
    );
    expect(
      reprinted.filter((card) => answers.has(`${key(card.back)}|${key(card.front).split(' ').slice(0, 6).join(' ')}`)),
    ).toEqual([]);

    // A chapter with its own matter gets its cards whatever the others have.
    expect((await generate(other)).length).toBeGreaterThanOrEqual(5);

    // Regenerating the first chapter: its old cards are replaced, not counted as the book's, so it asks them again.
    const again = await generate(first);
    expect(new Set(again.map((card) => card.front))).toEqual(new Set(firstCards.map((card) => card.front)));
    const reprintFronts = new Set(reprinted.map((card) => key(card.front)));
    expect(again.filter((card) => reprintFronts.has(key(card.front)))).toEqual([]);
  });
});
