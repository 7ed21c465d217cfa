import { MESSAGES } from '@chapterwise/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import {
  authNoticeItem,
  authTokenItem,
  panelFocusItem,
  savedChaptersItem,
  sendProgressItem,
  serverUrlItem,
} from '@/utils/storage.js';
import { FakeChapterWiseServer } from '../../test/fake-chapterwise-server.js';
import { EXTENSION_TEXT } from '@/utils/ui-error.js';
import { BackendSession, fixedText } from './backend-session.js';
import { BookLocator } from './book-locator.js';
import { LibraryService } from './library-service.js';

const EXTENSION_POLICY = fixedText('The library could not be loaded.');

describe(BackendSession.name, () => {
  let server: FakeChapterWiseServer;
  const session = new BackendSession();
  const library = new LibraryService(session, new BookLocator(session));

  beforeEach(async () => {
    fakeBrowser.reset();
    server = await new FakeChapterWiseServer().start();
    await serverUrlItem.setValue(`${server.url}/`);
  });
  afterEach(() => server.stop());

  it('keeps the token in extension storage and shows only the user', async () => {
    const outcome = await session.signIn(FakeChapterWiseServer.EMAIL, FakeChapterWiseServer.PASSWORD);

    expect(outcome).toEqual({
      ok: true,
      value: {
        serverUrl: server.url,
        user: expect.objectContaining({ email: FakeChapterWiseServer.EMAIL }),
        notice: null,
      },
    });
    expect(await authTokenItem.getValue()).toEqual(expect.any(String));
    expect(JSON.stringify(outcome)).not.toContain(await authTokenItem.getValue());
  });

  it('starts a sign-in with nothing of the previous one: no send, panel focus or error outlives it', async () => {
    await sendProgressItem.setValue({
      sourceUrl: 'https://example.com/a.pdf',
      phase: 'failed',
      percent: null,
      error: { kind: 'signed-out', message: MESSAGES.sessionExpired },
      at: 1,
    });
    await panelFocusItem.setValue({ bookId: 'someone-elses-book', windowId: null, at: 1 });

    await session.signIn(FakeChapterWiseServer.EMAIL, FakeChapterWiseServer.PASSWORD);

    expect(await sendProgressItem.getValue()).toBeNull();
    expect(await panelFocusItem.getValue()).toBeNull();
  });

  it('keeps saved chapter copies through an expired session but not through a sign-out', async () => {
    await session.signIn(FakeChapterWiseServer.EMAIL, FakeChapterWiseServer.PASSWORD);
    const copy = { userId: 'u1', chapter: {} as never, topics: [], savedAt: 1 };
    const someoneElses = { ...copy, userId: 'u2' };
    await savedChaptersItem.setValue([copy, someoneElses]);

    server.expireToken();
    await library.listBooks();
    expect(await savedChaptersItem.getValue()).toHaveLength(2);

    await session.signIn(FakeChapterWiseServer.EMAIL, FakeChapterWiseServer.PASSWORD);
    await session.signOut();
    expect(await savedChaptersItem.getValue()).toEqual([someoneElses]);
  });

  it('revokes the token on the server when signing out, so a copy of it stops working', async () => {
    await session.signIn(FakeChapterWiseServer.EMAIL, FakeChapterWiseServer.PASSWORD);
    const token = await authTokenItem.getValue();

    expect(await session.signOut()).toMatchObject({ user: null });

    expect(server.logouts).toBe(1);
    expect(await authTokenItem.getValue()).toBeNull();
    const copy = await fetch(`${server.url}/api/books`, { headers: { Authorization: `Bearer ${token}` } });
    expect(copy.status).toBe(401);
  });

  it("shows the server's reason for a refused sign-in without calling it an expired session", async () => {
    const outcome = await session.signIn(FakeChapterWiseServer.EMAIL, 'wrong');

    expect(outcome).toEqual({ ok: false, error: { kind: 'api', message: 'Incorrect email or password' } });
    expect(await authNoticeItem.getValue()).toBeNull();
  });

  it('turns an expired token into the signed-out state with the session-expired message', async () => {
    await session.signIn(FakeChapterWiseServer.EMAIL, FakeChapterWiseServer.PASSWORD);
    await sendProgressItem.setValue({ sourceUrl: 'https://example.com/a.pdf', phase: 'failed', percent: null, at: 1 });
    server.expireToken();

    const outcome = await library.listBooks();

    expect(outcome).toEqual({ ok: false, error: { kind: 'signed-out', message: MESSAGES.sessionExpired } });
    expect(await authTokenItem.getValue()).toBeNull();
    expect(await sendProgressItem.getValue()).toBeNull();
    expect(await session.view()).toEqual({ serverUrl: server.url, user: null, notice: MESSAGES.sessionExpired });
  });

  it('keeps the new sign-in when a request of the previous one is refused after it', async () => {
    await session.signIn(FakeChapterWiseServer.EMAIL, FakeChapterWiseServer.PASSWORD);
    let resume!: () => void;
    const paused = new Promise<void>((resolve) => (resume = resolve));
    // The request leaves with the first token only after the student has signed out and in again.
    const stale = session.call(async (api) => {
      await paused;
      return api.listBooks();
    }, EXTENSION_POLICY);
    await session.signOut();
    await session.signIn(FakeChapterWiseServer.EMAIL, FakeChapterWiseServer.PASSWORD);
    const token = await authTokenItem.getValue();
    resume();

    expect(await stale).toEqual({ ok: false, error: { kind: 'api', message: EXTENSION_TEXT.accountChanged } });
    expect(await authTokenItem.getValue()).toBe(token);
    expect(await session.view()).toMatchObject({ user: expect.objectContaining({ id: 'u1' }), notice: null });
    expect(await library.listBooks()).toEqual({ ok: true, value: [] });
  });

  it('answers a call made while signed out with the reason, without a request', async () => {
    await authNoticeItem.setValue(MESSAGES.sessionExpired);

    expect(await library.listBooks()).toEqual({
      ok: false,
      error: { kind: 'signed-out', message: MESSAGES.sessionExpired },
    });
  });

  it('names the server address when the server cannot be reached', async () => {
    await session.signIn(FakeChapterWiseServer.EMAIL, FakeChapterWiseServer.PASSWORD);
    await server.stop();

    const outcome = await library.listBooks();

    expect(outcome.ok).toBe(false);
    expect(!outcome.ok && outcome.error.kind).toBe('unreachable');
    expect(!outcome.ok && outcome.error.message).toContain(`Cannot reach the ChapterWise server at ${server.url}`);
    expect((await session.checkServer()).ok).toBe(false);
    server = await new FakeChapterWiseServer().start();
  });

  it('signs out when the server address changes, and rejects addresses that are not http(s)', async () => {
    await session.signIn(FakeChapterWiseServer.EMAIL, FakeChapterWiseServer.PASSWORD);

    expect((await session.setServerUrl('ftp://example.com')).ok).toBe(false);
    expect(await authTokenItem.getValue()).not.toBeNull();

    const changed = await session.setServerUrl(' https://study.example.com/ ');
    expect(changed).toEqual({ ok: true, value: { serverUrl: 'https://study.example.com', user: null, notice: null } });
    expect(await authTokenItem.getValue()).toBeNull();
  });
});
