// The side panel's Today section in Chromium: an exam planned on the server shows today's work above the
// library, and "Start reviews" opens a review session of that book's due cards in one click.
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildExtension,
  CHROMIUM_PATH,
  launchWithExtension,
  makeStudyGuidePdf,
  registerUser,
  signInThroughOptions,
  startBackend,
  type LoadedExtension,
  type RunningBackend,
} from './support/harness.js';

const hasChromium = existsSync(CHROMIUM_PATH);
const USER = { name: 'Exam Planner', email: 'exam-planner@example.com', password: 'study-hard-123' };
const SHOTS = process.env.UX_SCREENSHOTS;

describe.skipIf(!hasChromium)('side-panel Today', () => {
  let backend: RunningBackend;
  let build: { dir: string; remove: () => void };
  let extension: LoadedExtension;
  let token: string;
  let bookId: string;

  const api = async (path: string, init: RequestInit = {}) => {
    const response = await fetch(`${backend.url}/api${path}`, {
      ...init,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...(init.headers ?? {}) },
    });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return response.json() as Promise<unknown>;
  };

  beforeAll(async () => {
    backend = await startBackend();
    token = await registerUser(backend.url, USER);
    const form = new FormData();
    form.append(
      'file',
      new Blob([new Uint8Array(await makeStudyGuidePdf())], { type: 'application/pdf' }),
      'guide.pdf',
    );
    const upload = await fetch(`${backend.url}/api/books/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    bookId = ((await upload.json()) as { id: string }).id;
    for (const deadline = Date.now() + 240_000; ;) {
      const { status } = (await api(`/books/${bookId}`)) as { status: string };
      if (status === 'completed') break;
      if (status === 'failed' || Date.now() > deadline) throw new Error(`book ${status}`);
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    const chapters = (await api(`/books/${bookId}/chapters`)) as Array<{ id: string }>;
    for (const chapter of chapters) await api(`/chapters/${chapter.id}/flashcards`, { method: 'POST' });
    // The first chapter read: its new cards are reviewed from today, while the others are still to read.
    await api(`/chapters/${chapters[0]!.id}/summary-read`, { method: 'PUT', body: JSON.stringify({ read: true }) });
    const examAt = new Date(Date.now() + 7 * 86_400_000);
    await api('/exams', {
      method: 'POST',
      body: JSON.stringify({
        name: 'Study guide quiz',
        exam_at: examAt.toISOString(),
        chapter_ids: chapters.map((chapter) => chapter.id),
        daily_minutes: 60,
        time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      }),
    });
    build = await buildExtension(['http://127.0.0.1/*']);
    extension = await launchWithExtension(build.dir);
  }, 400_000);

  afterAll(async () => {
    await extension?.context.close();
    build?.remove();
    await backend?.stop();
  });

  it("shows today's reading and reviews of the exam, and starts the reviews in one click", async () => {
    await signInThroughOptions(extension, backend.url, USER.email, USER.password);
    const panel = await extension.context.newPage();
    await panel.setViewportSize({ width: 400, height: 800 });
    await panel.goto(extension.page('sidepanel.html'));
    const today = panel.getByRole('region', { name: 'Today' });
    const exam = today.getByRole('article', { name: 'Study guide quiz' });
    await exam.waitFor();
    expect(await exam.innerText()).toMatch(/in [67] days/);
    const plan = (await api('/today')) as {
      exams: Array<{ day: { reading: Array<{ title: string }>; review_books: Array<{ count: number }> } | null }>;
    };
    const day = plan.exams[0]!.day!;
    expect(day.reading.length).toBeGreaterThan(0);
    expect(day.review_books.length).toBeGreaterThan(0);
    for (const reading of day.reading) {
      await exam.getByRole('button', { name: `Start reading ${reading.title}` }).waitFor();
    }
    for (const colorScheme of ['light', 'dark'] as const) {
      await panel.emulateMedia({ colorScheme });
      if (SHOTS) await panel.screenshot({ path: `${SHOTS}/extension-today-${colorScheme}.png`, fullPage: true });
    }
    await panel.emulateMedia({ colorScheme: 'light' });

    await exam
      .getByRole('button', { name: /^Start reviews of / })
      .first()
      .click();
    await panel.getByText(/^Card 1 of \d+/).waitFor();
    await panel.getByRole('button', { name: 'Show answer' }).waitFor();
    if (SHOTS) await panel.screenshot({ path: `${SHOTS}/extension-today-review.png` });
    await panel.getByRole('button', { name: '← Today' }).click();
    await today.waitFor();
  });
});
