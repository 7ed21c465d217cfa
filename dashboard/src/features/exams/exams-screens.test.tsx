import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  EXAM_AT,
  exam,
  examSummary,
  ids,
  plan,
  planDay,
  practiceExam,
  practiceResult,
  question,
  readiness,
} from '../../test/exam-fixtures.js';
import { bookListItem, chapter, testUser } from '../../test/fixtures.js';
import { mockApi } from '../../test/mock-api.js';
import { findToast, renderApp } from '../../test/render-app.js';
import { todayKey } from './exam-dates.js';

const book = bookListItem({ id: ids.book, title: 'A Short Guide to the Living Earth', total_pages: 9 });
const chapters = [
  chapter({
    id: ids.chapter1,
    book_id: ids.book,
    chapter_number: 1,
    title: 'The Water Cycle',
    start_page: 1,
    end_page: 3,
  }),
  chapter({
    id: ids.chapter2,
    book_id: ids.book,
    chapter_number: 2,
    title: 'How Plants Make Food',
    start_page: 4,
    end_page: 6,
  }),
];
const examPath = `/api/exams/${ids.exam}`;

function examApi(routes: Record<string, unknown> = {}) {
  return mockApi({
    'GET /api/auth/me': testUser,
    'GET /api/books': [book],
    [`GET /api/books/${ids.book}/chapters`]: chapters,
    'GET /api/exams': [examSummary()],
    [`GET ${examPath}`]: exam(),
    [`GET ${examPath}/readiness`]: readiness(),
    [`GET ${examPath}/plan`]: plan([
      planDay(todayKey(), {
        minutes: 21,
        reading: [
          {
            chapter_id: ids.chapter2,
            book_id: ids.book,
            title: 'How Plants Make Food',
            minutes: 9,
            start_page: 4,
            end_page: 6,
            finishes_chapter: true,
          },
        ],
        reviews: 12,
        review_minutes: 12,
        review_books: [{ book_id: ids.book, count: 12 }],
        moved_from: ['2030-06-03'],
        note: 'Reading of How Plants Make Food missed on 3 Jun moved here.',
      }),
      planDay('2030-06-13', { minutes: 40, practice: true, practice_minutes: 40 }),
    ]),
    [`GET ${examPath}/practice`]: [],
    ...routes,
  });
}

