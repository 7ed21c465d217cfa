import type {
  DueQueue,
  Exam,
  ExamPlan,
  ExamSummary,
  Flashcard,
  PracticeAttempt,
  PracticeExam,
  PracticeResult,
  Question,
  QuestionBank,
  Readiness,
  Today,
} from '@chapterwise/shared';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { BookEntity } from '../../src/modules/books/entities/book.entity.js';
import { ChapterEntity } from '../../src/modules/books/entities/chapter.entity.js';
import { PageEntity } from '../../src/modules/books/entities/page.entity.js';
import { QuestionBankBuildEntity } from '../../src/modules/exams/exams.entities.js';
import { keyStandsOnPage } from '../../src/modules/exams/question-bank.js';
import { localDate, addDays } from '../../src/modules/exams/local-date.js';
import { biologyPageText } from '../fixtures/study-text.js';
import { testDatabases } from '../support/databases.js';
import { parseIcs } from '../support/rfc5545.js';
import { createTestApp, registerUser, type TestApp } from '../support/test-app.js';

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
const DAY_MS = 86_400_000;
const TZ = 'Europe/Paris';
/** Physical pages of the three chapters (the book's first two pages are front matter, printed labels lag by 2). */
const CHAPTERS = [
  { title: 'Photosynthesis', start: 3, end: 14 },
  { title: 'Respiration and Food Chains', start: 15, end: 24 },
  { title: 'Cycles of Matter', start: 25, end: 38 },
];

interface SeededBook {
  id: string;
  chapters: Array<{ id: string; start: number; end: number }>;
  pageText: Map<number, string>;
  labelOf: (page: number) => string;
}

/**
 * A processed book written straight into the database: ingestion has its own tests, these are about exams. `textOf`
 * picks the text each chapter prints (a review chapter can reprint another's pages).
 */
async function seedBook(
  t: TestApp,
  ownerId: string,
  { textOf = (chapterIndex: number) => chapterIndex }: { textOf?: (chapterIndex: number) => number } = {},
): Promise<SeededBook> {
  const db = t.app.get(DataSource);
  const bookId = randomUUID();
  await db.getRepository(BookEntity).insert({
    id: bookId,
    ownerId,
    title: 'Biology Basics',
    status: 'completed',
    progress: 100,
    totalPages: 38,
    fileKey: `books/${bookId}.pdf`,
    fileName: 'biology.pdf',
    fileSha256: randomUUID().replace(/-/g, '').padEnd(64, '0'),
    fileSize: 1000,
    language: 'en',
  });
  const labelOf = (page: number) => (page <= 2 ? ['i', 'ii'][page - 1]! : String(page - 2));
  const pageText = new Map<number, string>();
  for (let number = 1; number <= 38; number++) {
    const chapterIndex = CHAPTERS.findIndex((chapter) => number >= chapter.start && number <= chapter.end);
    const text =
      chapterIndex < 0
        ? 'Contents'
        : biologyPageText(textOf(chapterIndex), number - CHAPTERS[chapterIndex]!.start) +
          (number === CHAPTERS[chapterIndex]!.end
            ? '\nReview questions\n1. What is the role of the stomata in a leaf?\n2. Explain how the light reactions release oxygen.'
            : '');
    pageText.set(number, text);
  }
  await db.getRepository(PageEntity).insert(
    [...pageText].map(([number, text]) => ({
      bookId,
      number,
      label: labelOf(number),
      text,
      source: 'text' as const,
    })),
  );
  const chapters = CHAPTERS.map((chapter, index) => ({ id: randomUUID(), ...chapter, number: index + 1 }));
  await db.getRepository(ChapterEntity).insert(
    chapters.map((chapter) => ({
      id: chapter.id,
      bookId,
      chapterNumber: chapter.number,
      title: chapter.title,
      label: String(chapter.number),
      startPage: chapter.start,
      endPage: chapter.end,
      startLabel: labelOf(chapter.start),
      endLabel: labelOf(chapter.end),
      detectionMethod: 'outline' as const,
      summary: `Notes of ${chapter.title}.`,
    })),
  );
  return { id: bookId, chapters, pageText, labelOf };
}

