import type {
  ChapterProgress,
  DueQueue,
  Flashcard,
  Quiz,
  QuizAttempt,
  QuizResult,
  SummaryRead,
} from '@chapterwise/shared';
import Database from 'better-sqlite3';
import JSZip from 'jszip';
import { biologyPageText } from '../fixtures/study-text.js';
import { textBookPdf } from '../fixtures/pdf-factory.js';
import { testDatabases } from '../support/databases.js';
import { upload, waitForBook } from '../support/library.js';
import { createTestApp, registerUser, type TestApp } from '../support/test-app.js';

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

async function biologyBook(t: TestApp, token: string) {
  const pdf = await textBookPdf({
    title: `Biology Basics ${Date.now()}`,
    outline: true,
    chapters: [
      { title: 'Photosynthesis', pages: 2 },
      { title: 'Respiration and Food Chains', pages: 2 },
      { title: 'Cycles of Matter', pages: 2 },
      // A short chapter: one page of its own, the rest of the book gives its quiz's distractors.
      { title: 'The Rock Cycle', pages: 1 },
    ],
    pageText: biologyPageText,
  });
  const response = await upload(t, token, pdf).expect(201);
  const book = await waitForBook(t, token, response.body.id as string, undefined, 200_000);
  if (book.status !== 'completed') throw new Error(`ingestion failed: ${book.error}`);
  const chapters = await t.http.get(`/api/books/${book.id}/chapters`).set(auth(token)).expect(200);
  return { id: book.id, chapterIds: (chapters.body as Array<{ id: string }>).map((chapter) => chapter.id) };
}