describe('exam screens', () => {
  it('puts Today and Exams in the header', async () => {
    examApi();
    renderApp('/exams', { signedIn: true });
    const nav = await screen.findByRole('navigation', { name: 'Account' });
    expect(within(nav).getByRole('link', { name: 'Today' })).toHaveAttribute('href', '/today');
    expect(within(nav).getByRole('link', { name: 'Exams' })).toHaveAttribute('href', '/exams');
  });

  it('lists an exam with its date, countdown and readiness, and deletes it after asking', async () => {
    const api = examApi({ [`DELETE ${examPath}`]: { message: 'Deleted' } });
    const app = renderApp('/exams', { signedIn: true });
    const row = (await screen.findByRole('heading', { name: 'Earth science final' })).closest('article')!;
    expect(within(row).getByText('42%')).toBeInTheDocument();
    expect(within(row).getByText(/^In \d+ days$/)).toBeInTheDocument();
    expect(within(row).getByText('1 of 2 chapters read · no practice exam yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit Earth science final' })).toHaveAttribute(
      'href',
      `/exams/${ids.exam}/edit`,
    );

    await app.user.click(screen.getByRole('button', { name: 'Delete Earth science final' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete exam' });
    expect(api.callsTo(`DELETE ${examPath}`)).toHaveLength(0);
    await app.user.click(within(dialog).getByRole('button', { name: 'Delete exam' }));
    await findToast('Exam deleted');
    expect(api.callsTo(`DELETE ${examPath}`)).toHaveLength(1);
  });

  it("opens 'Plan an exam' with the book's chapters ticked and creates the exam with the browser's time zone", async () => {
    const api = examApi({ 'POST /api/exams': exam() });
    const app = renderApp(`/exams/new?book=${ids.book}`, { signedIn: true });
    await screen.findByRole('heading', { name: 'Plan an exam' });
    const chapterBoxes = await screen.findAllByRole('checkbox');
    expect(chapterBoxes.map((box) => (box as HTMLInputElement).checked)).toEqual([true, true]);
    expect(screen.getByText('2 chapters chosen from 1 book.')).toBeInTheDocument();

    // Nothing is sent until the form is whole: the name is missing.
    await app.user.click(screen.getByRole('button', { name: 'Create plan' }));
    expect(await screen.findByText('Give the exam a name.')).toBeInTheDocument();
    expect(api.callsTo('POST /api/exams')).toHaveLength(0);

    await app.user.type(screen.getByLabelText('Name'), 'Earth science final');
    await app.user.click(chapterBoxes[1]!);
    await app.user.click(screen.getByRole('button', { name: 'Create plan' }));
    await app.expectPath(`/exams/${ids.exam}`);
    const [call] = api.callsTo('POST /api/exams');
    expect(call!.body).toMatchObject({
      name: 'Earth science final',
      chapter_ids: [ids.chapter1],
      daily_minutes: 60,
      time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
    expect(Date.parse((call!.body as { exam_at: string }).exam_at)).toBeGreaterThan(Date.now());
  });

  it('edits an exam from its saved fields and sends only what the form holds', async () => {
    const api = examApi({ [`PATCH ${examPath}`]: exam({ daily_minutes: 90 }) });
    const app = renderApp(`/exams/${ids.exam}/edit`, { signedIn: true });
    await screen.findByRole('heading', { name: 'Edit exam' });
    expect(screen.getByLabelText('Name')).toHaveValue('Earth science final');
    expect(screen.getByLabelText('Study time per day (minutes)')).toHaveValue(60);
    const boxes = await screen.findAllByRole('checkbox');
    expect(boxes.map((box) => (box as HTMLInputElement).checked)).toEqual([true, true]);

    await app.user.clear(screen.getByLabelText('Study time per day (minutes)'));
    await app.user.type(screen.getByLabelText('Study time per day (minutes)'), '90');
    await app.user.click(screen.getByRole('button', { name: 'Save changes' }));
    await app.expectPath(`/exams/${ids.exam}`);
    const [call] = api.callsTo(`PATCH ${examPath}`);
    expect(call!.body).toEqual({
      name: 'Earth science final',
      exam_at: EXAM_AT,
      daily_minutes: 90,
      chapter_ids: [ids.chapter1, ids.chapter2],
    });
  });

  it('shows readiness with its parts, each chapter state with its rule on focus, and the plan day by day', async () => {
    examApi();
    const app = renderApp(`/exams/${ids.exam}`, { signedIn: true });
    await screen.findByRole('heading', { name: 'Earth science final', level: 1 });
    const readinessRegion = (await screen.findByRole('heading', { name: 'Readiness' })).closest('section')!;
    expect(within(readinessRegion).getByText('42%')).toBeInTheDocument();
    expect(within(readinessRegion).getByText('about 12 of 24 cards')).toBeInTheDocument();
    expect(within(readinessRegion).getByText('1 of 2')).toBeInTheDocument();
    expect(within(readinessRegion).getByText('60%')).toBeInTheDocument();

    const state = screen.getByRole('button', { name: 'Practising: The Water Cycle' });
    const tip = document.getElementById(state.getAttribute('aria-describedby')!)!;
    expect(tip).toHaveTextContent(/^Practising: read, and its cards/);
    expect(tip).not.toBeVisible();
    state.focus();
    await waitFor(() => expect(tip).toBeVisible());
    await app.user.keyboard('{Escape}');
    expect(tip).not.toBeVisible();

    const plan = (await screen.findByRole('heading', { name: 'Day by day' })).closest('section')!;
    const today = within(plan)
      .getAllByRole('listitem')
      .find((item) => item.getAttribute('aria-current') === 'date')!;
    expect(today).toHaveTextContent('How Plants Make Food, pp. 4–6 · 9 min');
    expect(today).toHaveTextContent('Review 12 cards · 12 min');
    expect(today).toHaveTextContent('Reading of How Plants Make Food missed on 3 Jun moved here.');
    expect(within(plan).getByText('Practice exam · 40 min', { exact: false })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download calendar (.ics)' })).toBeInTheDocument();
    expect(
      screen.getByText('No practice exams yet. The last days before the exam are kept for them.'),
    ).toBeInTheDocument();
  });

  it("shows today's reading and reviews, each one click from starting", async () => {
    examApi({
      'GET /api/today': {
        exams: [
          {
            exam_id: ids.exam,
            name: 'Earth science final',
            exam_at: exam().exam_at,
            days_left: 10,
            day: planDay(todayKey(), {
              minutes: 21,
              reading: [
                {
                  chapter_id: ids.chapter2,
                  book_id: ids.book,
                  title: 'How Plants Make Food',
                  minutes: 9,
                  start_page: 4,
                  end_page: 6,
                  finishes_chapter: false,
                },
              ],
              reviews: 12,
              review_minutes: 12,
              review_books: [{ book_id: ids.book, count: 12 }],
            }),
          },
        ],
      },
    });
    renderApp('/today', { signedIn: true });
    await screen.findByRole('heading', { name: 'Today', level: 1 });
    expect(await screen.findByRole('link', { name: 'Start reading How Plants Make Food' })).toHaveAttribute(
      'href',
      `/books/${ids.book}/read?page=4`,
    );
    expect(screen.getByText('pp. 4–6 · 9 min · continues tomorrow')).toBeInTheDocument();
    expect(
      await screen.findByRole('link', { name: 'Start reviews of A Short Guide to the Living Earth' }),
    ).toHaveAttribute('href', `/review?book=${ids.book}`);
    expect(screen.getByText('21 min of study planned today.')).toBeInTheDocument();
  });

  it('grades a practice exam at the end of its time limit with the answers given', async () => {
    const api = examApi({
      [`GET /api/practice/${ids.practice}`]: practiceExam({
        time_limit_s: 600,
        ends_at: new Date(Date.now() + 1500).toISOString(),
      }),
      [`POST /api/practice/${ids.practice}/answers`]: practiceResult(),
    });
    const app = renderApp(`/practice/${ids.practice}`, { signedIn: true });
    const timer = await screen.findByRole('timer', { name: 'Time left' });
    expect(timer).toHaveTextContent(/0:0[12]/);
    await app.user.click(screen.getByRole('radio', { name: 'Transpiration' }));
    expect(screen.getByText('1 of 2')).toBeInTheDocument();
    await screen.findByRole('heading', { name: 'Practice exam result' }, { timeout: 4000 });
    const [call] = api.callsTo(`POST /api/practice/${ids.practice}/answers`);
    expect(call!.body).toEqual({ answers: [{ question_id: ids.question1, choice: 0 }] });
    await findToast('Time is up: your answers were submitted.');
  });

  it('shows the result by chapter, each wrong answer with its page to re-read, and flags a question', async () => {
    const api = examApi({
      [`GET /api/practice/${ids.practice}`]: practiceExam({ result: practiceResult() }),
      [`POST /api/questions/${ids.question2}/flag`]: question({ id: ids.question2, flagged: true }),
    });
    const app = renderApp(`/practice/${ids.practice}`, { signedIn: true });
    expect(await screen.findByText('1 of 2')).toBeInTheDocument();
    const byChapter = screen.getByRole('heading', { name: 'Score by chapter' }).closest('section')!;
    expect(within(byChapter).getByText('1 of 1 (100%)')).toBeInTheDocument();
    expect(within(byChapter).getByText('0 of 1 (0%)')).toBeInTheDocument();

    const wrong = screen.getByRole('heading', { name: 'Wrong answers (1)' }).closest('section')!;
    expect(within(wrong).getByText('Chlorophyll absorbs green light most strongly.')).toBeInTheDocument();
    expect(
      within(wrong).getByText('Chlorophyll absorbs red and blue light most strongly and reflects green.'),
    ).toBeInTheDocument();
    expect(within(wrong).getByRole('link', { name: 'Re-read p. 4' })).toHaveAttribute(
      'href',
      `/books/${ids.book}/read?page=4`,
    );

    await app.user.click(within(wrong).getByRole('button', { name: /^Flag as wrong/ }));
    await findToast('Flagged as wrong: it will not be asked again');
    expect(api.callsTo(`POST /api/questions/${ids.question2}/flag`)[0]!.body).toEqual({ flagged: true });
    expect(within(wrong).getByText('Flagged as wrong')).toBeInTheDocument();
  });

  it("shows a book exercise's printed answer with its page once opened, and says when the book gives none", async () => {
    const multipleChoice = question();
    const exercise = question({
      id: ids.question2,
      kind: 'book_exercise',
      prompt: 'Let A = {1, 2, 3}.\n(a) Find A ∩ B.',
      options: [],
      answer: null,
      answer_text: '(a) {3}.',
      explanation: "The book's answer, p. 231.",
      page: 12,
      page_label: '3',
      answer_page: 240,
      answer_page_label: '231',
      source: 'book',
    });
    const unanswered = question({
      id: ids.question3,
      kind: 'book_exercise',
      prompt: 'Prove that every tree with n vertices has n − 1 edges.',
      options: [],
      answer: null,
      answer_text: '',
      explanation: "From the book's own exercises on page 3; the book prints no answer to it.",
      page: 12,
      page_label: '3',
      source: 'book',
    });
    const ownExercise = question({
      id: ids.question4,
      kind: 'book_exercise',
      prompt: 'Draw the trees with 4 vertices.',
      options: [],
      answer: null,
      answer_text: 'The path and the star.',
      explanation: 'Tell them apart by their degrees.',
      page: 12,
      page_label: '3',
      source: 'student',
    });
    examApi({
      [`GET /api/books/${ids.book}`]: {
        ...book,
        pdf_url: '/api/files/x',
        full_summary: null,
        full_summary_engine: null,
        chapter_count: 2,
        error: null,
        source_url: null,
        engine: 'offline',
        summary_job: null,
      },
      [`GET /api/books/${ids.book}/questions`]: {
        book_id: ids.book,
        counts: { multiple_choice: 1, cloze: 0, true_false: 0, book_exercise: 3 },
        flagged_count: 0,
        total: 4,
        pending_chapter_ids: [],
        questions: [multipleChoice, exercise, unanswered, ownExercise],
      },
    });
    const app = renderApp(`/books/${ids.book}/questions`, { signedIn: true });
    await screen.findByRole('heading', { name: 'Question bank' });
    // Not shown before the student opens it, nor the page it stands on: the reading's note on it is not shown.
    expect(screen.queryByText('(a) {3}.')).not.toBeInTheDocument();
    expect(screen.queryByText(exercise.explanation)).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'p. 231' })).not.toBeInTheDocument();
    expect(screen.getByText('The book gives no answer to this exercise.')).toBeInTheDocument();
    expect(screen.queryByText(unanswered.explanation)).not.toBeInTheDocument();
    // Other kinds, and an exercise of the student's own, keep their explanations.
    expect(screen.getByText(multipleChoice.explanation)).toBeInTheDocument();
    expect(screen.getByText(ownExercise.explanation)).toBeInTheDocument();

    await app.user.click(screen.getByRole('button', { name: `Show the book's answer: ${exercise.prompt}` }));
    expect(await screen.findByText("Book's answer")).toBeInTheDocument();
    expect(screen.getByText('(a) {3}.')).toBeInTheDocument();
    // The answer's page is told once, by its link.
    expect(screen.getByRole('link', { name: 'p. 231' })).toHaveAttribute('href', expect.stringContaining('page=240'));
    expect(screen.queryByText(/p\. 231\./)).not.toBeInTheDocument();
  });

  it("lists a book's bank by chapter with the flagged count, adds a question and flags one as wrong", async () => {
    const bank = (flagged: boolean) => ({
      book_id: ids.book,
      counts: { multiple_choice: 1, cloze: 0, true_false: 1, book_exercise: 0 },
      flagged_count: flagged ? 1 : 0,
      total: 2,
      pending_chapter_ids: [],
      questions: [
        question({ flagged }),
        question({
          id: ids.question2,
          chapter_id: ids.chapter2,
          kind: 'true_false',
          prompt: 'Chlorophyll absorbs green light most strongly.',
          options: ['True', 'False'],
          answer: 1,
        }),
      ],
    });
    let flagged = false;
    const api = examApi({
      [`GET /api/books/${ids.book}`]: {
        ...book,
        pdf_url: '/api/files/x',
        full_summary: null,
        full_summary_engine: null,
        chapter_count: 2,
        error: null,
        source_url: null,
        engine: 'offline',
        summary_job: null,
      },
      [`GET /api/books/${ids.book}/questions`]: () => bank(flagged),
      [`POST /api/books/${ids.book}/questions`]: question({ id: ids.question3, source: 'student' }),
      [`POST /api/questions/${ids.question1}/flag`]: () => {
        flagged = true;
        return question({ flagged: true });
      },
    });
    const app = renderApp(`/books/${ids.book}/questions`, { signedIn: true });
    await screen.findByRole('heading', { name: 'Question bank' });
    expect(await screen.findByText('0 flagged as wrong')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: /^Chapter 1: The Water Cycle/ })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: /^Chapter 2: How Plants Make Food/ })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'True or false (1)' })).toBeInTheDocument();

    await app.user.click(screen.getByRole('button', { name: `Flag as wrong: ${question().prompt}` }));
    expect(await screen.findByText('1 flagged as wrong')).toBeInTheDocument();
    expect(screen.getByText('Flagged as wrong · never asked')).toBeInTheDocument();
    expect(api.callsTo(`POST /api/questions/${ids.question1}/flag`)).toHaveLength(1);

    // A question of the student's own: chapter, kind, options with the right one marked, page.
    await app.user.click(screen.getByRole('button', { name: 'Add question' }));
    const form = await screen.findByRole('form', { name: 'New question' });
    await app.user.selectOptions(within(form).getByLabelText('Chapter'), ids.chapter2);
    await app.user.type(within(form).getByLabelText('Question'), 'What do plants release as a by-product?');
    for (const [index, option] of ['Oxygen', 'Nitrogen', 'Helium'].entries()) {
      await app.user.type(within(form).getByLabelText(`Option ${index + 1}`), option);
    }
    await app.user.click(within(form).getByRole('button', { name: 'Add question' }));
    expect(await within(form).findByText('Fill in every option, or remove the empty ones.')).toBeInTheDocument();
    await app.user.click(within(form).getByRole('button', { name: 'Remove option 4' }));
    await app.user.type(within(form).getByLabelText('Page'), '5');
    await app.user.click(within(form).getByRole('button', { name: 'Add question' }));
    expect(await within(form).findByText('Mark the right option.')).toBeInTheDocument();
    await app.user.click(within(form).getByRole('radio', { name: 'Option 1 is the right answer' }));
    await app.user.click(within(form).getByRole('button', { name: 'Add question' }));
    await findToast('Question added');
    expect(api.callsTo(`POST /api/books/${ids.book}/questions`)[0]!.body).toEqual({
      chapter_id: ids.chapter2,
      kind: 'multiple_choice',
      prompt: 'What do plants release as a by-product?',
      options: ['Oxygen', 'Nitrogen', 'Helium'],
      answer: 0,
      answer_text: 'Oxygen',
      explanation: '',
      page_label: '5',
    });

    await app.user.selectOptions(screen.getByLabelText('Kind'), 'true_false');
    await waitFor(() =>
      expect(api.callsTo(`GET /api/books/${ids.book}/questions`).at(-1)!.search.get('kind')).toBe('true_false'),
    );
  }, 30_000);
});
