import { SESSION_TOKEN_KEY } from '@chapterwise/shared';
import { describe, expect, it } from 'vitest';
import type { OutputBundle } from 'rolldown';
import { preloadScript, routePattern, routeTable } from './route-preload.plugin.js';

describe('routePattern', () => {
  it.each([
    ['index.tsx', '/', '/x'],
    ['auth.tsx', '/auth', '/authx'],
    ['_authenticated/dashboard.tsx', '/dashboard', '/dashboard/extra'],
    ['_authenticated/books.$bookId.tsx', '/books/0b3f6c2e-1', '/books'],
    ['_authenticated/chapters.$chapterId.tsx', '/chapters/abc/', '/chapters/abc/topics'],
  ])('maps %s to the URLs it serves', (file, matching, other) => {
    const pattern = new RegExp(routePattern(file));
    expect(pattern.test(matching)).toBe(true);
    expect(pattern.test(other)).toBe(false);
  });
});

const chunk = (
  fileName: string,
  fields: { modules?: string[]; imports?: string[]; dynamic?: string[]; assets?: string[]; entry?: boolean },
) => ({
  type: 'chunk',
  fileName,
  isEntry: fields.entry ?? false,
  moduleIds: fields.modules ?? [],
  imports: fields.imports ?? [],
  dynamicImports: fields.dynamic ?? [],
  viteMetadata: { importedAssets: new Set(fields.assets ?? []), importedCss: new Set() },
});

describe('preloadScript', () => {
  const files = [
    chunk('index.js', { entry: true, dynamic: ['read-page.js', 'book-page.js'], imports: ['vendor.js'] }),
    chunk('vendor.js', {}),
    chunk('read-page.js', {
      modules: ['/app/src/routes/_authenticated/books.$bookId_.read.tsx?tsr-split=component---loader'],
      imports: ['index.js', 'vendor.js', 'reader-shared.js'],
      dynamic: ['dialog.js'],
    }),
    chunk('reader-shared.js', {}),
    chunk('dialog.js', {}),
    chunk('book-page.js', {
      modules: ['/app/src/routes/_authenticated/books.$bookId.tsx?tsr-split=component---loader'],
    }),
  ];
  const bundle = Object.fromEntries([
    ...files.map((file) => [file.fileName, file]),
    ['pdf.worker.min-abc.mjs', { type: 'asset', fileName: 'pdf.worker.min-abc.mjs' }],
  ]) as unknown as OutputBundle;

  function run(pathname: string, namedByServer = false) {
    const script = preloadScript(bundle, '/assets/');
    const links: string[] = [];
    const workers: string[] = [];
    const window = {};
    const document = {
      createElement: () => ({}),
      head: { appendChild: (link: { href: string }) => links.push(link.href) },
      querySelector: (selector: string) => (namedByServer && selector === 'link[data-route]' ? {} : null),
    };
    class Worker {
      constructor(url: string) {
        workers.push(url);
      }
    }
    new Function('window', 'location', 'document', 'Worker', 'localStorage', script)(
      window,
      { pathname },
      document,
      Worker,
      { getItem: () => null },
    );
    return { links, workers };
  }

  it("preloads a page's chunks and what they import, not the entry's own nor what a click loads later", () => {
    expect(run('/books/b1/read').links.sort()).toEqual(['/assets/read-page.js', '/assets/reader-shared.js']);
    expect(run('/books/b1').links).toEqual(['/assets/book-page.js']);
    expect(run('/pricing').links).toEqual([]);
  });

  it('adds no link where the server named the page’s scripts in its HTML, and writes the same table for it', () => {
    expect(run('/books/b1/read', true).links).toEqual([]);
    expect(routeTable(bundle, '/assets/')).toEqual(
      expect.arrayContaining([[routePattern('_authenticated/books.$bookId.tsx'), ['/assets/book-page.js']]]),
    );
  });

  it('leaves pdf.js’s worker to the reader, which starts it once painted', () => {
    expect(run('/books/b1/read').workers).toEqual([]);
  });
});

describe('the page data the script starts', () => {
  const bundle = { 'index.js': chunk('index.js', { entry: true }) } as unknown as OutputBundle;

  function run(
    pathname: string,
    token: string | null,
    alreadyStarted?: unknown[],
    answers: Record<string, unknown> = {},
  ) {
    const asked: Array<{ url: string; headers: Record<string, string> }> = [];
    const window: { __chapterwiseEarly?: unknown[] } = { __chapterwiseEarly: alreadyStarted };
    const fetch = (url: string, init: { headers: Record<string, string> }) => {
      asked.push({ url, headers: init.headers });
      return Promise.resolve(Response.json(answers[url] ?? {}));
    };
    const localStorage = { getItem: (key: string) => (key === SESSION_TOKEN_KEY ? token : null) };
    // The script as the browser runs it: a classic script, its own globals only.
    new Function('window', 'location', 'localStorage', 'fetch', 'document', preloadScript(bundle, '/assets/'))(
      window,
      { pathname },
      localStorage,
      fetch,
      { querySelector: () => null },
    );
    return { asked, window };
  }

  it('asks a signed-in page what its loaders ask, with the API client’s headers, for the app to take over', () => {
    const { asked, window } = run('/books/b%201', 'token-1');
    expect(asked.map((request) => request.url)).toEqual([
      '/api/auth/me',
      '/api/books/b%201',
      '/api/books/b%201/chapters',
      '/api/books/b%201/page-labels',
      '/api/books/b%201/flashcards/due',
      '/api/books/b%201/study-progress',
    ]);
    expect(asked[1]!.headers).toEqual({ Accept: 'application/json', Authorization: 'Bearer token-1' });
    expect(window.__chapterwiseEarly?.map((request) => (request as { url: string }).url)).toEqual(
      asked.map((request) => request.url),
    );
  });

  it('asks for what an answer names as soon as it arrives, where the app will find it', async () => {
    const { asked, window } = run('/chapters/c1', 'token-1', undefined, { '/api/chapters/c1': { book_id: 'b1' } });
    await new Promise((resolve) => setTimeout(resolve, 0));
    const followUps = [
      '/api/books/b1',
      '/api/books/b1/chapters',
      '/api/books/b1/study-progress',
      '/api/books/b1/page-labels',
    ];
    expect(asked.map((request) => request.url).slice(-4)).toEqual(followUps);
    expect(window.__chapterwiseEarly?.map((request) => (request as { url: string }).url).slice(-4)).toEqual(followUps);
  });

  it('asks nothing when signed out, on a page without data or a malformed address, or once the app has started its own', () => {
    expect(run('/dashboard', null).asked).toEqual([]);
    expect(run('/books/%E0', 'token-1').asked).toEqual([]);
    expect(run('/pricing', 'token-1').asked).toEqual([]);
    expect(run('/dashboard', 'token-1', []).asked).toEqual([]);
  });
});
