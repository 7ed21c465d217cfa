// Chapter numbers as the book prints them (`label`), apart from titles, on generated PDFs and on a corpus book.
import type { Chapter } from '@chapterwise/shared';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { textBookPdf } from '../fixtures/pdf-factory.js';
import { testDatabases } from '../support/databases.js';
import { upload, waitForBook } from '../support/library.js';
import { createTestApp, registerUser, type TestApp } from '../support/test-app.js';

const svnBook = join(process.cwd(), '..', '..', 'shared', 'corpus', 'books', 'collins-sussman-svn-book-1.7.pdf');

describe.each(testDatabases())('chapter labels on %s', (database) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ database, env: { MAX_UPLOAD_MB: '50' } });
  });
  afterAll(async () => {
    await t.close();
  });

  async function chaptersOf(pdf: Buffer, name: string): Promise<Chapter[]> {
    // A new student each time: the free plan's monthly uploads would run out.
    const { token } = await registerUser(t);
    const response = await upload(t, token, pdf, name).expect(201);
    const book = await waitForBook(t, token, response.body.id);
    expect(book.status).toBe('completed');
    const chapters = await t.http.get(`/api/books/${book.id}/chapters`).set('Authorization', `Bearer ${token}`);
    return chapters.body as Chapter[];
  }
  const shown = (chapters: Chapter[]) => chapters.map((c) => [c.chapter_number, c.label, c.title]);

  it('keeps "Chapter N." and "Appendix A." out of outline titles, null for an unnumbered part, and no preface', async () => {
    const pdf = await textBookPdf({
      title: 'Labels From The Outline',
      outline: true,
      chapters: [
        // Front matter frames the chapters: the preface is none of them.
        { title: 'Preface', pages: 1 },
        { title: 'Introduction', pages: 1 },
        { title: 'Chapter 1. The River', pages: 2 },
        { title: 'Chapter 2. The Winter', pages: 2 },
        { title: 'Appendix A. The Letter', pages: 1 },
      ],
    });
    expect(shown(await chaptersOf(pdf, 'outline.pdf'))).toEqual([
      [1, null, 'Introduction'],
      [2, '1', 'The River'],
      [3, '2', 'The Winter'],
      [4, 'A', 'The Letter'],
    ]);
  });

  it('takes labels and the contents page casing when chapters open with "CHAPTER I." in capitals', async () => {
    const chapters = ['The River Bank', 'The Open Road', 'The Wild Wood'].map((title, i) => ({
      title: `${['I', 'II', 'III'][i]} ${title}`,
      heading: [`CHAPTER ${['I', 'II', 'III'][i]}. ${title.toUpperCase()}.`],
      pages: 2,
    }));
    const pdf = await textBookPdf({ title: 'Labels From The Contents', contentsPage: true, folios: true, chapters });
    expect(shown(await chaptersOf(pdf, 'contents.pdf'))).toEqual([
      [1, 'I', 'The River Bank'],
      [2, 'II', 'The Open Road'],
      [3, 'III', 'The Wild Wood'],
    ]);
  });

  const corpusIt = existsSync(svnBook) && database === 'sqlite' ? it : it.skip;
  corpusIt(
    'numbers the Subversion book as it prints its chapters (corpus)',
    async () => {
      const chapters = await chaptersOf(readFileSync(svnBook), 'svn.pdf');
      const byTitle = new Map(chapters.map((c) => [c.title, c]));
      expect(byTitle.has('Preface')).toBe(false);
      expect(byTitle.get('Basic Usage')).toMatchObject({ label: '2' });
      expect(byTitle.get('Fundamental Concepts')).toMatchObject({ label: '1' });
      expect(byTitle.get('Copyright')).toMatchObject({ label: 'D' });
      expect(chapters.every((c) => !/^(chapter|appendix)\b/i.test(c.title))).toBe(true);
      expect(chapters.map((c) => c.chapter_number)).toEqual(chapters.map((_, i) => i + 1));
    },
    30_000,
  );
});
