import { SESSION_TOKEN_KEY } from '@chapterwise/shared';
import { describe, expect, it } from 'vitest';
import type { OutputBundle } from 'rolldown';
import { preloadScript, routePattern } from './route-preload.plugin.js';

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
  it("preloads a page's chunks, what its loader import()s and the worker script it starts, not the entry's routes", () => {
    const files = [
      chunk('index.js', { entry: true, dynamic: ['read-loader.js', 'read-page.js', 'book-page.js'] }),
      chunk('read-loader.js', {
        modules: ['/app/src/routes/_authenticated/books.$bookId_.read.tsx?tsr-split=loader'],
        imports: ['index.js', 'pdf-document.js'],
      }),
      chunk('pdf-document.js', { dynamic: ['pdf.js'], assets: ['pdf.worker.mjs', 'logo.svg'] }),
      chunk('pdf.js', {}),
      chunk('read-page.js', {
        modules: ['/app/src/routes/_authenticated/books.$bookId_.read.tsx?tsr-split=component'],
        imports: ['index.js'],
        dynamic: ['dialog.js'],
      }),
      chunk('dialog.js', {}),
      chunk('book-page.js', { modules: ['/app/src/routes/_authenticated/books.$bookId.tsx?tsr-split=component'] }),
    ];
    const bundle = Object.fromEntries(files.map((file) => [file.fileName, file])) as unknown as OutputBundle;
    const routes = JSON.parse(/var routes = (.*);/.exec(preloadScript(bundle, '/assets/'))![1]!) as Array<
      [string, string[], string[]]
    >;
    const reader = routes.find(([pattern]) => new RegExp(pattern).test('/books/b1/read'))!;
    // A component's import() waits for a click; the loader's runs on every visit.
    expect(reader[1].sort()).toEqual([
      '/assets/pdf-document.js',
      '/assets/pdf.js',
      '/assets/read-loader.js',
      '/assets/read-page.js',
    ]);
    expect(reader[2]).toEqual(['/assets/pdf.worker.mjs']);
    const book = routes.find(([pattern]) => new RegExp(pattern).test('/books/b1'))!;
    expect(book[1]).toEqual(['/assets/book-page.js']);
    expect(book[2]).toEqual([]);
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
      {},
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
