// A student fixes detected chapters on the book page: rename, split at a page, merge back, delete.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, e2eEnabled, toast, useApp, waitUntilOpened } from './support/app.js';
import { LIVING_EARTH, makeBookPdf } from './support/books.js';
import { getAsUser, newAccount, registerUser, uploadBook, waitForBook, type Session } from './support/harness.js';

describe.skipIf(!e2eEnabled)('fixing chapters on the book page', () => {
  const app = useApp();
  let session: Session;
  let page: Page;
  let bookId: string;

  beforeAll(async () => {
    session = await registerUser(baseUrl, newAccount('editor'));
    const uploaded = await uploadBook(baseUrl, session.token, await makeBookPdf(LIVING_EARTH), LIVING_EARTH.fileName);
    await waitForBook(baseUrl, session.token, uploaded.id);
    bookId = uploaded.id;
    ({ page } = await app.open(`/books/${uploaded.id}`, { session, keepOpen: true }));
    // The offline notes are written just after processing: the edits start on the book as it then stands, every
    // chapter's notes in (the page stops polling for them), so no refetch lands between a click and its dialog.
    for (const { title } of LIVING_EARTH.chapters) {
      await page.getByRole('button', { name: new RegExp(`^Chapter \\d: ${title}.*✓ Summary available`) }).waitFor({
        timeout: 30_000,
      });
    }
  });

  const numbers = async () =>
    (await getAsUser<{ chapter_number: number }[]>(baseUrl, session.token, `/books/${bookId}/chapters`)).map(
      (chapter) => chapter.chapter_number,
    );

  it('renames a chapter after saying what is made again', async () => {
    const chapterOne = page.getByRole('button', { name: /^Chapter 1: The Water Cycle/ });
    await chapterOne.click();
    await waitUntilOpened(chapterOne);
    await page.getByRole('button', { name: 'Rename' }).click();
    const dialog = page.getByRole('dialog', { name: 'Rename chapter' });
    expect(await dialog.innerText()).toContain('The summary PDF and slides will be made again with the new title.');
    await dialog.getByLabel('Chapter title').fill('Where Water Goes');
    await dialog.getByRole('button', { name: 'Save title' }).click();
    await toast(page, 'Chapter renamed').waitFor();
    await page.getByRole('button', { name: /^Chapter 1: Where Water Goes/ }).waitFor();
  });

  it('splits a chapter at a page, then merges it back, numbers staying 1..n', async () => {
    const first = page.getByRole('button', { name: /^Chapter 1: Where Water Goes/ });
    if ((await first.getAttribute('aria-expanded')) !== 'true') await first.click();
    await page.getByRole('button', { name: 'Split at page…' }).click();
    const split = page.getByRole('dialog', { name: 'Split chapter' });
    expect(await split.innerText()).toContain('will be deleted');
    const pageField = split.getByLabel('New chapter begins at page');
    await split.getByRole('button', { name: 'Split chapter' }).click();
    await toast(page, 'Chapter split').waitFor();
    await page.getByRole('button', { name: /^Where Water Goes \(continued\)/ }).waitFor();
    expect(await pageField.count()).toBe(0);
    expect(await numbers()).toEqual([1, 2, 3, 4]);

    // The first chapter may still be open from the split: open it only when it is closed.
    const firstAgain = page.getByRole('button', { name: /^Chapter 1: Where Water Goes/ });
    if ((await firstAgain.getAttribute('aria-expanded')) !== 'true') await firstAgain.click();
    await page
      .getByRole('group', { name: /^Fix Chapter 1: / })
      .getByRole('button', { name: 'Merge with next' })
      .click();
    const merge = page.getByRole('dialog', { name: 'Merge with the next chapter?' });
    await merge.getByRole('button', { name: 'Merge chapters' }).click();
    await toast(page, 'Chapters merged').waitFor();
    await page.getByRole('button', { name: /^Where Water Goes \(continued\)/ }).waitFor({ state: 'detached' });
    expect(await numbers()).toEqual([1, 2, 3]);
    await page.getByRole('button', { name: /^Chapter 3: / }).waitFor();
  });
});
