// Exam mode in a real browser, at a phone (390x844, touch) and a laptop (1280x800): plan an exam from the book
// page, read its plan and readiness, download its calendar, take a timed practice exam, read the result and flag a
// wrong question; every screen axe-clean in the light and the dark theme (screenshots with UX_SCREENSHOTS=<dir>).
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  animationsSettled,
  baseUrl,
  e2eEnabled,
  expectNoSidewaysScroll,
  PHONE_AND_LAPTOP,
  toast,
  useApp,
  waitForPath,
} from './support/app.js';
import { expectAxeCleanInBothThemes } from './support/axe.js';
import { LIVING_EARTH, makeBookPdf } from './support/books.js';
import {
  getAsUser,
  newAccount,
  postAsUser,
  registerUser,
  uploadBook,
  waitForBook,
  type Session,
} from './support/harness.js';

interface BankQuestion {
  id: string;
  chapter_id: string;
  options: string[];
  answer: number | null;
  flagged: boolean;
}
interface Bank {
  flagged_count: number;
  questions: BankQuestion[];
}
interface PracticeQuestion {
  id: string;
  chapter_id: string;
}

const SHOTS = process.env.UX_SCREENSHOTS;

/** With UX_SCREENSHOTS, the whole screen top to bottom in both themes, to look at beside axe's viewport shots. */
async function wholePageShots(page: Page, name: string): Promise<void> {
  if (!SHOTS) return;
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    // Colours fade to the new theme: the shot waits until they have arrived.
    await animationsSettled(page);
    await page.screenshot({ path: join(SHOTS, `${name}-full-${colorScheme}.png`), fullPage: true });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

/** The value of a datetime-local input, `days` ahead at 09:00 (the browser runs in this machine's zone). */
function localInput(days: number): string {
  const date = new Date();
  date.setDate(date.getDate() + days);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T09:00`;
}

async function jsonAsUser<T>(token: string, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${baseUrl}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

describe.skipIf(!e2eEnabled)('exam mode', () => {
  const app = useApp();
  let session: Session;
  let bookId = '';
  let chapters: { id: string; title: string; start_page: number; end_page: number }[] = [];

  beforeAll(async () => {
    session = await registerUser(baseUrl, newAccount('exams'));
    const book = await uploadBook(baseUrl, session.token, await makeBookPdf(LIVING_EARTH), LIVING_EARTH.fileName);
    await waitForBook(baseUrl, session.token, book.id, 240_000);
    bookId = book.id;
    chapters = await getAsUser(baseUrl, session.token, `/books/${bookId}/chapters`);
    // Cards give the plan its reviews and readiness its recall.
    for (const chapter of chapters) await postAsUser(baseUrl, session.token, `/chapters/${chapter.id}/flashcards`);
  }, 300_000);

  describe.each(PHONE_AND_LAPTOP)('on a %s', (device, viewport) => {
    const touch = device === 'phone';
    const press = (locator: Locator) => (touch ? locator.tap() : locator.click());

    it('plans an exam from the book page, practises it against the clock, and flags a wrong question', async () => {
      const { page } = await app.open(`/books/${bookId}`, { session, viewport, touch, bypassCSP: true });
      const examName = `Earth science final (${device})`;

      // Create: the book's three chapters come ticked.
      await press(page.getByRole('link', { name: 'Plan for an exam' }));
      await waitForPath(page, '/exams/new');
      await page.getByRole('heading', { name: 'Plan an exam' }).waitFor();
      await page.getByText('3 chapters chosen from 1 book.').waitFor();
      expect(await page.getByRole('checkbox', { checked: true }).count()).toBe(3);
      await page.getByLabel('Name').fill(examName);
      await page.getByLabel('Date and time').fill(localInput(10));
      await page.getByLabel('Study time per day (minutes)').fill('45');
      await expectNoSidewaysScroll(page);
      await expectAxeCleanInBothThemes(page, `exam-form-${device}`);
      await wholePageShots(page, `exam-form-${device}`);
      await press(page.getByRole('button', { name: 'Create plan' }));

      // The plan: ten study days, all three chapters read before the last two, practice at the end.
      await waitForPath(page, /^\/exams\/[0-9a-f-]{36}$/);
      const examId = new URL(page.url()).pathname.split('/')[2]!;
      await page.getByRole('heading', { name: examName, level: 1 }).waitFor();
      const plan = page.getByRole('region', { name: 'Day by day' });
      await plan.waitFor();
      const days = plan.getByRole('listitem').filter({ has: page.locator('time') });
      expect(await days.count()).toBe(10);
      expect(await days.first().getAttribute('aria-current')).toBe('date');
      for (const chapter of LIVING_EARTH.chapters) {
        expect(await days.filter({ hasText: chapter.title }).count()).toBeGreaterThan(0);
      }
      for (const last of [8, 9]) expect(await days.nth(last).innerText()).not.toMatch(/Read |min · reading/);
      expect(await plan.getByText('Practice exam', { exact: false }).count()).toBeGreaterThan(0);

      // Readiness as one figure with its parts; a chapter's rule shows on keyboard focus.
      const readiness = page.getByRole('region', { name: 'Readiness' });
      await readiness.getByText('Cards expected recalled at the exam', { exact: true }).waitFor();
      await readiness.getByText('Chapters read', { exact: true }).waitFor();
      await readiness.getByText('Last practice score', { exact: true }).waitFor();
      const state = page.getByRole('button', { name: `Not started: ${LIVING_EARTH.chapters[0]!.title}` });
      await state.focus();
      const tip = page.getByRole('tooltip');
      await tip.waitFor();
      expect(await tip.innerText()).toMatch(/\w/);
      await page.keyboard.press('Escape');
      await tip.waitFor({ state: 'hidden' });
      await expectNoSidewaysScroll(page);
      await expectAxeCleanInBothThemes(page, `exam-detail-${device}`);
      await wholePageShots(page, `exam-detail-${device}`);

      // The calendar file.
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        press(page.getByRole('button', { name: 'Download calendar (.ics)' })),
      ]);
      expect(download.suggestedFilename()).toMatch(/\.ics$/);
      // The browser runs as a server the tests connect to: the file is copied here to be read.
      const saved = join(mkdtempSync(join(tmpdir(), 'chapterwise-ics-')), download.suggestedFilename());
      await download.saveAs(saved);
      const ics = readFileSync(saved, 'utf8');
      expect(ics).toMatch(/^BEGIN:VCALENDAR\r\n/);
      expect(ics).toContain('BEGIN:VEVENT');

      // A timed practice exam of 10 questions.
      await press(page.getByRole('link', { name: 'Practice exam' }));
      await waitForPath(page, `/exams/${examId}/practice`);
      await page.getByLabel('Number of questions').fill('10');
      await press(page.getByRole('checkbox', { name: 'Time limit' }));
      await page.getByLabel('Minutes').fill('5');
      await expectAxeCleanInBothThemes(page, `practice-setup-${device}`);
      await wholePageShots(page, `practice-setup-${device}`);
      await press(page.getByRole('button', { name: 'Start practice exam' }));
      await waitForPath(page, /^\/practice\/[0-9a-f-]{36}$/);
      const practiceId = new URL(page.url()).pathname.split('/')[2]!;
      const timer = page.getByRole('timer', { name: 'Time left' });
      await timer.waitFor();
      expect(await timer.innerText()).toMatch(/^[45]:\d\d$/);

      // Two answers deliberately wrong, the rest right: the grade must say 8 of 10.
      const practice = await jsonAsUser<{ questions: PracticeQuestion[] }>(
        session.token,
        'GET',
        `/practice/${practiceId}`,
      );
      const bank = await jsonAsUser<Bank>(session.token, 'GET', `/books/${bookId}/questions`);
      const key = new Map(bank.questions.map((question) => [question.id, question]));
      expect(practice.questions).toHaveLength(10);
      const questions = page.locator('form[aria-label="Practice exam"] fieldset');
      for (const [index, asked] of practice.questions.entries()) {
        const answer = key.get(asked.id)!.answer!;
        const choice = index < 2 ? (answer + 1) % key.get(asked.id)!.options.length : answer;
        await press(questions.nth(index).locator('label').nth(choice));
      }
      await page.getByText('10 of 10').waitFor();
      await expectNoSidewaysScroll(page);
      await expectAxeCleanInBothThemes(page, `practice-answering-${device}`);
      await wholePageShots(page, `practice-answering-${device}`);
      await press(page.getByRole('button', { name: 'Submit answers' }));

      await page.getByRole('heading', { name: 'Practice exam result' }).waitFor();
      await page.getByText('8 of 10', { exact: true }).waitFor();
      const wrong = page.getByRole('region', { name: 'Wrong answers (2)' });
      await wrong.waitFor();
      const rereads = wrong.getByRole('link', { name: /^Re-read p\. / });
      expect(await rereads.count()).toBe(2);
      for (const [index, asked] of practice.questions.slice(0, 2).entries()) {
        const href = new URL((await rereads.nth(index).getAttribute('href'))!, baseUrl);
        expect(href.pathname).toBe(`/books/${bookId}/read`);
        const chapter = chapters.find((item) => item.id === asked.chapter_id)!;
        const pageNumber = Number(href.searchParams.get('page'));
        expect(pageNumber).toBeGreaterThanOrEqual(chapter.start_page);
        expect(pageNumber).toBeLessThanOrEqual(chapter.end_page);
      }
      await expectNoSidewaysScroll(page);
      await expectAxeCleanInBothThemes(page, `practice-result-${device}`);
      await wholePageShots(page, `practice-result-${device}`);

      // Flag the first wrong question: the bank counts it, and a retake never asks it again.
      const flagged = practice.questions[0]!.id;
      await press(wrong.getByRole('button', { name: /^Flag as wrong/ }).first());
      await toast(page, 'Flagged as wrong: it will not be asked again').waitFor();
      await wrong.getByText('Flagged as wrong', { exact: true }).waitFor();
      await page.goto(`/books/${bookId}/questions`);
      await page.getByRole('heading', { name: 'Question bank' }).waitFor();
      await page.getByText(`${bank.flagged_count + 1} flagged as wrong`).waitFor();
      await page.getByText('Flagged as wrong · never asked').first().waitFor();
      await expectNoSidewaysScroll(page);
      await expectAxeCleanInBothThemes(page, `question-bank-${device}`);
      await wholePageShots(page, `question-bank-${device}`);
      const retake = await jsonAsUser<{ questions: PracticeQuestion[] }>(
        session.token,
        'POST',
        `/exams/${examId}/practice`,
        {
          questions: 30,
        },
      );
      expect(retake.questions.map((question) => question.id)).not.toContain(flagged);

      // Today, one click from each reading and each book's reviews; the Exams list with the countdown.
      await page.goto('/today');
      await page.getByRole('heading', { name: 'Today', level: 1 }).waitFor();
      const today = page.getByRole('article', { name: examName });
      const startReading = today.getByRole('link', { name: /^Start reading / }).first();
      expect(new URL((await startReading.getAttribute('href'))!, baseUrl).pathname).toBe(`/books/${bookId}/read`);
      await expectNoSidewaysScroll(page);
      await expectAxeCleanInBothThemes(page, `today-${device}`);
      await wholePageShots(page, `today-${device}`);

      await page.goto('/exams');
      const row = page.getByRole('article', { name: examName });
      await row.getByText('In 10 days').waitFor();
      await row.getByText('ready').waitFor();
      await expectNoSidewaysScroll(page);
      await expectAxeCleanInBothThemes(page, `exams-${device}`);
      await wholePageShots(page, `exams-${device}`);

      // Delete asks first.
      await press(page.getByRole('button', { name: `Delete ${examName}` }));
      const dialog = page.getByRole('dialog', { name: 'Delete exam' });
      await dialog.waitFor();
      await expectAxeCleanInBothThemes(page, `exam-delete-${device}`);
      await press(dialog.getByRole('button', { name: 'Delete exam' }));
      await toast(page, 'Exam deleted').waitFor();
      await row.waitFor({ state: 'detached' });
    }, 400_000);
  });
});