/**
 * A short textbook with a numbered section whose exercises the book answers in its back matter ("Solutions to
 * Exercises", keyed "1.2.1."), the second exercise left unanswered.
 */
async function seedBookWithAnswers(t: TestApp, ownerId: string): Promise<{ id: string; chapterId: string }> {
  const db = t.app.get(DataSource);
  const bookId = randomUUID();
  await db.getRepository(BookEntity).insert({
    id: bookId,
    ownerId,
    title: 'Plant Science with Answers',
    status: 'completed',
    progress: 100,
    totalPages: 12,
    fileKey: `books/${bookId}.pdf`,
    fileName: 'plants.pdf',
    fileSha256: randomUUID().replace(/-/g, '').padEnd(64, '0'),
    fileSize: 1000,
    language: 'en',
  });
  const texts = Array.from({ length: 12 }, (_, index) => biologyPageText(0, index));
  texts[1] = `1.2 Leaves and Light\n${texts[1]}`;
  texts[7] = `${texts[7]}\nExercises\n1. Name the gas that leaves release during photosynthesis.\n2. Explain why leaves are green.`;
  texts[9] = 'Solutions to Exercises\nSolutions for Section 1.2\n1.2.1. Oxygen, released by the light reactions.';
  texts[10] = 'Index\nleaf, 3';
  await db.getRepository(PageEntity).insert(
    texts.map((text, index) => ({
      bookId,
      number: index + 1,
      label: String(index + 1),
      text,
      source: 'text' as const,
    })),
  );
  const chapterId = randomUUID();
  await db.getRepository(ChapterEntity).insert(
    [
      { id: chapterId, number: 1, title: 'Leaves', start: 1, end: 9 },
      { id: randomUUID(), number: 2, title: 'Solutions to Exercises', start: 10, end: 12 },
    ].map((chapter) => ({
      id: chapter.id,
      bookId,
      chapterNumber: chapter.number,
      title: chapter.title,
      label: chapter.number === 1 ? '1' : 'B',
      startPage: chapter.start,
      endPage: chapter.end,
      startLabel: String(chapter.start),
      endLabel: String(chapter.end),
      detectionMethod: 'outline' as const,
      summary: null,
    })),
  );
  return { id: bookId, chapterId };
}