describe.each(testDatabases())('Study studio API on %s', (database) => {
  let t: TestApp;
  let user: { token: string };
  let other: { token: string };
  let book: { id: string; chapterIds: string[] };
  let cards: Flashcard[];

  beforeAll(async () => {
    t = await createTestApp({ database });
    user = await registerUser(t);
    other = await registerUser(t, 'Other Student');
    book = await biologyBook(t, user.token);
    cards = (await t.http.post(`/api/chapters/${book.chapterIds[0]}/flashcards`).set(auth(user.token)).expect(200))
      .body as Flashcard[];
  }, 300_000);
  afterAll(async () => {
    await t.close();
  });

  it('generates question/answer and cloze cards that cite their page, with no duplicates', async () => {
    expect(cards.length).toBeGreaterThanOrEqual(5);
    expect(cards.length).toBeLessThanOrEqual(25);
    expect(new Set(cards.map((card) => card.kind))).toEqual(new Set(['qa', 'cloze']));
    expect(new Set(cards.map((card) => card.front.toLowerCase())).size).toBe(cards.length);
    for (const card of cards) {
      expect(card).toMatchObject({ chapter_id: book.chapterIds[0], book_id: book.id, state: 'new', reps: 0 });
      expect(card.page_label).toMatch(/^\d+$/);
      if (card.kind === 'cloze') expect(card.front).toContain('_____');
    }
    const photosynthesis = cards.find((card) => card.front === 'What is Photosynthesis?');
    expect(photosynthesis?.back).toBe('The process by which green plants turn light into chemical energy');
    const listed = await t.http.get(`/api/chapters/${book.chapterIds[0]}/flashcards`).set(auth(user.token)).expect(200);
    expect((listed.body as Flashcard[]).map((card) => card.id)).toEqual(cards.map((card) => card.id));
  });

  it('edits, adds and deletes cards, answering 400 with a plain message on bad input', async () => {
    const chapterId = book.chapterIds[0]!;
    const edited = await t.http
      .patch(`/api/flashcards/${cards[0]!.id}`)
      .set(auth(user.token))
      .send({ back: 'An edited answer' })
      .expect(200);
    expect(edited.body).toMatchObject({ id: cards[0]!.id, back: 'An edited answer', front: cards[0]!.front });
    const added = await t.http
      .post(`/api/chapters/${chapterId}/flashcards/manual`)
      .set(auth(user.token))
      .send({ front: 'What colour is chlorophyll?', back: 'Green', page_label: '2' })
      .expect(201);
    expect(added.body).toMatchObject({ kind: 'qa', manual: true, state: 'new', page_label: '2' });
    const empty = await t.http
      .post(`/api/chapters/${chapterId}/flashcards/manual`)
      .set(auth(user.token))
      .send({ front: '  ', back: 'x', page_label: '2' })
      .expect(400);
    expect(empty.body.detail).toBe('front cannot be empty');
    const noFields = await t.http.patch(`/api/flashcards/${cards[0]!.id}`).set(auth(user.token)).send({}).expect(400);
    expect(noFields.body.detail).toBe('Send at least one of front, back or page_label');
    await t.http.delete(`/api/flashcards/${added.body.id}`).set(auth(user.token)).expect(200);
    await t.http.delete(`/api/flashcards/${added.body.id}`).set(auth(user.token)).expect(404);
  });

  it('schedules reviews with FSRS, keeps the history and keeps reviewed cards when regenerating', async () => {
    const card = cards[1]!;
    const reviewed = (
      await t.http.post(`/api/flashcards/${card.id}/review`).set(auth(user.token)).send({ rating: 'good' }).expect(200)
    ).body as Flashcard;
    expect(reviewed.reps).toBe(1);
    expect(reviewed.state).toBe('learning');
    expect(new Date(reviewed.due_at).getTime()).toBeGreaterThan(Date.now());
    expect(Date.parse(reviewed.due_at)).toBeCloseTo(Date.parse(card.next_due.good), -4);
    const easy = (
      await t.http.post(`/api/flashcards/${card.id}/review`).set(auth(user.token)).send({ rating: 'easy' }).expect(200)
    ).body as Flashcard;
    expect(easy.state).toBe('review');
    expect(easy.interval_days).toBeGreaterThanOrEqual(1);

    const bad = await t.http
      .post(`/api/flashcards/${card.id}/review`)
      .set(auth(user.token))
      .send({ rating: 'perfect' })
      .expect(400);
    expect(bad.body.detail).toBe('rating must be one of again, hard, good or easy');
    await t.http.post(`/api/flashcards/${card.id}/review`).set(auth(user.token)).send({}).expect(400);

    // History: two reviews stored for the card.
    const dataSource = t.app.get((await import('typeorm')).DataSource);
    const history = await dataSource.query(
      `SELECT rating FROM flashcard_reviews WHERE card_id = ? ORDER BY reviewed_at`,
      [card.id],
    );
    expect(history.map((row: { rating: string }) => row.rating)).toEqual(['good', 'easy']);

    const response = await t.http
      .post(`/api/chapters/${book.chapterIds[0]}/flashcards`)
      .set(auth(user.token))
      .expect(200);
    expect(response.headers['x-dropped-cards']).toBe('0');
    const regenerated = response.body as Flashcard[];
    expect(regenerated.map((c) => c.id)).toContain(card.id);
    expect(regenerated.filter((c) => c.front === card.front)).toHaveLength(1);
    expect(regenerated.map((c) => c.id)).not.toContain(cards[2]!.id);
    cards = regenerated;
  });

  it('lists due cards per book and across the library with counts per book', async () => {
    const inBook = (await t.http.get(`/api/books/${book.id}/flashcards/due`).set(auth(user.token)).expect(200))
      .body as DueQueue;
    const newCards = cards.filter((card) => card.state === 'new').length;
    expect(inBook.due_count).toBe(newCards);
    expect(inBook.cards.every((card) => Date.parse(card.due_at) <= Date.now())).toBe(true);
    const library = (await t.http.get('/api/flashcards/due').set(auth(user.token)).expect(200)).body as DueQueue;
    expect(library.by_book[book.id]).toBe(newCards);
    const none = (await t.http.get('/api/flashcards/due').set(auth(other.token)).expect(200)).body as DueQueue;
    expect(none).toEqual({ due_count: 0, by_book: {}, cards: [] });
  });

  it('strips NUL and bidirectional controls from cards and their page labels, so the CSV export never carries them', async () => {
    const chapterId = book.chapterIds[0]!;
    const added = await t.http
      .post(`/api/chapters/${chapterId}/flashcards/manual`)
      .set(auth(user.token))
      .send({ front: 'Who\u0000 signs\u202E?', back: 'The\u2067 clerk\u2069\u0008', page_label: '\u202E12\u0000' })
      .expect(201);
    expect(added.body).toMatchObject({ front: 'Who signs?', back: 'The clerk', page_label: '12' });
    const edited = await t.http
      .patch(`/api/flashcards/${added.body.id as string}`)
      .set(auth(user.token))
      .send({ page_label: '\u0000\u202D' })
      .expect(400);
    expect(edited.body.detail).toBe('page_label cannot be empty');
    const csv = await t.http
      .get(`/api/books/${book.id}/flashcards/export?format=csv`)
      .set(auth(user.token))
      .expect(200);
    expect(csv.text).toContain('Who signs?,The clerk,12,');
    // eslint-disable-next-line no-control-regex -- finding control characters is the point
    expect(csv.text).not.toMatch(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u202A-\u202E\u2066-\u2069]/);
    await t.http
      .delete(`/api/flashcards/${added.body.id as string}`)
      .set(auth(user.token))
      .expect(200);
  });

  it('exports an Anki package with one note per card and the page in a field, and a CSV', async () => {
    const apkg = await t.http
      .get(`/api/books/${book.id}/flashcards/export?format=apkg`)
      .set(auth(user.token))
      .buffer(true)
      .parse((response, done) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    expect(apkg.headers['content-disposition']).toMatch(/attachment; filename=".+\.apkg"/);
    const zip = await JSZip.loadAsync(apkg.body as Buffer);
    const collection = await zip.file('collection.anki2')!.async('nodebuffer');
    const db = new Database(collection);
    const notes = db.prepare('SELECT flds FROM notes').all() as Array<{ flds: string }>;
    const cardRows = db.prepare('SELECT COUNT(*) AS n FROM cards').get() as { n: number };
    db.close();
    expect(notes).toHaveLength(cards.length);
    expect(cardRows.n).toBe(cards.length);
    for (const note of notes) expect(note.flds.split('\x1f')[1]).toMatch(/p\. \d+/);

    const csv = await t.http
      .get(`/api/books/${book.id}/flashcards/export?format=csv`)
      .set(auth(user.token))
      .expect(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.text.split('\r\n')[0]).toBe('front,back,page,chapter,kind');
    expect(csv.text.trim().split('\r\n')).toHaveLength(cards.length + 1);
    const bad = await t.http
      .get(`/api/books/${book.id}/flashcards/export?format=pdf`)
      .set(auth(user.token))
      .expect(400);
    expect(bad.body.detail).toBe('format must be apkg or csv');
  });

  it('makes a practice quiz without answers, grades an attempt and keeps the best score', async () => {
    const chapterId = book.chapterIds[1]!;
    const quiz = (await t.http.post(`/api/chapters/${chapterId}/quiz`).set(auth(user.token)).expect(201)).body as Quiz;
    expect(quiz.questions.length).toBeGreaterThanOrEqual(5);
    for (const question of quiz.questions) {
      expect(question.options).toHaveLength(4);
      expect(new Set(question.options).size).toBe(4);
      expect(Object.keys(question).sort()).toEqual(['id', 'options', 'page_label', 'prompt']);
    }
    const wrong = (
      await t.http
        .post(`/api/quizzes/${quiz.id}/answers`)
        .set(auth(user.token))
        .send({ answers: quiz.questions.map((question) => ({ question_id: question.id, choice: 0 })) })
        .expect(200)
    ).body as QuizResult;
    expect(wrong.total).toBe(quiz.questions.length);
    for (const result of wrong.results) {
      expect(result.correct).toBe(result.correct_choice === 0);
      expect(result.explanation.length).toBeGreaterThan(10);
      expect(result.page_label).toMatch(/^\d+$/);
    }
    const right = (
      await t.http
        .post(`/api/quizzes/${quiz.id}/answers`)
        .set(auth(user.token))
        .send({ answers: wrong.results.map((r) => ({ question_id: r.question_id, choice: r.correct_choice })) })
        .expect(200)
    ).body as QuizResult;
    expect(right.score).toBe(quiz.questions.length);
    const history = (await t.http.get(`/api/chapters/${chapterId}/quiz/attempts`).set(auth(user.token)).expect(200))
      .body as QuizAttempt[];
    expect(
      history.map(({ id, quiz_id, score, total }) => ({ id, quiz_id, score, total })).sort((a, b) => a.score - b.score),
    ).toEqual([
      { id: wrong.attempt_id, quiz_id: quiz.id, score: wrong.score, total: quiz.questions.length },
      { id: right.attempt_id, quiz_id: quiz.id, score: quiz.questions.length, total: quiz.questions.length },
    ]);
    const dates = history.map((attempt) => Date.parse(attempt.created_at));
    expect(dates.every((date) => date > Date.now() - 120_000)).toBe(true);
    expect(dates).toEqual([...dates].sort((a, b) => b - a));

    const badChoice = await t.http
      .post(`/api/quizzes/${quiz.id}/answers`)
      .set(auth(user.token))
      .send({ answers: [{ question_id: 'q1', choice: 7 }] })
      .expect(400);
    expect(badChoice.body.detail).toBe('choice must be the number of an option, 0 to 3');
    const unknown = await t.http
      .post(`/api/quizzes/${quiz.id}/answers`)
      .set(auth(user.token))
      .send({ answers: [{ question_id: 'q99', choice: 1 }] })
      .expect(400);
    expect(unknown.body.detail).toBe('q99 is not a question of this quiz');
    // Rejected answers are not attempts; a chapter never quizzed has none.
    const kept = await t.http.get(`/api/chapters/${chapterId}/quiz/attempts`).set(auth(user.token)).expect(200);
    expect(kept.body).toHaveLength(2);
    const none = await t.http
      .get(`/api/chapters/${book.chapterIds[2]}/quiz/attempts`)
      .set(auth(user.token))
      .expect(200);
    expect(none.body).toEqual([]);
    // A malformed id names nothing, like another user's.
    await t.http.get('/api/chapters/not-a-uuid/quiz/attempts').set(auth(user.token)).expect(404);

    const progress = await t.http.get(`/api/books/${book.id}/study-progress`).set(auth(user.token)).expect(200);
    const chapter = (progress.body as Array<{ chapter_id: string; best_quiz_score: number | null }>).find(
      (row) => row.chapter_id === chapterId,
    );
    expect(chapter?.best_quiz_score).toBe(1);
    // Both graded attempts are kept; the rejected ones are not attempts.
    expect((chapter as unknown as ChapterProgress).quiz_attempts).toBe(2);
    const first = (progress.body as Array<{ chapter_id: string; cards_total: number; cards_learned: number }>)[0]!;
    expect(first.cards_total).toBe(cards.length);
    expect(first.cards_learned).toBe(1);
  });

  it('makes a quiz of five questions for a one-page chapter, with distractors from the rest of the book', async () => {
    const chapterId = book.chapterIds[3]!;
    const quiz = (await t.http.post(`/api/chapters/${chapterId}/quiz`).set(auth(user.token)).expect(201)).body as Quiz;
    expect(quiz.questions.length).toBeGreaterThanOrEqual(5);
    for (const question of quiz.questions) {
      expect(question.options).toHaveLength(4);
      expect(new Set(question.options.map((option) => option.toLowerCase())).size).toBe(4);
      expect(question.page_label).toMatch(/^\d+$/);
    }
    const graded = (
      await t.http
        .post(`/api/quizzes/${quiz.id}/answers`)
        .set(auth(user.token))
        .send({ answers: quiz.questions.map((question) => ({ question_id: question.id, choice: 1 })) })
        .expect(200)
    ).body as QuizResult;
    // Every explanation is a sentence of the chapter naming the right option.
    for (const result of graded.results) {
      const question = quiz.questions.find((q) => q.id === result.question_id)!;
      expect(result.explanation.toLowerCase()).toContain(question.options[result.correct_choice]!.toLowerCase());
    }
  });

  it("tracks whether each chapter's notes were read, keeping the first time", async () => {
    const chapterId = book.chapterIds[2]!;
    const notYet = await t.http
      .put(`/api/chapters/${chapterId}/summary-read`)
      .set(auth(user.token))
      .send({ read: true })
      .expect(409);
    expect(notYet.body.detail).toBe("This chapter's notes are not written yet, so they cannot be marked read.");
    await t.http.post(`/api/chapters/${chapterId}/summarize`).set(auth(user.token)).expect(200);
    const before = await t.http.get(`/api/books/${book.id}/study-progress`).set(auth(user.token)).expect(200);
    expect((before.body as ChapterProgress[]).every((row) => !row.summary_read)).toBe(true);

    const read = (
      await t.http.put(`/api/chapters/${chapterId}/summary-read`).set(auth(user.token)).send({ read: true }).expect(200)
    ).body as SummaryRead;
    expect(read).toMatchObject({ chapter_id: chapterId, summary_read: true });
    expect(Date.parse(read.read_at!)).toBeGreaterThan(Date.now() - 60_000);
    const again = (
      await t.http.put(`/api/chapters/${chapterId}/summary-read`).set(auth(user.token)).send({ read: true }).expect(200)
    ).body as SummaryRead;
    expect(again.read_at).toBe(read.read_at);
    const after = (await t.http.get(`/api/books/${book.id}/study-progress`).set(auth(user.token)).expect(200))
      .body as ChapterProgress[];
    expect(after.filter((row) => row.summary_read).map((row) => row.chapter_id)).toEqual([chapterId]);

    const bad = await t.http
      .put(`/api/chapters/${chapterId}/summary-read`)
      .set(auth(user.token))
      .send({ read: 'yes' })
      .expect(400);
    expect(bad.body.detail).toBe('read must be true or false');
    await t.http.put(`/api/chapters/${chapterId}/summary-read`).set(auth(user.token)).send({}).expect(400);

    const unread = (
      await t.http
        .put(`/api/chapters/${chapterId}/summary-read`)
        .set(auth(user.token))
        .send({ read: false })
        .expect(200)
    ).body as SummaryRead;
    expect(unread).toEqual({ chapter_id: chapterId, summary_read: false, read_at: null });
    const reset = (await t.http.get(`/api/books/${book.id}/study-progress`).set(auth(user.token)).expect(200))
      .body as ChapterProgress[];
    expect(reset.some((row) => row.summary_read)).toBe(false);
    await t.http.put(`/api/chapters/${chapterId}/summary-read`).set(auth(user.token)).send({ read: true }).expect(200);
  });

  it('documents every studio call in the OpenAPI document', async () => {
    const document = (await t.http.get('/api/docs/openapi.json').expect(200)).body as { paths: Record<string, object> };
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/chapters/{id}/flashcards',
        '/chapters/{id}/flashcards/manual',
        '/flashcards/{id}',
        '/books/{id}/flashcards/due',
        '/flashcards/due',
        '/flashcards/{id}/review',
        '/books/{id}/flashcards/export',
        '/chapters/{id}/quiz',
        '/quizzes/{id}/answers',
        '/chapters/{id}/quiz/attempts',
        '/books/{id}/study-progress',
        '/chapters/{id}/summary-read',
      ]),
    );
    expect(Object.keys(document.paths['/flashcards/{id}']!)).toEqual(expect.arrayContaining(['patch', 'delete']));
  });

  it("answers 404 for another user's chapters, cards, books and quizzes", async () => {
    const chapterId = book.chapterIds[0]!;
    const quiz = (await t.http.post(`/api/chapters/${chapterId}/quiz`).set(auth(user.token)).expect(201)).body as Quiz;
    const card = cards[0]!;
    const routes: Array<[string, string, object?]> = [
      ['post', `/api/chapters/${chapterId}/flashcards`],
      ['get', `/api/chapters/${chapterId}/flashcards`],
      ['post', `/api/chapters/${chapterId}/flashcards/manual`, { front: 'a', back: 'b', page_label: '1' }],
      ['patch', `/api/flashcards/${card.id}`, { back: 'stolen' }],
      ['delete', `/api/flashcards/${card.id}`],
      ['post', `/api/flashcards/${card.id}/review`, { rating: 'good' }],
      ['get', `/api/books/${book.id}/flashcards/due`],
      ['get', `/api/books/${book.id}/flashcards/export?format=csv`],
      ['post', `/api/chapters/${chapterId}/quiz`],
      ['post', `/api/quizzes/${quiz.id}/answers`, { answers: [{ question_id: 'q1', choice: 0 }] }],
      ['get', `/api/chapters/${chapterId}/quiz/attempts`],
      ['get', `/api/books/${book.id}/study-progress`],
      ['put', `/api/chapters/${chapterId}/summary-read`, { read: true }],
    ];
    for (const [method, path, body] of routes) {
      const request = (t.http as unknown as Record<string, (path: string) => import('supertest').Test>)[method]!(
        path,
      ).set(auth(other.token));
      const response = await (body ? request.send(body) : request);
      expect([method, path, response.status]).toEqual([method, path, 404]);
    }
    const still = await t.http.get(`/api/chapters/${chapterId}/flashcards`).set(auth(user.token)).expect(200);
    expect((still.body as Flashcard[]).find((c) => c.id === card.id)?.back).toBe(card.back);
    // The other user's PUT changed nothing.
    const progress = (await t.http.get(`/api/books/${book.id}/study-progress`).set(auth(user.token)).expect(200))
      .body as ChapterProgress[];
    expect(progress.find((row) => row.chapter_id === chapterId)?.summary_read).toBe(false);
  });
});
