// The API gives file links as paths on itself (issue 42): the side panel lives on the extension's own
// origin, so the background resolves them against the server the student configured before passing them on.
import type { Book } from '@chapterwise/shared';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { authTokenItem, serverUrlItem } from '@/utils/storage.js';
import { BackendSession } from './backend-session.js';
import { BookLocator } from './book-locator.js';
import { LibraryService } from './library-service.js';

const BOOK_ID = '7f7c9f1e-3a52-4c5e-9d55-2a4f0f3b6a10';
const SIGNED = '?o=u1&exp=1900000000&name=book.pdf&sig=abc';

const book: Book = {
  id: BOOK_ID,
  title: 'Moby Dick',
  status: 'completed',
  total_pages: 600,
  progress: 100,
  status_detail: null,
  created_at: '2026-01-01T00:00:00Z',
  pdf_url: `/api/files/books/${BOOK_ID}/source.pdf${SIGNED}`,
  full_summary: null,
  full_summary_engine: null,
  chapter_count: 135,
  error: null,
  source_url: null,
  engine: 'offline',
  summary_job: null,
};

function serverAnswering(answers: Record<string, unknown>) {
  return vi.fn(async (input: RequestInfo | URL) => {
    const { pathname } = new URL(String(input));
    return pathname in answers
      ? Response.json(answers[pathname])
      : Response.json({ detail: 'Not found' }, { status: 404 });
  });
}

const libraryOver = (session: BackendSession) => new LibraryService(session, new BookLocator(session));

describe(`${LibraryService.name} file links`, () => {
  beforeEach(async () => {
    fakeBrowser.reset();
    // A server on the network, named as the student typed it in the options page.
    await serverUrlItem.setValue('http://192.168.1.20:3000/');
    await authTokenItem.setValue('token-1');
  });

  it("gives the side panel the book's PDF link on the configured server", async () => {
    const fetch = serverAnswering({ [`/api/books/${BOOK_ID}`]: book });
    const outcome = await libraryOver(new BackendSession(fetch)).getBook(BOOK_ID);
    expect(outcome).toMatchObject({
      ok: true,
      value: { pdf_url: `http://192.168.1.20:3000/api/files/books/${BOOK_ID}/source.pdf${SIGNED}` },
    });
  });

  it('downloads the narration from the configured server and hands that address on', async () => {
    const audioPath = `/api/files/audio/chapter-1.mp3${SIGNED}`;
    const fetch = serverAnswering({ '/api/audio/generate': { audio_url: audioPath } });
    const downloads: string[] = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
      downloads.push(String(input));
      return new Response(new Uint8Array([0xff, 0xfb]), { headers: { 'content-type': 'audio/mpeg' } });
    });
    const stored: string[] = [];
    vi.stubGlobal('caches', { open: async () => ({ put: async (url: string) => void stored.push(url) }) });
    try {
      const outcome = await libraryOver(new BackendSession(fetch)).generateAudio({
        content_type: 'chapter',
        content_id: BOOK_ID,
      });
      const absolute = `http://192.168.1.20:3000${audioPath}`;
      expect(outcome).toEqual({ ok: true, value: { audio_url: absolute } });
      expect(downloads).toEqual([absolute]);
      expect(stored).toEqual([absolute]);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
