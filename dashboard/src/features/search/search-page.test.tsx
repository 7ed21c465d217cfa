import { MESSAGES, type SearchAnswer, type SearchResult } from '@chapterwise/shared';
import { render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { book, bookListItem, testUser } from '../../test/fixtures.js';
import { apiError, mockApi, pending, type ApiCall, type Route } from '../../test/mock-api.js';
import { renderApp } from '../../test/render-app.js';
import { answerParts } from './answer-parts.js';
import { parseSearchParams } from './search-params.js';
import { Snippet } from './snippet.js';

const EARTH = '11111111-1111-4111-8111-111111111111';
const SKY = '22222222-2222-4222-8222-222222222222';
const CHAPTER = '33333333-3333-4333-8333-333333333333';

function result(overrides: Partial<SearchResult> = {}): SearchResult {
  return {
    book_id: EARTH,
    book_title: 'A Short Guide to the Living Earth',
    chapter_id: CHAPTER,
    chapter_title: 'The Water Cycle',
    chapter_label: '1',
    page: 3,
    page_label: '1',
    snippet: 'Heat from the sun turns <mark>water</mark> into vapour.',
    score: 1.2,
    ...overrides,
  };
}

const results = [
  result(),
  result({
    book_id: SKY,
    book_title: 'The Night Sky',
    chapter_id: null,
    chapter_title: null,
    page: 1,
    page_label: 'i',
  }),
  result({ page: 14, page_label: '12', snippet: 'Rivers carry <mark>water</mark> to the sea.' }),
];

const books = [
  bookListItem({ id: EARTH, title: 'A Short Guide to the Living Earth' }),
  bookListItem({ id: SKY, title: 'The Night Sky' }),
  bookListItem({ id: 'b3', title: 'Still Processing', status: 'ocr', progress: 20 }),
];

function searchApi(overrides: Record<string, Route> = {}) {
  return mockApi({
    'GET /api/auth/me': testUser,
    'GET /api/books': books,
    'GET /api/billing/usage': { plan: 'free', limit: 2, used: 1, period: '2025-03' },
    'GET /api/search': results,
    ...overrides,
  });
}

describe(Snippet.name, () => {
  it('renders escaped markup as text and the matches as <mark>', () => {
    const { container } = render(
      <Snippet snippet='Run &lt;script&gt;alert("x")&lt;/script&gt; &amp; see <mark>water</mark> <mark>cycle</mark>' />,
    );
    expect(container.querySelector('script')).toBeNull();
    expect(container.textContent).toBe('Run <script>alert("x")</script> & see water cycle');
    const marks = [...container.querySelectorAll('mark')].map((mark) => mark.textContent);
    expect(marks).toEqual(['water', 'cycle']);
  });
});

describe('SearchPage', () => {
  it('shows its title and a hint before the first search, without searching', async () => {
    const { callsTo } = searchApi();
    renderApp('/search', { signedIn: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Search inside your books' })).toBeInTheDocument();
    expect(screen.getByText('Find any passage')).toBeInTheDocument();
    expect(callsTo('GET /api/search')).toHaveLength(0);
  });

  it('searches what the URL says and groups the results by book, with chapter, page label and actions', async () => {
    const { callsTo } = searchApi();
    renderApp('/search?q=water', { signedIn: true });

    const earth = await screen.findByRole('region', { name: 'A Short Guide to the Living Earth' });
    expect(within(earth).getByText('2 matches')).toBeInTheDocument();
    const earthResults = within(earth).getAllByRole('article');
    expect(earthResults).toHaveLength(2);
    expect(within(earthResults[0]!).getByRole('heading', { name: 'Chapter 1: The Water Cycle' })).toBeInTheDocument();
    expect(within(earthResults[0]!).getByText('p. 1')).toBeInTheDocument();
    expect(within(earthResults[1]!).getByText('p. 12')).toBeInTheDocument();
    expect(within(earthResults[1]!).getByText('water').tagName).toBe('MARK');
    expect(within(earthResults[0]!).getByRole('link', { name: /^Open chapter/ })).toHaveAttribute(
      'href',
      `/chapters/${CHAPTER}`,
    );
    expect(within(earthResults[0]!).getByRole('link', { name: /^Read at p\. 1 / })).toHaveAttribute(
      'href',
      `/books/${EARTH}/read?page=3&cite=water`,
    );

    const sky = screen.getByRole('region', { name: 'The Night Sky' });
    expect(within(sky).getByText('1 match')).toBeInTheDocument();
    expect(within(sky).getByText('p. i')).toBeInTheDocument();
    // A page outside every chapter has no chapter to open.
    expect(within(sky).queryByRole('link', { name: /^Open chapter/ })).not.toBeInTheDocument();

    expect(screen.getByText('3 pages in 2 books match “water”')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Words or a phrase to find' })).toHaveValue('water');
    expect(callsTo('GET /api/search')[0]?.search.get('q')).toBe('water');
    expect(callsTo('GET /api/search')[0]?.search.has('book_id')).toBe(false);
  });

  it('says how many pages match in all and shows the next ones on More', async () => {
    const page = (number: number) => result({ page: number + 100, page_label: String(number) });
    const { callsTo } = searchApi({
      'GET /api/search': ({ search }: ApiCall) => {
        const offset = Number(search.get('offset') ?? 0);
        const size = offset === 0 ? 20 : 3;
        return Array.from({ length: size }, (_, index) => page(offset + index + 1));
      },
      'GET /api/search/count': { pages: 23, books: 1 },
    });
    const app = renderApp('/search?q=water', { signedIn: true });
    expect(await screen.findByText('Showing 20 of 23 pages that match “water”')).toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: 'More' }));
    expect(await screen.findByText('23 pages in 1 book match “water”')).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(23);
    expect(screen.queryByRole('button', { name: 'More' })).not.toBeInTheDocument();
    expect(callsTo('GET /api/search').map((call) => call.search.get('offset'))).toEqual([null, '20']);
  });

  it('puts a submitted search in the URL, and back brings the previous one', async () => {
    const { callsTo } = searchApi();
    const app = renderApp('/search?q=water', { signedIn: true });
    await screen.findByText('3 pages in 2 books match “water”');

    const box = screen.getByRole('searchbox', { name: 'Words or a phrase to find' });
    await app.user.clear(box);
    await app.user.type(box, 'water cycle{Enter}');
    await waitFor(() => expect(app.router.state.location.search).toEqual({ q: 'water cycle' }));
    await waitFor(() =>
      expect(callsTo('GET /api/search').map((call) => call.search.get('q'))).toContain('water cycle'),
    );

    app.router.history.back();
    await waitFor(() => expect(app.router.state.location.search).toEqual({ q: 'water' }));
    await waitFor(() => expect(box).toHaveValue('water'));
  });

  it('filters by one of the completed books, in the URL and in the request', async () => {
    const { callsTo } = searchApi();
    const app = renderApp('/search?q=water', { signedIn: true });
    const select = await screen.findByRole('combobox', { name: 'Book to search' });
    await screen.findByRole('option', { name: 'The Night Sky' });
    // Books still being processed have nothing to search yet.
    expect(within(select).queryByRole('option', { name: 'Still Processing' })).not.toBeInTheDocument();

    await app.user.selectOptions(select, 'The Night Sky');
    await waitFor(() => expect(app.router.state.location.search).toEqual({ q: 'water', book: SKY }));
    await waitFor(() => expect(callsTo('GET /api/search').at(-1)?.search.get('book_id')).toBe(SKY));
    expect(screen.getByRole('heading', { name: 'Ask your library' })).toBeInTheDocument();
    expect(screen.getByText(/^Answers from “The Night Sky”/)).toBeInTheDocument();
  });

  it('shows a skeleton while searching', async () => {
    searchApi({ 'GET /api/search': pending });
    renderApp('/search?q=water', { signedIn: true });
    expect(await screen.findByText('Searching your books')).toBeInTheDocument();
  });

  it('says when nothing matches, with a tip', async () => {
    searchApi({ 'GET /api/search': [] });
    renderApp('/search?q=unicorns', { signedIn: true });
    expect(await screen.findByRole('heading', { name: 'No pages match "unicorns"' })).toBeInTheDocument();
    expect(screen.getByText(/^Tip: /)).toBeInTheDocument();
  });

  it("shows the server's detail when the search is refused, else the fixed text, and retries on demand", async () => {
    searchApi({ 'GET /api/search': apiError(400, 'Searches can be at most 500 characters long') });
    renderApp('/search?q=water', { signedIn: true });
    expect(await screen.findByRole('alert')).toHaveTextContent('Searches can be at most 500 characters long');
  });

  it('falls back to the fixed failure text and searches again on Try again', async () => {
    let fail = true;
    searchApi({ 'GET /api/search': () => (fail ? apiError(404) : results) });
    const app = renderApp('/search?q=water', { signedIn: true });
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.searchFailed);
    fail = false;
    await app.user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('3 pages in 2 books match “water”')).toBeInTheDocument();
  });

  it('links a result to the in-app reader at its physical page with the matched words to mark', async () => {
    searchApi({});
    renderApp('/search?q=water', { signedIn: true });
    const link = await screen.findByRole('link', { name: /^Read at p\. 12 / });
    expect(link).toHaveAttribute('href', `/books/${EARTH}/read?page=14&cite=water`);
    expect(screen.queryByRole('button', { name: /Open PDF/ })).not.toBeInTheDocument();
  });
});

