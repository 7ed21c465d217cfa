import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { bookListItem, testUser } from '../../test/fixtures.js';
import { apiError, mockApi, pending } from '../../test/mock-api.js';
import { findToast, renderApp } from '../../test/render-app.js';
import { filterBooks } from './library-page.js';

const books = [
  bookListItem({ id: 'b1', title: 'Introduction to Psychology', total_pages: 412 }),
  bookListItem({
    id: 'b2',
    title: 'Thinking, Fast and Slow',
    status: 'ocr',
    progress: 40,
    status_detail: 'Reading scanned pages 4 of 10',
    total_pages: 10,
  }),
];

function libraryApi(overrides: Record<string, unknown> = {}) {
  return mockApi({
    'GET /api/auth/me': testUser,
    'GET /api/books': books,
    'GET /api/billing/usage': { plan: 'free', limit: 2, used: 1, period: '2025-03' },
    ...overrides,
  });
}

describe('LibraryPage', () => {
  it('greets the user and shows the plan badge, Logout and Upgrade on the free plan', async () => {
    libraryApi();
    renderApp('/dashboard', { signedIn: true });
    expect(await screen.findByRole('heading', { name: 'Your Library' })).toBeInTheDocument();
    expect(screen.getByText('Hi, Priya')).toBeInTheDocument();
    expect(screen.getByText('FREE')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Upgrade/ })).toHaveAttribute('href', '/pricing');
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Upload New Book/ })).toHaveAttribute('href', '/upload');
    expect(await screen.findByText('1 of 2')).toBeInTheDocument();
  });

  it('hides Upgrade once the server says the plan is paid', async () => {
    libraryApi({ 'GET /api/auth/me': { ...testUser, plan: 'premium' } });
    renderApp('/dashboard', { signedIn: true });
    expect(await screen.findByText('PREMIUM')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Upgrade/ })).not.toBeInTheDocument();
  });

  it('logs out: the session is removed and the browser goes to /auth', async () => {
    libraryApi();
    const app = renderApp('/dashboard', { signedIn: true });
    await app.user.click(await screen.findByRole('button', { name: 'Logout' }));
    await app.expectPath('/auth');
    expect(window.localStorage.length).toBe(0);
  });

  it('shows a spinner while loading', async () => {
    libraryApi({ 'GET /api/books': pending });
    renderApp('/dashboard', { signedIn: true });
    expect(await screen.findByText('Loading your books')).toBeInTheDocument();
  });

  it('shows the empty state', async () => {
    libraryApi({ 'GET /api/books': [] });
    renderApp('/dashboard', { signedIn: true });
    expect(await screen.findByText('No books yet')).toBeInTheDocument();
    expect(screen.getByText('Upload your first PDF to get started')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Upload Book' })).toHaveAttribute('href', '/upload');
  });

  it('shows cards with cover, status badge, title, pages and chapters, last opened, and Delete in a menu', async () => {
    libraryApi({
      'GET /api/books': [
        { ...books[0]!, chapter_count: 12, cover_url: '/api/files/books/b1/cover.png?sig=1', last_opened_at: null },
        books[1]!,
      ],
    });
    const app = renderApp('/dashboard', { signedIn: true });
    const card = (await screen.findByRole('heading', { name: 'Introduction to Psychology' })).closest('article');
    if (!card) throw new Error('no card');
    expect(within(card).getByText('completed')).toHaveClass('bg-emerald-50');
    expect(within(card).getByText('412 pages • 12 chapters')).toBeInTheDocument();
    expect(within(card).getByText('Not opened yet')).toBeInTheDocument();
    expect(card.querySelector('img')).toHaveAttribute('src', '/api/files/books/b1/cover.png?sig=1');
    expect(within(card).getByRole('link', { name: 'Introduction to Psychology' })).toHaveAttribute('href', '/books/b1');
    const menu = within(card).getByRole('button', { name: 'Actions for Introduction to Psychology' });
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    await app.user.click(menu);
    expect(within(card).getByRole('menuitem', { name: 'Delete' })).toHaveFocus();
    await app.user.keyboard('{Escape}');
    expect(within(card).queryByRole('menu')).toBeNull();
    expect(menu).toHaveFocus();

    const processing = screen.getByRole('heading', { name: 'Thinking, Fast and Slow' }).closest('article');
    if (!processing) throw new Error('no card');
    expect(within(processing).getByText('ocr')).toHaveClass('bg-yellow-50');
    expect(within(processing).getByText('Reading scanned pages 4 of 10')).toBeInTheDocument();
    expect(within(processing).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '40');
  });

  it('updates a processing card without a reload until it completes', async () => {
    let polls = 0;
    const { callsTo } = libraryApi({
      'GET /api/books': () => {
        polls += 1;
        return polls === 1
          ? books
          : [books[0], { ...books[1], status: 'completed', progress: 100, status_detail: null }];
      },
    });
    renderApp('/dashboard', { signedIn: true });
    await screen.findByText('Reading scanned pages 4 of 10');
    await waitFor(() => expect(screen.queryByText('Reading scanned pages 4 of 10')).not.toBeInTheDocument(), {
      timeout: 4000,
    });
    expect(screen.getAllByText('completed')).toHaveLength(2);
    const settled = callsTo('GET /api/books').length;
    // Every book is settled: polling stops.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(callsTo('GET /api/books')).toHaveLength(settled);
  }, 10_000);

  it('filters by title, case-insensitively, without calling the server', async () => {
    const { callsTo } = libraryApi();
    const app = renderApp('/dashboard', { signedIn: true });
    await screen.findByRole('heading', { name: 'Introduction to Psychology' });
    const before = callsTo('GET /api/books').length;
    await app.user.type(screen.getByPlaceholderText('Search your books...'), 'THINKING');
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'Introduction to Psychology' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('heading', { name: 'Thinking, Fast and Slow' })).toBeInTheDocument();
    expect(callsTo('GET /api/books')).toHaveLength(before);
  });

  it('deletes a book after confirmation and reloads the list', async () => {
    let deleted = false;
    const { callsTo } = libraryApi({
      'GET /api/books': () => (deleted ? [books[1]] : books),
      'DELETE /api/books/b1': () => {
        deleted = true;
        return { message: 'deleted' };
      },
    });
    const app = renderApp('/dashboard', { signedIn: true });
    await app.user.click(await screen.findByRole('button', { name: 'Actions for Introduction to Psychology' }));
    await app.user.click(screen.getByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Are you sure you want to delete this book?')).toBeInTheDocument();
    await app.user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await findToast('Book deleted successfully')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'Introduction to Psychology' })).not.toBeInTheDocument(),
    );
    expect(callsTo('DELETE /api/books/b1')).toHaveLength(1);
  });

  it('keeps the book when the confirmation is cancelled', async () => {
    const { callsTo } = libraryApi();
    const app = renderApp('/dashboard', { signedIn: true });
    await app.user.click(await screen.findByRole('button', { name: 'Actions for Introduction to Psychology' }));
    await app.user.click(screen.getByRole('menuitem', { name: 'Delete' }));
    await app.user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo('DELETE /api/books/b1')).toHaveLength(0);
  });

  it('reports a failed delete', async () => {
    libraryApi({ 'DELETE /api/books/b1': apiError(500, 'disk full') });
    const app = renderApp('/dashboard', { signedIn: true });
    await app.user.click(await screen.findByRole('button', { name: 'Actions for Introduction to Psychology' }));
    await app.user.click(screen.getByRole('menuitem', { name: 'Delete' }));
    await app.user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await findToast('Failed to delete book')).toBeInTheDocument();
  });

  it('reports a failed load and retries on demand', async () => {
    let fail = true;
    libraryApi({ 'GET /api/books': () => (fail ? apiError(404, 'nope') : books) });
    const app = renderApp('/dashboard', { signedIn: true });
    expect(await findToast('Failed to load books')).toBeInTheDocument();
    fail = false;
    await app.user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Introduction to Psychology' })).toBeInTheDocument();
  });
});

describe(filterBooks.name, () => {
  it('matches any part of the title regardless of case and ignores surrounding spaces', () => {
    expect(filterBooks(books, '  psych ').map((b) => b.id)).toEqual(['b1']);
    expect(filterBooks(books, '')).toHaveLength(2);
    expect(filterBooks(books, 'nothing')).toEqual([]);
  });
});
