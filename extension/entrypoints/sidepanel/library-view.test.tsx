// @vitest-environment jsdom
import { MESSAGES, type BookListItem, type SearchResult } from '@chapterwise/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { onMessage, removeAllListeners } from '@/utils/messaging.js';
import { LibraryView } from './library-view.js';

const book: BookListItem = {
  id: 'b1',
  title: 'A Short Guide to the Living Earth',
  status: 'completed',
  total_pages: 9,
  progress: 100,
  status_detail: null,
  created_at: '2025-03-01T10:00:00.000Z',
};

const inChapter: SearchResult = {
  book_id: 'b1',
  book_title: 'A Short Guide to the Living Earth',
  chapter_id: 'c1',
  chapter_title: 'The Water Cycle',
  chapter_label: '1',
  page: 3,
  page_label: '1',
  snippet: 'Run &lt;script&gt;alert(1)&lt;/script&gt; &amp; the <mark>water cycle</mark> turns.',
  score: 1.5,
};
const frontMatter: SearchResult = {
  ...inChapter,
  chapter_id: null,
  chapter_title: null,
  page: 1,
  page_label: 'i',
  snippet: 'About the <mark>water</mark> in this book.',
};

function renderLibrary() {
  const onOpenBook = vi.fn();
  const onOpenChapter = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <LibraryView
        userId="u1"
        onOpenBook={onOpenBook}
        onOpenChapter={onOpenChapter}
        onStartReviews={vi.fn()}
        serverUrl="http://localhost:3000"
      />
    </QueryClientProvider>,
  );
  return { onOpenBook, onOpenChapter };
}

async function search(words: string) {
  fireEvent.change(await screen.findByRole('searchbox', { name: 'Search inside your books' }), {
    target: { value: words },
  });
  fireEvent.click(screen.getByRole('button', { name: 'Search' }));
}

// The background's answers, registered in this same context: the side panel's messages reach them.
describe('LibraryView search', () => {
  let asked: { q: string }[];

  beforeEach(() => {
    fakeBrowser.reset();
    asked = [];
    onMessage('listBooks', () => ({ ok: true, value: [book] }));
    onMessage('today', () => ({ ok: true, value: { exams: [] } }));
  });
  afterEach(() => {
    removeAllListeners();
    cleanup();
  });

  it('searches through the background and shows book, chapter, page label and the marked snippet as text', async () => {
    onMessage('searchLibrary', ({ data }) => {
      asked.push(data);
      return { ok: true, value: [inChapter, frontMatter] };
    });
    renderLibrary();
    await search('  water cycle ');

    const results = await screen.findByRole('region', { name: 'Results for “water cycle”' });
    expect(asked).toEqual([{ q: 'water cycle' }]);
    const [first, second] = await within(results).findAllByRole('button', { name: /Living Earth/ });
    expect(first!.textContent).toContain('Chapter 1: The Water Cycle · p. 1');
    expect(first!.textContent).toContain('Run <script>alert(1)</script> & the water cycle turns.');
    expect(first!.querySelector('script')).toBeNull();
    expect(first!.querySelector('mark')?.textContent).toBe('water cycle');
    expect(second!.textContent).toContain('Before the first chapter · p. i');
    // The book list gives way to the results until the search is cleared.
    expect(screen.queryByText('9 pages')).toBeNull();
    fireEvent.click(within(results).getByRole('button', { name: 'Clear search' }));
    expect(await screen.findByText('9 pages')).toBeTruthy();
  });

  it("opens a result's chapter, or its book when the page is in no chapter", async () => {
    onMessage('searchLibrary', () => ({ ok: true, value: [inChapter, frontMatter] }));
    const { onOpenBook, onOpenChapter } = renderLibrary();
    await search('water');
    const [first, second] = await screen.findAllByRole('button', { name: /Living Earth/ });

    fireEvent.click(first!);
    expect(onOpenChapter).toHaveBeenCalledWith('c1', 'b1');
    fireEvent.click(second!);
    expect(onOpenBook).toHaveBeenCalledWith('b1');
  });

  it('says when no page matches', async () => {
    onMessage('searchLibrary', () => ({ ok: true, value: [] }));
    renderLibrary();
    await search('unicorns');
    expect(await screen.findByText('No pages match "unicorns"')).toBeTruthy();
  });

  it('shows the error the background answers', async () => {
    onMessage('searchLibrary', () => ({ ok: false, error: { kind: 'api', message: MESSAGES.searchFailed } }));
    renderLibrary();
    await search('water');
    expect((await screen.findByRole('alert')).querySelector('p')?.textContent).toBe(MESSAGES.searchFailed);
  });
});