describe('Ask your library', () => {
  const answer: SearchAnswer = {
    answer: 'Heat turns water into vapour [1]. Rivers carry it back to the sea [2].',
    citations: [
      {
        book_id: EARTH,
        book_title: 'A Short Guide to the Living Earth',
        chapter_id: CHAPTER,
        page: 3,
        page_label: '1',
        quote: 'Heat from the sun turns water into vapour.',
      },
      {
        book_id: EARTH,
        book_title: 'A Short Guide to the Living Earth',
        chapter_id: null,
        page: 14,
        page_label: '12',
        quote: 'Rivers carry water to the sea.',
      },
    ],
    engine: 'extractive',
    answered: true,
  };

  it('answers with clickable citation chips and lists the sources, labelled honestly', async () => {
    const { callsTo } = searchApi({
      'POST /api/search/answer': answer,
      [`GET /api/books/${EARTH}`]: book({ id: EARTH, pdf_url: '/api/files/earth.pdf?sig=abc' }),
      [`GET /api/books/${EARTH}/chapters`]: [],
    });
    const app = renderApp(`/search?book=${EARTH}`, { signedIn: true });
    await app.user.type(await screen.findByRole('textbox', { name: 'Your question' }), 'Where does rain come from?');
    await app.user.click(screen.getByRole('button', { name: 'Ask' }));

    const first = await screen.findByRole('button', { name: /^Source 1: A Short Guide to the Living Earth, p\. 1 / });
    expect(first).toHaveTextContent('1');
    expect(screen.getByRole('button', { name: /^Source 2: .*, p\. 12 / })).toHaveTextContent('2');
    expect(screen.getByText('Quoted from your books — no AI model is configured')).toBeInTheDocument();
    expect(callsTo('POST /api/search/answer')[0]?.body).toEqual({ q: 'Where does rain come from?', book_id: EARTH });

    const sources = screen.getByRole('list', { name: 'Sources' });
    expect(within(sources).getAllByRole('listitem')).toHaveLength(2);
    expect(within(sources).getByText('Heat from the sun turns water into vapour.')).toBeInTheDocument();
    expect(within(sources).getByText('p. 12')).toBeInTheDocument();

    await app.user.click(screen.getByRole('button', { name: /^Source 2: / }));
    await app.expectPath(`/books/${EARTH}/read`);
    expect(app.router.state.location.search).toMatchObject({ page: 14, cite: answer.citations[1]!.quote });
  });

  it('says when a model wrote the answer', async () => {
    searchApi({ 'POST /api/search/answer': { ...answer, engine: 'llm' } });
    const app = renderApp('/search', { signedIn: true });
    await app.user.type(await screen.findByRole('textbox', { name: 'Your question' }), 'Why does it rain?{Enter}');
    expect(await screen.findByText('Written by AI from the passages below')).toBeInTheDocument();
  });

  it('shows the no-answer message when nothing in the books answers', async () => {
    searchApi({
      'POST /api/search/answer': {
        answer: MESSAGES.searchNoAnswer,
        citations: [],
        engine: 'extractive',
        answered: false,
      },
    });
    const app = renderApp('/search', { signedIn: true });
    await app.user.type(await screen.findByRole('textbox', { name: 'Your question' }), 'Who won in 1966?{Enter}');
    expect(await screen.findByText(MESSAGES.searchNoAnswer)).toBeInTheDocument();
    expect(screen.queryByText(/^Source/)).not.toBeInTheDocument();
  });

  it("says when the books don't answer, and shows the closest passages instead", async () => {
    searchApi({
      'POST /api/search/answer': { ...answer, answer: MESSAGES.searchNotAnswered, answered: false },
    });
    const app = renderApp('/search', { signedIn: true });
    await app.user.type(
      await screen.findByRole('textbox', { name: 'Your question' }),
      'What is the capital of France?{Enter}',
    );
    expect(await screen.findByText(MESSAGES.searchNotAnswered)).toBeInTheDocument();
    const closest = screen.getByRole('list', { name: 'Closest passages' });
    expect(within(closest).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: /^Source 1: / })).not.toBeInTheDocument();
  });

  it("shows the server's detail when answering fails, and a loading state while it works", async () => {
    let answerNow: () => void = () => undefined;
    searchApi({
      'POST /api/search/answer': () =>
        new Promise((resolve) => {
          answerNow = () => resolve(apiError(503, 'The AI service is not responding'));
        }),
    });
    const app = renderApp('/search', { signedIn: true });
    await app.user.type(await screen.findByRole('textbox', { name: 'Your question' }), 'Why does it rain?{Enter}');
    expect(await screen.findByRole('button', { name: 'Reading your books…' })).toBeDisabled();
    answerNow();
    expect(await screen.findByRole('alert')).toHaveTextContent('The AI service is not responding');
  });

  it('asks for a question instead of sending a blank one', async () => {
    const { callsTo } = searchApi();
    const app = renderApp('/search', { signedIn: true });
    await app.user.click(await screen.findByRole('button', { name: 'Ask' }));
    expect(screen.getByText('Type a question first.')).toBeInTheDocument();
    expect(callsTo('POST /api/search/answer')).toHaveLength(0);
  });
});

