// The study studio in a real browser: a review session of 10 cards with the keyboard only (Space flips,
// 1-4 rate), axe-clean, and the chapter studio's quiz with answers hidden until submitted.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, e2eEnabled, useApp } from './support/app.js';
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

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

async function seriousViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: AXE_SOURCE });
  const violations = (await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (c: Document, o: object) => Promise<{ violations: unknown[] }> } })
      .axe;
    return (
      await axe.run(document, {
        runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
        resultTypes: ['violations'],
      })
    ).violations;
  })) as Array<{ id: string; impact: string | null; help: string }>;
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.impact} ${violation.id}: ${violation.help}`);
}

async function api(path: string, token: string, method: string, body?: unknown) {
  const response = await fetch(`${baseUrl}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status}`);
  return response.json() as Promise<unknown>;
}

describe.skipIf(!e2eEnabled)('study studio', () => {
  const app = useApp();
  let session: Session;
  let bookId = '';
  let chapterId = '';

  beforeAll(async () => {
    session = await registerUser(baseUrl, newAccount('studio'));
    const book = await uploadBook(baseUrl, session.token, await makeBookPdf(LIVING_EARTH), LIVING_EARTH.fileName);
    await waitForBook(baseUrl, session.token, book.id);
    bookId = book.id;
    const chapters = await getAsUser<{ id: string }[]>(baseUrl, session.token, `/books/${bookId}/chapters`);
    chapterId = chapters[1]!.id;
    const cards: Array<{ id: string }> = [];
    for (const chapter of chapters) {
      cards.push(
        ...(await postAsUser<Array<{ id: string }>>(baseUrl, session.token, `/chapters/${chapter.id}/flashcards`)),
      );
    }
    // Exactly ten due cards: the session below reviews them all.
    for (const extra of cards.slice(10)) await api(`/flashcards/${extra.id}`, session.token, 'DELETE');
    for (let i = cards.length; i < 10; i += 1) {
      await api(`/chapters/${chapterId}/flashcards/manual`, session.token, 'POST', {
        front: `Extra question ${i}?`,
        back: `Answer ${i}`,
        page_label: '1',
      });
    }
  });

  it('reviews 10 due cards with the keyboard only, showing intervals, and is axe-clean', async () => {
    const { page } = await app.open('/dashboard', { session, bypassCSP: true });
    await page.getByText('10 flashcards are due for review').waitFor();
    await page.goto(`${baseUrl}/review?book=${bookId}`);
    await page.getByText('Card 1 of 10').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    for (let i = 1; i <= 10; i += 1) {
      await page.getByText(`Card ${i} of 10`).waitFor();
      await page.keyboard.press('Space');
      const good = page.getByRole('button', { name: /^Good/ });
      await good.waitFor();
      // Each rating says when the card comes back ("10m", "1d", …).
      expect(await good.textContent()).toMatch(/Good\d+(m|h|d|mo|y) · 3/);
      if (i === 1) expect(await seriousViolations(page)).toEqual([]);
      await page.keyboard.press(String(1 + (i % 4)));
    }
    await page.getByText('Session complete: 10 cards reviewed').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    const due = (await api(`/books/${bookId}/flashcards/due`, session.token, 'GET')) as { due_count: number };
    expect(due.due_count).toBeLessThan(10);
  });

  it('takes a practice quiz: answers hidden until submitted, then score, correct choice, explanation and page', async () => {
    const { page } = await app.open(`/chapters/${chapterId}#quiz`, { session, bypassCSP: true });
    await page.getByRole('button', { name: 'Start a quiz' }).click();
    const quiz = page.getByRole('form', { name: 'Practice quiz' });
    await quiz.waitFor();
    expect(await quiz.getByText('Correct answer').count()).toBe(0);
    const groups = quiz.getByRole('group');
    const count = await groups.count();
    expect(count).toBeGreaterThanOrEqual(5);
    for (let i = 0; i < count; i += 1) await groups.nth(i).getByRole('radio').first().check();
    await page.getByRole('button', { name: 'Submit answers' }).click();
    await page.getByText(/^Score: \d+ of \d+$/).waitFor();
    expect(await quiz.getByText('Correct answer').count()).toBe(count);
    expect(await quiz.getByRole('link', { name: /^Re-read page \d+$/ }).count()).toBe(count);
    expect(await seriousViolations(page)).toEqual([]);

    // The attempt joins the chapter's history, newest first, with its score.
    const score = /^Score: (\d+ of \d+)$/.exec((await page.getByText(/^Score: /).textContent()) ?? '')![1]!;
    const history = page.getByRole('region', { name: 'Past attempts' }).getByRole('listitem');
    await history.first().filter({ hasText: score }).waitFor();
    expect(await history.count()).toBe(1);
    await page.getByRole('button', { name: 'New quiz' }).click();
    await page.getByRole('button', { name: 'Submit answers' }).waitFor();
    const again = quiz.getByRole('group');
    for (let i = 0; i < (await again.count()); i += 1) await again.nth(i).getByRole('radio').nth(1).check();
    await page.getByRole('button', { name: 'Submit answers' }).click();
    const second = /^Score: (\d+ of \d+)$/.exec((await page.getByText(/^Score: /).textContent()) ?? '')![1]!;
    await page.waitForFunction(
      () => document.querySelectorAll('[aria-labelledby="quiz-history-heading"] li').length === 2,
    );
    expect(await history.first().locator('span').textContent()).toBe(second);
    expect(await history.nth(1).locator('span').textContent()).toBe(score);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
