// Side-panel flashcard review in Chromium: the book's due cards, Space shows the answer, 1-4 rate it.
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
const USER = { name: 'Card Reviewer', email: 'card-reviewer@example.com', password: 'study-hard-123' };

describe.skipIf(!hasChromium)('side-panel flashcard review', () => {
  let backend: RunningBackend;
  let build: { dir: string; remove: () => void };
  let extension: LoadedExtension;
  let token: string;
  let bookId: string;

  const api = async (path: string, init: RequestInit = {}) => {
    const response = await fetch(`${backend.url}/api${path}`, {
      ...init,
      headers: { authorization: `Bearer ${token}`, ...(init.headers ?? {}) },
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
    bookId = ((await api('/books/upload', { method: 'POST', body: form })) as { id: string }).id;
    for (const deadline = Date.now() + 120_000; ;) {
      const { status } = (await api(`/books/${bookId}`)) as { status: string };
      if (status === 'completed') break;
      if (status === 'failed' || Date.now() > deadline) throw new Error(`book ${status}`);
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    const chapters = (await api(`/books/${bookId}/chapters`)) as Array<{ id: string }>;
    const cards = (await api(`/chapters/${chapters[0]!.id}/flashcards`, { method: 'POST' })) as Array<{ id: string }>;
    // Three due cards keep the session short.
    for (const extra of cards.slice(3)) await api(`/flashcards/${extra.id}`, { method: 'DELETE' });
    build = await buildExtension(['http://127.0.0.1/*']);
    extension = await launchWithExtension(build.dir);
  });

  afterAll(async () => {
    await extension?.context.close();
    build?.remove();
    await backend?.stop();
  });

  it('reviews the due cards of a book with the keyboard and shows each rating with its interval', async () => {
    await signInThroughOptions(extension, backend.url, USER.email, USER.password);
    const panel = await extension.context.newPage();
    await panel.goto(extension.page('sidepanel.html'));
    await panel.getByRole('heading', { name: 'Your Library' }).waitFor();
    await panel.locator('.book-row').first().click();
    await panel.getByRole('button', { name: 'Review 3 due cards' }).click();
    for (let i = 1; i <= 3; i += 1) {
      await panel.getByText(`Card ${i} of 3`, { exact: false }).waitFor();
      await panel.keyboard.press('Space');
      const good = panel.getByRole('button', { name: /^Good \d+(m|h|d|mo)$/ });
      await good.waitFor();
      await panel.keyboard.press(i === 3 ? '4' : '3');
    }
    await panel.getByText('Session complete: 3 cards reviewed').waitFor();
    const due = (await api(`/books/${bookId}/flashcards/due`)) as { due_count: number };
    expect(due.due_count).toBe(0);
  });
});
