import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { book, chapter, testUser } from '../../test/fixtures.js';
import { apiError, mockApi } from '../../test/mock-api.js';
import { renderApp } from '../../test/render-app.js';

const chapters = [
  chapter({ id: 'c1', chapter_number: 1, title: 'What Is Psychology?', start_page: 15, end_page: 80 }),
  chapter({
    id: 'c2',
    chapter_number: 2,
    title: 'Memory',
    start_page: 81,
    end_page: 81,
    start_label: '67',
    end_label: '67',
  }),
  chapter({
    id: 'c3',
    chapter_number: 3,
    title: 'Appendix',
    label: null,
    start_page: 82,
    end_page: 90,
    start_label: null,
    end_label: null,
  }),
];

function bookApi(bookOverrides: Parameters<typeof book>[0] = {}) {
  return mockApi({
    'GET /api/auth/me': testUser,
    'GET /api/books': [],
    'GET /api/billing/usage': apiError(404),
    'GET /api/books/b1': book({ full_summary: 'The mind, studied.', chapter_count: 3, ...bookOverrides }),
    'GET /api/books/b1/chapters': chapters,
  });
}

describe('Book summary outline', () => {
  it('shows the chapters in order, as the book numbers them, each linking to its chapter page', async () => {
    bookApi();
    renderApp('/books/b1', { signedIn: true });
    const outline = await screen.findByRole('navigation', { name: 'The book in 3 chapters' }, { timeout: 5000 });
    const links = within(outline).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Chapter 1: What Is Psychology?pp. 1–66', '/chapters/c1'],
      ['Chapter 2: Memoryp. 67', '/chapters/c2'],
      ['Appendixpp. 82–90', '/chapters/c3'],
    ]);
  });

  it('is not shown while the book is still being processed', async () => {
    bookApi({ status: 'extracting', full_summary: null });
    renderApp('/books/b1', { signedIn: true });
    await screen.findByRole('heading', { level: 1 }, { timeout: 5000 });
    expect(screen.queryByRole('navigation', { name: /The book in/ })).not.toBeInTheDocument();
  });
});
