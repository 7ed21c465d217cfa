// An audio player outlives its signed link (issue 19, item 6). A chapter's notes are played, paused,
// then an hour passes (the page's clock is moved on) and the server refuses the link the player holds,
// as it would by then. Pressing play, or seeking, must fetch a fresh link and carry on from the same
// position, at 390 and 1280 px.
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, e2eEnabled, useApp } from './support/app.js';
import { LIVING_EARTH, makeBookPdf } from './support/books.js';
import { getAsUser, newAccount, registerUser, uploadBook, waitForBook, type Session } from './support/harness.js';

interface Chapter {
  id: string;
  summary: string | null;
}

describe.skipIf(!e2eEnabled)('an audio player whose link expired', () => {
  const app = useApp();
  let session: Session;
  let chapterId = '';

  beforeAll(async () => {
    session = await registerUser(baseUrl, newAccount('audio-links'));
    const book = await uploadBook(baseUrl, session.token, await makeBookPdf(LIVING_EARTH), LIVING_EARTH.fileName);
    await waitForBook(baseUrl, session.token, book.id, 300_000);
    // Offline notes are written right after processing.
    for (let tries = 0; tries < 120 && !chapterId; tries += 1) {
      const chapters = await getAsUser<Chapter[]>(baseUrl, session.token, `/books/${book.id}/chapters`);
      if (chapters[0]?.summary) chapterId = chapters[0].id;
      else await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    expect(chapterId).not.toBe('');
  }, 400_000);

  const player = (page: Page) => page.locator('audio');
  const state = (page: Page) =>
    player(page).evaluate((audio: HTMLAudioElement) => ({
      src: audio.currentSrc,
      time: audio.currentTime,
      paused: audio.paused,
      error: audio.error?.code ?? null,
    }));

  /** Plays the chapter's notes for a moment, pauses, then lets an hour pass: the server refuses the old link. */
  async function pauseForAnHour(context: BrowserContext, page: Page) {
    await page.clock.install();
    await page.goto(`/chapters/${chapterId}`);
    await page.getByRole('button', { name: 'Listen' }).click();
    await player(page).waitFor();
    await page.waitForFunction(() => (document.querySelector('audio')?.currentTime ?? 0) > 0.5, undefined, {
      timeout: 30_000,
    });
    await player(page).evaluate((audio: HTMLAudioElement) => audio.pause());
    const paused = await state(page);
    const staleSignature = new URL(paused.src).searchParams.get('sig');
    const refused: string[] = [];
    const fresh: string[] = [];
    await context.route('**/api/files/**', async (route) => {
      if (new URL(route.request().url()).searchParams.get('sig') !== staleSignature) {
        fresh.push(route.request().url());
        return route.continue();
      }
      refused.push(route.request().url());
      return route.fulfill({ status: 403, json: { detail: 'This link has expired', code: 'FORBIDDEN' } });
    });
    // A second of real time, so the fresh link is signed with a later expiry than the old one.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await page.clock.fastForward('01:00:00');
    return { paused, staleSignature, fresh };
  }

  it.each([
    ['phone', { width: 390, height: 844 }],
    ['laptop', { width: 1280, height: 800 }],
  ] as const)('play after an hour paused resumes at the same position with a fresh link (%s)', async (_, viewport) => {
    const { context, page } = await app.open('/dashboard', {
      session,
      viewport,
      expectedFailures: [{ status: 403, path: /^\/api\/files\// }],
    });
    const { paused, staleSignature, fresh } = await pauseForAnHour(context, page);

    await player(page).evaluate((audio: HTMLAudioElement) => audio.play().catch(() => undefined));
    await page.waitForFunction(
      ({ stale, at }) => {
        const audio = document.querySelector('audio');
        if (!audio || audio.paused || audio.error) return false;
        return new URL(audio.currentSrc).searchParams.get('sig') !== stale && audio.currentTime > at;
      },
      { stale: staleSignature, at: paused.time },
      { timeout: 30_000 },
    );
    const resumed = await state(page);
    expect(resumed.error).toBeNull();
    // It went on from where it was paused, not from the start.
    expect(resumed.time).toBeGreaterThanOrEqual(paused.time);
    expect(resumed.time).toBeLessThan(paused.time + 10);
    expect(fresh.length).toBeGreaterThan(0);
  });

  it.each([
    ['phone', { width: 390, height: 844 }],
    ['laptop', { width: 1280, height: 800 }],
  ] as const)(
    'seeking after the link expired lands on the chosen position with a fresh link (%s)',
    async (_, viewport) => {
      const { context, page } = await app.open('/dashboard', {
        session,
        viewport,
        expectedFailures: [{ status: 403, path: /^\/api\/files\// }],
      });
      const { staleSignature, fresh } = await pauseForAnHour(context, page);
      const target = await player(page).evaluate((audio: HTMLAudioElement) => {
        const at = Math.min(audio.duration / 2, audio.currentTime + 3);
        audio.currentTime = at;
        return at;
      });

      await page.waitForFunction(
        ({ stale }) => {
          const audio = document.querySelector('audio');
          return !!audio && audio.readyState >= 1 && new URL(audio.currentSrc).searchParams.get('sig') !== stale;
        },
        { stale: staleSignature },
        { timeout: 30_000 },
      );
      await page.waitForFunction(
        (at) => Math.abs((document.querySelector('audio')?.currentTime ?? -1) - at) < 0.5,
        target,
        {
          timeout: 10_000,
        },
      );
      const after = await state(page);
      expect(after.error).toBeNull();
      // Seeking while paused leaves it paused.
      expect(after.paused).toBe(true);
      expect(fresh.length).toBeGreaterThan(0);
    },
  );
});
