// "Prepare all chapters" on a backend with a model: its own backend process pointed at the fake
// OpenAI-compatible server (the shared one runs the offline engine, where the action is not shown).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../../backend/test/fakes/fake-openai-server.js';
import { e2eEnabled, useApp } from './support/app.js';
import { LIVING_EARTH, makeBookPdf } from './support/books.js';
import {
  getAsUser,
  newAccount,
  registerUser,
  startBackend,
  uploadBook,
  waitForBook,
  type RunningBackend,
  type Session,
} from './support/harness.js';

// Screenshots to look at, outside the repository (the README does not use them).
const SHOTS = process.env.E2E_SHOTS_DIR;
const WIDTHS = [390, 1280];

describe.skipIf(!e2eEnabled)('Prepare all chapters with a model', () => {
  const app = useApp();
  let model: FakeOpenAiServer;
  let backend: RunningBackend;
  const books = new Map<number, { session: Session; bookId: string }>();

  beforeAll(async () => {
    // Slow enough that the student sees the chapters being counted.
    model = await startFakeOpenAiServer({ latencyMs: 400 });
    backend = await startBackend({
      LLM_BASE_URL: model.baseUrl,
      LLM_API_KEY: 'e2e',
      LLM_MODEL: 'fake-model',
      LLM_CONCURRENCY: '2',
      LLM_INPUT_USD_PER_MTOK: '0.15',
      LLM_OUTPUT_USD_PER_MTOK: '0.6',
    });
    if (SHOTS) mkdirSync(SHOTS, { recursive: true });
    // One account and book per viewport: a book is prepared once.
    for (const width of WIDTHS) {
      const session = await registerUser(backend.url, newAccount(`prepare-${width}`));
      const pdf = await makeBookPdf(LIVING_EARTH);
      const book = await uploadBook(backend.url, session.token, pdf, LIVING_EARTH.fileName);
      books.set(width, { session, bookId: book.id });
    }
    // A second backend ingesting two books on a shared machine: allowed longer than the usual minute.
    for (const { session, bookId } of books.values()) await waitForBook(backend.url, session.token, bookId, 150_000);
  }, 330_000);
  afterAll(async () => {
    await backend?.stop();
    await model?.close();
  });

  for (const width of WIDTHS) {
    const viewport = { width, height: width < 640 ? 844 : 800 };
    it(`shows the cost, then the chapters done, and leaves every chapter with notes at ${width} px`, async () => {
      const { session, bookId } = books.get(width)!;
      model.reset();
      const book = { id: bookId };
      const { page } = await app.open(`/books/${book.id}`, { session, viewport, origin: backend.url });

      const action = page.getByRole('button', { name: 'Prepare all chapters' });
      await action.waitFor();
      await expect
        .poll(() => page.getByText(/^About [\d,]+ tokens, (?:about \$\d+\.\d\d|under \$0\.01)\.$/).count())
        .toBe(1);
      const box = (await action.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      if (SHOTS) await action.screenshot({ path: join(SHOTS, `prepare-before-${viewport.width}.png`) });
      if (SHOTS)
        await page.screenshot({ path: join(SHOTS, `prepare-page-before-${viewport.width}.png`), fullPage: true });
      expect(model.requests).toHaveLength(0);

      await action.click();
      const progress = page.getByText(/^Preparing notes and topics: \d of 3 chapters$/);
      await progress.waitFor();
      if (SHOTS) await page.screenshot({ path: join(SHOTS, `prepare-running-${viewport.width}.png`) });
      await progress.waitFor({ state: 'detached', timeout: 30_000 });
      expect(await action.count()).toBe(0);

      const chapters = await getAsUser<Array<{ id: string; summary: string | null }>>(
        backend.url,
        session.token,
        `/books/${book.id}/chapters`,
      );
      expect(chapters.every((chapter) => chapter.summary?.includes('### Key points'))).toBe(true);
      await expect.poll(() => page.getByText('✓ Summary available').count()).toBe(3);

      // The notes as the student reads them: overview, then cited key points (and key terms).
      await page.goto(`/chapters/${chapters[1]!.id}`);
      await page.getByRole('heading', { name: 'Key points' }).waitFor();
      if (SHOTS) await page.screenshot({ path: join(SHOTS, `chapter-notes-${viewport.width}.png`), fullPage: true });
    });
  }
});
