import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { fakePermissions } from '../../test/fake-permissions.js';
import type { BookLocator } from './book-locator.js';
import { TabInspector } from './tab-inspector.js';

/** The server's answers about addresses, without the server. */
const knownBooks = (books: Record<string, string> = {}) =>
  ({ bookFor: async (url: string) => books[url.replace(/#.*$/, '')] ?? null }) as unknown as BookLocator;

const headAnswer = (contentType: string) =>
  vi.fn<typeof fetch>(async () => new Response(null, { headers: { 'content-type': contentType } }));

describe(TabInspector.name, () => {
  beforeEach(() => fakeBrowser.reset());

  it('recognises a .pdf address and the book it already is', async () => {
    fakePermissions();
    const fetchImpl = headAnswer('text/html');

    const inspector = new TabInspector(knownBooks({ 'https://example.com/a.pdf': 'book-1' }), fetchImpl);

    expect(await inspector.inspect('https://example.com/a.pdf#page=4')).toEqual({
      kind: 'pdf',
      url: 'https://example.com/a.pdf#page=4',
      bookId: 'book-1',
    });
    expect(await inspector.inspect('https://example.com/b.pdf')).toEqual({
      kind: 'pdf',
      url: 'https://example.com/b.pdf',
      bookId: null,
    });
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it('recognises the document shown by a PDF viewer page', async () => {
    fakePermissions();
    expect(
      await new TabInspector(knownBooks(), headAnswer('text/html')).inspect(
        'resource://pdf.js/web/viewer.html?file=https://example.com/report',
      ),
    ).toEqual({
      kind: 'pdf',
      url: 'https://example.com/report',
      bookId: null,
    });
  });

  it('asks the site with HEAD when it has access, trusting application/pdf', async () => {
    fakePermissions().grant('https://arxiv.org/*');
    const pdf = headAnswer('application/pdf; qs=0.001');

    expect(await new TabInspector(knownBooks(), pdf).inspect('https://arxiv.org/pdf/2301.00001')).toMatchObject({
      kind: 'pdf',
    });
    expect(pdf).toHaveBeenCalledWith('https://arxiv.org/pdf/2301.00001', { method: 'HEAD', credentials: 'include' });
    expect(
      await new TabInspector(knownBooks(), headAnswer('text/html')).inspect('https://arxiv.org/abs/2301.00001'),
    ).toEqual({
      kind: 'not-pdf',
    });
  });

  it('sends no request to a site it has no access to, and says the page may be a PDF', async () => {
    fakePermissions();
    const fetchImpl = headAnswer('application/pdf');

    expect(await new TabInspector(knownBooks(), fetchImpl).inspect('https://arxiv.org/pdf/2301.00001')).toEqual({
      kind: 'maybe-pdf',
      url: 'https://arxiv.org/pdf/2301.00001',
    });
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it('reports a PDF opened from disk while file access is off', async () => {
    fakePermissions({ fileAccess: false });
    expect(await new TabInspector(knownBooks()).inspect('file:///home/me/book.pdf')).toEqual({
      kind: 'file-access-off',
      url: 'file:///home/me/book.pdf',
    });

    fakePermissions({ fileAccess: true });
    expect(await new TabInspector(knownBooks()).inspect('file:///home/me/book.pdf')).toMatchObject({ kind: 'pdf' });
  });

  it('ignores browser pages', async () => {
    fakePermissions();
    expect(await new TabInspector(knownBooks()).inspect('chrome://newtab/')).toEqual({ kind: 'not-pdf' });
  });
});
