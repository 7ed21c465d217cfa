import { MESSAGES } from '@chapterwise/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { EXTENSION_TEXT } from '@/utils/ui-error.js';
import { panelFocusItem, sendProgressItem, serverUrlItem } from '@/utils/storage.js';
import { FakeChapterWiseServer, pdfBytes } from '../../test/fake-chapterwise-server.js';
import { fakePermissions } from '../../test/fake-permissions.js';
import { BackendSession } from './backend-session.js';
import { BookLocator } from './book-locator.js';
import { PdfSender } from './pdf-sender.js';

describe(PdfSender.name, () => {
  let server: FakeChapterWiseServer;
  let session: BackendSession;
  let sender: PdfSender;
  let locator: BookLocator;
  let pdfUrl: string;

  beforeEach(async () => {
    fakeBrowser.reset();
    server = await new FakeChapterWiseServer().start();
    server.files.set('moby-dick.pdf', { body: pdfBytes('Moby Dick'), type: 'application/pdf' });
    server.files.set('page.html', { body: Buffer.from('<!doctype html><p>hello</p>'), type: 'text/html' });
    server.files.set('notes.pdf', { body: Buffer.from('just some notes, not a PDF at all'), type: 'application/pdf' });
    server.files.set('login.pdf', { body: Buffer.from('<!doctype html><form>Sign in</form>'), type: 'text/html' });
    server.files.set('sneaky.pdf', { body: Buffer.from('\n<html><form>Sign in</form>'), type: 'application/pdf' });
    pdfUrl = `${server.url}/files/moby-dick.pdf`;
    await serverUrlItem.setValue(server.url);
    session = new BackendSession();
    await session.signIn(FakeChapterWiseServer.EMAIL, FakeChapterWiseServer.PASSWORD);
    locator = new BookLocator(session);
    sender = new PdfSender(session, locator);
  });
  afterEach(() => server.stop());

  it('uploads the PDF with its address as the source and opens its book in the side panel', async () => {
    fakePermissions().grant('http://127.0.0.1/*');

    const outcome = await sender.send({ url: `${pdfUrl}#page=3`, tabId: 4, windowId: 9 });

    expect(outcome).toEqual({ ok: true, value: { bookId: expect.any(String), reused: false } });
    const bookId = outcome.ok ? outcome.value.bookId : '';
    expect(server.uploads).toEqual([
      { fileName: 'moby-dick.pdf', sourceUrl: pdfUrl, size: pdfBytes('Moby Dick').length },
    ]);
    expect(await locator.bookFor(`${pdfUrl}#page=1`)).toBe(bookId);
    expect(await panelFocusItem.getValue()).toEqual({ bookId, windowId: 9, at: expect.any(Number) });
    expect(await sendProgressItem.getValue()).toMatchObject({
      sourceUrl: pdfUrl,
      phase: 'done',
      percent: 100,
      bookId,
      reused: false,
    });
  });

  it('opens the book of a PDF sent before without downloading or uploading it again', async () => {
    fakePermissions().grant('http://127.0.0.1/*');
    const first = await sender.send({ url: pdfUrl });
    const downloadsBefore = server.pdfRequests.length;

    const again = await sender.send({ url: `${pdfUrl}#page=10`, windowId: 2 });

    expect(again).toEqual({ ok: true, value: { bookId: first.ok && first.value.bookId, reused: true } });
    expect(server.uploads).toHaveLength(1);
    expect(server.pdfRequests).toHaveLength(downloadsBefore);
    expect(await sendProgressItem.getValue()).toMatchObject({ phase: 'done', reused: true });
  });

  it('uploads again when the remembered book was deleted from the library', async () => {
    fakePermissions().grant('http://127.0.0.1/*');
    const first = await sender.send({ url: pdfUrl });
    server.deleteBook(first.ok ? first.value.bookId : '');

    const again = await sender.send({ url: pdfUrl });

    expect(again.ok && again.value.reused).toBe(false);
    expect(server.uploads).toHaveLength(2);
    expect(await locator.bookFor(pdfUrl)).toBe(again.ok && again.value.bookId);
  });

  it('joins a send already running for the same address instead of uploading twice', async () => {
    fakePermissions().grant('http://127.0.0.1/*');

    const [one, two] = await Promise.all([sender.send({ url: pdfUrl }), sender.send({ url: pdfUrl })]);

    expect(one).toEqual(two);
    expect(server.uploads).toHaveLength(1);
  });

  it('downloads nothing from a site the user has not allowed', async () => {
    fakePermissions();

    const outcome = await sender.send({ url: pdfUrl });

    expect(outcome).toEqual({
      ok: false,
      error: { kind: 'host-access', message: expect.stringContaining('127.0.0.1') },
    });
    expect(server.pdfRequests).toEqual([]);
    expect(await sendProgressItem.getValue()).toMatchObject({ phase: 'failed', error: { kind: 'host-access' } });
  });

  it('sends after the user allows the site from the menu prompt, and reports a refusal', async () => {
    const permissions = fakePermissions({ answer: true });
    const allowed = await sender.sendAfterAccessRequest(
      { url: pdfUrl },
      fakeBrowser.permissions.request({ origins: ['http://127.0.0.1/*'] }),
    );
    expect(allowed.ok).toBe(true);
    expect(permissions.requests).toEqual(['http://127.0.0.1/*']);

    const refused = await sender.sendAfterAccessRequest(
      { url: `${server.url}/files/other.pdf` },
      Promise.resolve(false),
    );
    expect(refused).toMatchObject({ ok: false, error: { kind: 'host-access' } });
  });

  it('explains how to allow file access for a PDF opened from disk', async () => {
    fakePermissions({ fileAccess: false });

    const outcome = await sender.send({ url: 'file:///home/me/book.pdf' });

    expect(outcome).toMatchObject({
      ok: false,
      error: { kind: 'file-access', link: { href: `chrome://extensions/?id=${fakeBrowser.runtime.id}` } },
    });
  });

  it('refuses a file that is not a PDF with the spec message and uploads nothing', async () => {
    fakePermissions().grant('http://127.0.0.1/*');

    const outcome = await sender.send({ url: `${server.url}/files/notes.pdf` });

    expect(outcome).toEqual({ ok: false, error: { kind: 'not-a-pdf', message: MESSAGES.notAPdf } });
    expect(server.uploads).toEqual([]);
  });

  it.each(['page.html', 'login.pdf', 'sneaky.pdf'])(
    'says a link that opens a web page (%s) is not a PDF, maybe a sign-in page',
    async (file) => {
      fakePermissions().grant('http://127.0.0.1/*');

      const outcome = await sender.send({ url: `${server.url}/files/${file}` });

      expect(outcome).toEqual({ ok: false, error: { kind: 'not-a-pdf', message: EXTENSION_TEXT.webPageNotPdf } });
      expect(server.uploads).toEqual([]);
    },
  );

  it('knows a PDF sent before from the server after the extension forgot everything (new sign-in)', async () => {
    fakePermissions().grant('http://127.0.0.1/*');
    const first = await sender.send({ url: pdfUrl });
    await session.signOut();
    await session.signIn(FakeChapterWiseServer.EMAIL, FakeChapterWiseServer.PASSWORD);
    const fresh = new BookLocator(session);

    expect(await fresh.bookFor(`${pdfUrl}#page=2`)).toBe(first.ok && first.value.bookId);
    expect(server.apiRequests).toContain('GET /api/books/by-source');
  });

  it('reports a failed download with its HTTP status', async () => {
    fakePermissions().grant('http://127.0.0.1/*');

    expect(await sender.send({ url: `${server.url}/files/missing.pdf` })).toEqual({
      ok: false,
      error: { kind: 'download', message: 'The PDF could not be downloaded (HTTP 404).' },
    });
  });

  it("shows the upload limit message with a link to the server's pricing page", async () => {
    fakePermissions().grant('http://127.0.0.1/*');
    server.uploadLimit = 0;

    const outcome = await sender.send({ url: pdfUrl });

    expect(outcome).toEqual({
      ok: false,
      error: {
        kind: 'upgrade-required',
        message: 'You have used 0 of 0 uploads on the free plan this month.',
        link: { href: `${server.url}/pricing`, label: 'See plans and upgrade' },
      },
    });
  });

  it('asks the user to sign in before anything is downloaded', async () => {
    fakePermissions().grant('http://127.0.0.1/*');
    await session.signOut();

    expect(await sender.send({ url: pdfUrl })).toMatchObject({ ok: false, error: { kind: 'signed-out' } });
    expect(server.pdfRequests).toEqual([]);
  });
});