describe('search entry points', () => {
  it('links the library to /search, carrying what is typed in the title filter', async () => {
    searchApi();
    const app = renderApp('/dashboard', { signedIn: true });
    const link = await screen.findByRole('link', { name: 'Search inside books' });
    expect(link).toHaveAttribute('href', '/search');
    await app.user.type(screen.getByPlaceholderText('Search your books...'), 'vapour');
    await waitFor(() => expect(link).toHaveAttribute('href', '/search?q=vapour'));
    expect(screen.getByRole('navigation', { name: 'Account' })).toContainElement(
      screen.getByRole('link', { name: 'Search' }),
    );
  });
});

describe(parseSearchParams.name, () => {
  it('keeps a trimmed query and a well-formed book id, and drops the rest', () => {
    expect(parseSearchParams({ q: '  water cycle ', book: EARTH })).toEqual({ q: 'water cycle', book: EARTH });
    expect(parseSearchParams({ q: '   ', book: 'not-a-uuid' })).toEqual({});
    expect(parseSearchParams({ q: 1984 })).toEqual({ q: '1984' });
  });
});

describe(answerParts.name, () => {
  it('turns [n] into citations[n-1] and leaves unknown markers as text', () => {
    const citation = {
      book_id: EARTH,
      book_title: 'Earth',
      chapter_id: null,
      page: 3,
      page_label: '1',
      quote: 'q',
    };
    expect(answerParts('Rain [1] and [3].', [citation])).toEqual([
      { kind: 'text', text: 'Rain ' },
      { kind: 'citation', number: 1, citation },
      { kind: 'text', text: ' and [3].' },
    ]);
  });
});