describe.each(testDatabases())('Exam mode API on %s', (database) => {
  let t: TestApp;
  let user: { token: string; id: string };
  let other: { token: string; id: string };
  let book: SeededBook;
  let exam: Exam;
  const examAt = new Date(Date.now() + 10 * DAY_MS);

  beforeAll(async () => {
    t = await createTestApp({ database });
    user = await registerUser(t);
    other = await registerUser(t, 'Other Student');
    book = await seedBook(t, user.id);
    for (const chapter of book.chapters)
      await t.http.post(`/api/chapters/${chapter.id}/flashcards`).set(auth(user.token)).expect(200);
    exam = (
      await t.http
        .post('/api/exams')
        .set(auth(user.token))
        .send({
          name: 'Biology midterm',
          exam_at: examAt.toISOString(),
          chapter_ids: book.chapters.map((chapter) => chapter.id).reverse(),
          daily_minutes: 60,
          time_zone: TZ,
        })
        .expect(201)
    ).body as Exam;
  }, 300_000);
  afterAll(async () => {
    await t.close();
  });

  it('creates an exam over chapters in book order, with what its screens show of them', () => {
    expect(exam).toMatchObject({
      name: 'Biology midterm',
      time_zone: TZ,
      daily_minutes: 60,
      days_left: expect.any(Number),
    });
    expect(exam.exam_at).toBe(examAt.toISOString());
    expect(exam.chapter_ids).toEqual(book.chapters.map((chapter) => chapter.id));
    expect(exam.chapters[0]).toMatchObject({
      book_id: book.id,
      book_title: 'Biology Basics',
      title: 'Photosynthesis',
      start_page: 3,
      end_page: 14,
      start_page_label: '1',
      end_page_label: '12',
      pages: 12,
      read: false,
    });
    expect(exam.chapters[0]!.reading_minutes).toBeGreaterThan(0);
  });

  it("builds the exam's question banks in the background, before any practice exam asks for them", async () => {
    const builds = t.app.get(DataSource).getRepository(QuestionBankBuildEntity);
    const deadline = Date.now() + 120_000;
    while ((await builds.countBy({ ownerId: user.id })) < book.chapters.length && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await builds.countBy({ ownerId: user.id })).toBe(book.chapters.length);
  }, 150_000);

  it('lists, edits and deletes exams; refuses bad input with 400 and what is not yours with 404', async () => {
    const listed = (await t.http.get('/api/exams').set(auth(user.token)).expect(200)).body as ExamSummary[];
    expect(listed.map((row) => row.id)).toEqual([exam.id]);
    expect(listed[0]).toMatchObject({ chapters_total: 3, chapters_read: 0, past: false, book_ids: [book.id] });

    const draft = (
      await t.http
        .post('/api/exams')
        .set(auth(user.token))
        .send({
          name: 'Quiz',
          exam_at: new Date(Date.now() + 3 * DAY_MS).toISOString(),
          chapter_ids: [book.chapters[0]!.id],
          daily_minutes: 30,
        })
        .expect(201)
    ).body as Exam;
    expect(draft.time_zone).toBe('UTC');
    const edited = (
      await t.http
        .patch(`/api/exams/${draft.id}`)
        .set(auth(user.token))
        .send({ name: 'Quiz 2', chapter_ids: [book.chapters[1]!.id] })
        .expect(200)
    ).body as Exam;
    expect(edited).toMatchObject({ name: 'Quiz 2', chapter_ids: [book.chapters[1]!.id] });

    const good = { name: 'x', exam_at: examAt.toISOString(), chapter_ids: [book.chapters[0]!.id], daily_minutes: 30 };
    const bad: Array<[Record<string, unknown>, RegExp]> = [
      [{ ...good, exam_at: new Date(Date.now() - DAY_MS).toISOString() }, /exam_at must be in the future/],
      [{ ...good, exam_at: 'next friday' }, /exam_at must be a date and time/],
      [{ ...good, time_zone: 'Mars/Olympus' }, /time_zone must be an IANA time zone/],
      [{ ...good, chapter_ids: [] }, /Choose at least one chapter/],
      [{ ...good, daily_minutes: 5 }, /daily_minutes must be at least 10/],
      [{ ...good, name: '  ' }, /name cannot be empty/],
    ];
    for (const [body, detail] of bad) {
      const response = await t.http.post('/api/exams').set(auth(user.token)).send(body).expect(400);
      expect(response.body.detail).toMatch(detail);
    }
    await t.http.patch(`/api/exams/${draft.id}`).set(auth(user.token)).send({}).expect(400);
    // Someone else's chapters and exams are not found.
    await t.http.post('/api/exams').set(auth(other.token)).send(good).expect(404);
    for (const path of ['', '/plan', '/readiness', '/calendar.ics', '/practice'])
      await t.http.get(`/api/exams/${exam.id}${path}`).set(auth(other.token)).expect(404);
    await t.http.patch(`/api/exams/${exam.id}`).set(auth(other.token)).send({ name: 'mine' }).expect(404);
    await t.http.delete(`/api/exams/${exam.id}`).set(auth(other.token)).expect(404);
    await t.http.post(`/api/exams/${exam.id}/practice`).set(auth(other.token)).send({ questions: 10 }).expect(404);
    await t.http.get(`/api/books/${book.id}/questions`).set(auth(other.token)).expect(404);
    await t.http.get('/api/exams/not-an-id').set(auth(user.token)).expect(404);

    await t.http.delete(`/api/exams/${draft.id}`).set(auth(user.token)).expect(200);
    await t.http.get(`/api/exams/${draft.id}`).set(auth(user.token)).expect(404);
  });

  it('plans ten days within the daily time: all chapters read two days before, every card due before, nothing after', async () => {
    const plan = (await t.http.get(`/api/exams/${exam.id}/plan`).set(auth(user.token)).expect(200)).body as ExamPlan;
    const today = localDate(new Date(), TZ);
    const examDay = localDate(examAt, TZ);
    expect(plan.days[0]!.date).toBe(today);
    expect(plan.days.map((day) => day.date)).toEqual(plan.days.map((_, index) => addDays(today, index)));
    expect(plan.days[plan.days.length - 1]!.date).toBe(addDays(examDay, -1));
    for (const day of plan.days) expect(day.minutes).toBeLessThanOrEqual(60);
    const finished = plan.days.flatMap((day) =>
      day.reading.filter((item) => item.finishes_chapter).map((item) => ({ id: item.chapter_id, date: day.date })),
    );
    expect(finished.map((entry) => entry.id)).toEqual(book.chapters.map((chapter) => chapter.id));
    for (const entry of finished) expect(entry.date <= addDays(examDay, -2)).toBe(true);
    expect(plan.unplanned_reading_minutes).toBe(0);

    // Every card of the three chapters: due before the exam, and planned for review at least once.
    const cards = (
      await Promise.all(
        book.chapters.map(
          async (chapter) =>
            (await t.http.get(`/api/chapters/${chapter.id}/flashcards`).set(auth(user.token)).expect(200))
              .body as Flashcard[],
        ),
      )
    ).flat();
    expect(cards.length).toBeGreaterThan(20);
    expect(plan.cards_total).toBe(cards.length);
    for (const card of cards) expect(Date.parse(card.due_at)).toBeLessThan(examAt.getTime());
    expect(plan.unplanned_reviews).toBe(0);
    expect(plan.days.reduce((sum, day) => sum + day.reviews, 0)).toBeGreaterThanOrEqual(cards.length);
    expect(plan.days.slice(-2).every((day) => day.practice)).toBe(true);

    // A review whose interval would run past the exam is cut to its final days.
    let card = cards[0]!;
    for (let review = 0; review < 3; review++)
      card = (
        await t.http
          .post(`/api/flashcards/${card.id}/review`)
          .set(auth(user.token))
          .send({ rating: 'easy' })
          .expect(200)
      ).body as Flashcard;
    expect(Date.parse(card.due_at)).toBeLessThan(examAt.getTime());
    expect([addDays(examDay, -1), addDays(examDay, -2)]).toContain(localDate(new Date(card.due_at), TZ));
  });

  it('exports the plan as a valid RFC 5545 calendar, one event per study day', async () => {
    const response = await t.http
      .get(`/api/exams/${exam.id}/calendar.ics`)
      .set(auth(user.token))
      .buffer(true)
      .expect(200);
    expect(response.headers['content-type']).toMatch(/^text\/calendar/);
    const text = response.text;
    const calendar = parseIcs(text);
    const plan = (await t.http.get(`/api/exams/${exam.id}/plan`).set(auth(user.token)).expect(200)).body as ExamPlan;
    const studyEvents = calendar.components.filter((event) =>
      event.properties.some((p) => p.name === 'DTSTART' && p.params.VALUE === 'DATE'),
    );
    expect(studyEvents.map((event) => event.properties.find((p) => p.name === 'DTSTART')!.value)).toEqual(
      plan.days.filter((day) => day.minutes > 0).map((day) => day.date.replace(/-/g, '')),
    );
    expect(calendar.components.filter((event) => event.name === 'VEVENT')).toHaveLength(studyEvents.length + 1);
  });

  it('builds a question bank of at least 15 checked questions per chapter, each citing a page of its chapter', async () => {
    const bank = (await t.http.get(`/api/books/${book.id}/questions`).set(auth(user.token)).expect(200))
      .body as QuestionBank;
    expect(bank.pending_chapter_ids).toEqual([]);
    expect(bank.total).toBe(bank.questions.length);
    expect(Object.values(bank.counts).reduce((sum, count) => sum + count, 0)).toBe(bank.total);
    expect(bank.counts.multiple_choice).toBeGreaterThan(0);
    expect(bank.counts.cloze).toBeGreaterThan(0);
    expect(bank.counts.true_false).toBeGreaterThan(0);
    expect(bank.counts.book_exercise).toBeGreaterThan(0);
    for (const chapter of book.chapters) {
      const own = bank.questions.filter((question) => question.chapter_id === chapter.id);
      expect(own.length).toBeGreaterThanOrEqual(15);
      for (const question of own) {
        expect(question.page).toBeGreaterThanOrEqual(chapter.start);
        expect(question.page).toBeLessThanOrEqual(chapter.end);
        expect(question.page_label).toBe(book.labelOf(question.page));
        const text = book.pageText.get(question.page)!;
        if (question.kind === 'book_exercise') expect(text).toContain(question.prompt);
        else if (question.kind === 'true_false')
          expect(keyStandsOnPage(question.explanation.replace(/^False: /, ''), text)).toBe(true);
        else expect(keyStandsOnPage(question.answer_text, text)).toBe(true);
      }
    }
    const chapterId = book.chapters[1]!.id;
    const filtered = (
      await t.http
        .get(`/api/books/${book.id}/questions?chapter_id=${chapterId}&kind=cloze`)
        .set(auth(user.token))
        .expect(200)
    ).body as QuestionBank;
    expect(filtered.questions.length).toBe(filtered.counts.cloze);
    expect(filtered.questions.every((question) => question.chapter_id === chapterId && question.kind === 'cloze')).toBe(
      true,
    );
    await t.http.get(`/api/books/${book.id}/questions?kind=essay`).set(auth(user.token)).expect(400);
    await t.http.get(`/api/books/${book.id}/questions?chapter_id=${randomUUID()}`).set(auth(user.token)).expect(400);
  });

  it("gives a book exercise the book's printed answer with its page; one the book leaves unanswered has none", async () => {
    const answered = await seedBookWithAnswers(t, user.id);
    const path = `/api/books/${answered.id}/questions?chapter_id=${answered.chapterId}&kind=book_exercise`;
    await t.http.get(path).set(auth(other.token)).expect(404);
    await t.http.get(`/api/books/${answered.id}/questions?kind=riddle`).set(auth(user.token)).expect(400);
    const bank = (await t.http.get(path).set(auth(user.token)).expect(200)).body as QuestionBank;
    const exercises = bank.questions.filter((question) => question.kind === 'book_exercise');
    expect(exercises.map((question) => question.prompt)).toEqual([
      'Name the gas that leaves release during photosynthesis.',
      'Explain why leaves are green.',
    ]);
    expect(exercises[0]).toMatchObject({
      answer_text: 'Oxygen, released by the light reactions.',
      explanation: "The book's answer, p. 10.",
      page: 8,
      page_label: '8',
      answer_page: 10,
      answer_page_label: '10',
      source: 'book',
    });
    expect(exercises[1]).toMatchObject({ answer_text: '', answer_page: null, answer_page_label: null });
  });

  it('adds and edits questions, and flags one as wrong (counted), refusing bad input with 400', async () => {
    const chapter = book.chapters[0]!;
    const added = (
      await t.http
        .post(`/api/books/${book.id}/questions`)
        .set(auth(user.token))
        .send({
          chapter_id: chapter.id,
          kind: 'multiple_choice',
          prompt: 'Which gas do plants take in?',
          options: ['Oxygen', 'Carbon dioxide'],
          answer: 1,
          page_label: '1',
        })
        .expect(201)
    ).body as Question;
    expect(added).toMatchObject({
      source: 'student',
      page: 3,
      page_label: '1',
      answer_text: 'Carbon dioxide',
      flagged: false,
    });
    const edited = (
      await t.http
        .patch(`/api/questions/${added.id}`)
        .set(auth(user.token))
        .send({ options: ['Nitrogen', 'Carbon dioxide', 'Oxygen'], answer: 1, page_label: '2' })
        .expect(200)
    ).body as Question;
    expect(edited).toMatchObject({ page: 4, page_label: '2', answer_text: 'Carbon dioxide' });
    await t.http.patch(`/api/questions/${added.id}`).set(auth(user.token)).send({ answer: 7 }).expect(400);
    await t.http.patch(`/api/questions/${added.id}`).set(auth(user.token)).send({ page_label: '40' }).expect(400);
    await t.http
      .post(`/api/books/${book.id}/questions`)
      .set(auth(user.token))
      .send({
        chapter_id: chapter.id,
        kind: 'true_false',
        prompt: 'Plants are green.',
        options: ['Yes', 'No'],
        answer: 0,
        page_label: '1',
      })
      .expect(400);
    await t.http
      .post(`/api/books/${book.id}/questions`)
      .set(auth(user.token))
      .send({
        chapter_id: book.chapters[1]!.id,
        kind: 'cloze',
        prompt: 'A _____.',
        options: ['a', 'b'],
        answer: 0,
        page_label: '1',
      })
      .expect(400);
    await t.http.patch(`/api/questions/${added.id}`).set(auth(other.token)).send({ prompt: 'mine' }).expect(404);
    await t.http.post(`/api/questions/${added.id}/flag`).set(auth(other.token)).send({}).expect(404);

    const before = (await t.http.get(`/api/books/${book.id}/questions`).set(auth(user.token)).expect(200))
      .body as QuestionBank;
    const flagged = (
      await t.http
        .post(`/api/questions/${added.id}/flag`)
        .set(auth(user.token))
        .send({ reason: 'Two answers are right' })
        .expect(200)
    ).body as Question;
    expect(flagged).toMatchObject({ flagged: true, flag_reason: 'Two answers are right' });
    const after = (await t.http.get(`/api/books/${book.id}/questions`).set(auth(user.token)).expect(200))
      .body as QuestionBank;
    expect(after.flagged_count).toBe(before.flagged_count + 1);
  });

  it('gives a practice exam of 30 mixed questions; grades it per chapter with pages to re-read; wrong answers become due cards', async () => {
    const practice = (
      await t.http
        .post(`/api/exams/${exam.id}/practice`)
        .set(auth(user.token))
        .send({ questions: 30, time_limit_s: 1800 })
        .expect(201)
    ).body as PracticeExam;
    expect(practice.questions).toHaveLength(30);
    expect(JSON.stringify(practice.questions)).not.toMatch(/"answer"|explanation/);
    expect(practice.time_limit_s).toBe(1800);
    expect(Date.parse(practice.ends_at!) - Date.parse(practice.created_at)).toBe(1_800_000);
    // Shared by length: 12, 10 and 14 pages.
    const perChapter = book.chapters.map(
      (chapter) => practice.questions.filter((question) => question.chapter_id === chapter.id).length,
    );
    expect(perChapter).toEqual([10, 8, 12]);
    expect(
      practice.questions.every((question) => question.kind !== 'book_exercise' && question.options.length >= 2),
    ).toBe(true);

    await t.http
      .post(`/api/practice/${practice.id}/answers`)
      .set(auth(user.token))
      .send({ answers: [{ question_id: randomUUID(), choice: 0 }] })
      .expect(400);
    const trueFalse = practice.questions.find((question) => question.options.length === 2);
    if (trueFalse)
      await t.http
        .post(`/api/practice/${practice.id}/answers`)
        .set(auth(user.token))
        .send({ answers: [{ question_id: trueFalse.id, choice: 3 }] })
        .expect(400);
    await t.http
      .post(`/api/practice/${practice.id}/answers`)
      .set(auth(user.token))
      .send({ answers: 'all right' })
      .expect(400);
    await t.http.post(`/api/practice/${practice.id}/answers`).set(auth(other.token)).send({ answers: [] }).expect(404);

    const dueBefore = (
      (await t.http.get(`/api/books/${book.id}/flashcards/due`).set(auth(user.token)).expect(200)).body as DueQueue
    ).due_count;
    const result = (
      await t.http
        .post(`/api/practice/${practice.id}/answers`)
        .set(auth(user.token))
        .send({ answers: practice.questions.map((question) => ({ question_id: question.id, choice: 0 })) })
        .expect(200)
    ).body as PracticeResult;
    expect(result.total).toBe(30);
    expect(result.chapters.reduce((sum, chapter) => sum + chapter.total, 0)).toBe(30);
    expect(result.chapters.reduce((sum, chapter) => sum + chapter.correct, 0)).toBe(result.score);
    expect(result.results.filter((entry) => entry.correct)).toHaveLength(result.score);
    const wrong = result.results.filter((entry) => !entry.correct);
    expect(wrong.length).toBeGreaterThan(0);
    expect(result.score).toBeGreaterThan(0);
    for (const entry of wrong) {
      const chapter = book.chapters.find((candidate) => candidate.id === entry.chapter_id)!;
      expect(entry.page).toBeGreaterThanOrEqual(chapter.start);
      expect(entry.page).toBeLessThanOrEqual(chapter.end);
      expect(entry.page_label).toBe(book.labelOf(entry.page));
      expect(entry.explanation.length).toBeGreaterThan(0);
      expect(entry.correct_choice).not.toBe(0);
    }
    expect(result.cards_due).toBe(wrong.length);
    const dueAfter = (
      (await t.http.get(`/api/books/${book.id}/flashcards/due`).set(auth(user.token)).expect(200)).body as DueQueue
    ).due_count;
    expect(dueAfter).toBeGreaterThanOrEqual(Math.max(dueBefore, wrong.length));
    await t.http.post(`/api/practice/${practice.id}/answers`).set(auth(user.token)).send({ answers: [] }).expect(409);
    const reread = (await t.http.get(`/api/practice/${practice.id}`).set(auth(user.token)).expect(200))
      .body as PracticeExam;
    expect(reread.result).toMatchObject({ score: result.score, total: 30 });

    const readiness = (await t.http.get(`/api/exams/${exam.id}/readiness`).set(auth(user.token)).expect(200))
      .body as Readiness;
    expect(readiness.parts.last_practice_score).toBeCloseTo(result.score / 30, 3);
    expect(readiness.readiness).toBeGreaterThan(0);
    expect(readiness.readiness).toBeLessThanOrEqual(1);
    expect(readiness.chapters.map((chapter) => chapter.chapter_id)).toEqual(book.chapters.map((chapter) => chapter.id));
    for (const chapter of readiness.chapters) {
      expect(['not_started', 'reading', 'practising', 'ready']).toContain(chapter.state);
      expect(chapter.rule.length).toBeGreaterThan(10);
    }
  });

  it('never asks a flagged question again, and a retake prefers questions not asked recently', async () => {
    const first = (
      await t.http.post(`/api/exams/${exam.id}/practice`).set(auth(user.token)).send({ questions: 20 }).expect(201)
    ).body as PracticeExam;
    const flaggedId = first.questions[0]!.id;
    await t.http.post(`/api/questions/${flaggedId}/flag`).set(auth(user.token)).send({}).expect(200);
    const asked = new Set(first.questions.map((question) => question.id));
    const retake = (
      await t.http.post(`/api/exams/${exam.id}/practice`).set(auth(user.token)).send({ questions: 20 }).expect(201)
    ).body as PracticeExam;
    const bank = (await t.http.get(`/api/books/${book.id}/questions`).set(auth(user.token)).expect(200))
      .body as QuestionBank;
    const askable = bank.questions.filter((question) => !question.flagged && question.kind !== 'book_exercise').length;
    // The bank holds enough questions asked neither in this nor the last two practice exams for a fresh retake.
    expect(askable).toBeGreaterThan(30 + 20 + 20);
    expect(retake.questions.filter((question) => asked.has(question.id))).toEqual([]);
    for (let attempt = 0; attempt < 4; attempt++) {
      const next = (
        await t.http.post(`/api/exams/${exam.id}/practice`).set(auth(user.token)).send({ questions: 40 }).expect(201)
      ).body as PracticeExam;
      expect(next.questions.some((question) => question.id === flaggedId)).toBe(false);
    }
    const history = (await t.http.get(`/api/exams/${exam.id}/practice`).set(auth(user.token)).expect(200))
      .body as PracticeAttempt[];
    expect(history).toHaveLength(7);
    expect(history.filter((attempt) => attempt.submitted_at !== null)).toHaveLength(1);
    await t.http.post(`/api/exams/${exam.id}/practice`).set(auth(user.token)).send({ questions: 5 }).expect(400);
    await t.http
      .post(`/api/exams/${exam.id}/practice`)
      .set(auth(user.token))
      .send({ questions: 10, chapter_ids: [randomUUID()] })
      .expect(400);
  });

  it('documents every exam call in the OpenAPI document', async () => {
    const document = (await t.http.get('/api/docs/openapi.json').expect(200)).body as {
      paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, unknown> }> }>>;
    };
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/exams',
        '/exams/{id}',
        '/exams/{id}/plan',
        '/exams/{id}/calendar.ics',
        '/exams/{id}/readiness',
        '/exams/{id}/practice',
        '/practice/{id}',
        '/practice/{id}/answers',
        '/today',
        '/books/{id}/questions',
        '/questions/{id}',
        '/questions/{id}/flag',
      ]),
    );
    expect(Object.keys(document.paths['/exams/{id}']!).sort()).toEqual(['delete', 'get', 'patch']);
    expect(Object.keys(document.paths['/exams/{id}/calendar.ics']!.get!.responses['200']!.content!)).toEqual([
      'text/calendar',
    ]);
  });

  it("shows today's work per exam, and reading drops out of the plan once a chapter is read", async () => {
    const today = (await t.http.get('/api/today').set(auth(user.token)).expect(200)).body as Today;
    const plan = (await t.http.get(`/api/exams/${exam.id}/plan`).set(auth(user.token)).expect(200)).body as ExamPlan;
    expect(today.exams.map((entry) => entry.exam_id)).toEqual([exam.id]);
    expect(today.exams[0]!.day).toEqual(plan.days[0]);
    expect(((await t.http.get('/api/today').set(auth(other.token)).expect(200)).body as Today).exams).toEqual([]);

    const first = book.chapters[0]!.id;
    await t.http.put(`/api/chapters/${first}/summary-read`).set(auth(user.token)).send({ read: true }).expect(200);
    const after = (await t.http.get(`/api/exams/${exam.id}/plan`).set(auth(user.token)).expect(200)).body as ExamPlan;
    expect(after.days.some((day) => day.reading.some((item) => item.chapter_id === first))).toBe(false);
    const readiness = (await t.http.get(`/api/exams/${exam.id}/readiness`).set(auth(user.token)).expect(200))
      .body as Readiness;
    expect(readiness.parts.chapters_read).toBe(1);
    expect(readiness.chapters[0]!.read).toBe(true);
  });

  it("builds a chapter's bank from cards that repeat none of the book's other chapters' banks", async () => {
    // The second chapter reprints the first one's pages (a review chapter, a repeated glossary).
    const reprint = await seedBook(t, user.id, { textOf: (chapterIndex) => (chapterIndex === 1 ? 0 : chapterIndex) });
    const bankOf = async (chapterId: string) =>
      (
        (
          await t.http
            .get(`/api/books/${reprint.id}/questions?chapter_id=${chapterId}`)
            .set(auth(user.token))
            .expect(200)
        ).body as QuestionBank
      ).questions.filter((question) => question.chapter_id === chapterId);
    // A card's front is its question's prompt: a cloze sentence, or a question such as "What is …?" (the quiz's own
    // "Which term …" questions are no card's).
    const cardPrompts = (questions: Question[]) =>
      questions
        .filter(
          (question) =>
            question.source === 'generated' &&
            ((question.kind === 'cloze' && !/^Which /.test(question.prompt)) ||
              (question.kind === 'multiple_choice' && /^What /.test(question.prompt))),
        )
        .map((question) => question.prompt.toLowerCase());
    const [first, second] = reprint.chapters;
    const firstPrompts = new Set(cardPrompts(await bankOf(first!.id)));
    expect(firstPrompts.size).toBeGreaterThan(0);
    const reprinted = await bankOf(second!.id);
    expect(reprinted.length).toBeGreaterThan(0);
    expect(cardPrompts(reprinted).filter((prompt) => firstPrompts.has(prompt))).toEqual([]);
  });
});
