import { screen, waitFor, within } from '@testing-library/react';
import { CHAPTER_EDIT_MESSAGES } from '@chapterwise/shared';
import { describe, expect, it, vi } from 'vitest';
import { book, chapter, testUser } from '../../test/fixtures.js';
import { apiError, mockApi, pending, type Route } from '../../test/mock-api.js';
import { findToast, renderApp } from '../../test/render-app.js';

const chapters = [
  chapter({
    id: 'c1',
    chapter_number: 1,
    title: 'What Is Psychology?',
    summary: 'Psychology studies the mind.',
    start_page: 15,
    start_label: '1',
  }),
  chapter({ id: 'c2', chapter_number: 2, title: 'Memory', summary: null, start_page: 81, start_label: '67' }),
];

const allNotes = chapters.map((item) => ({ ...item, summary: item.summary ?? 'Memory notes.' }));

function bookApi(overrides: Record<string, Route> = {}) {
  return mockApi({
    'GET /api/auth/me': testUser,
    'GET /api/books': [],
    'GET /api/billing/usage': apiError(404),
    'GET /api/books/b1': book(),
    'GET /api/books/b1/chapters': chapters,
    ...overrides,
  });
}

/** Stands in for window.open: the tab the page opens during a click. */
function fakeTab() {
  const tab = {
    closed: false,
    opener: {},
    location: { href: '' },
    document: document.implementation.createHTMLDocument(''),
    close: vi.fn(),
  };
  const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
  return { tab, open };
}

describe('BookPage', () => {
  it('shows the title, page and chapter counts and a View PDF link to the signed URL', async () => {
    bookApi();
    renderApp('/books/b1', { signedIn: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Introduction to Psychology' })).toBeInTheDocument();
    expect(screen.getByText('412 pages • 2 chapters')).toBeInTheDocument();
    const pdf = screen.getByRole('link', { name: 'View PDF' });
    expect(pdf).toHaveAttribute('href', '/api/files/b1?sig=abc');
    expect(pdf).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/dashboard');
  });

  it('lists chapters in an accordion that keeps one open at a time', async () => {
    bookApi();
    const app = renderApp('/books/b1', { signedIn: true });
    const first = await screen.findByRole('button', { name: /Chapter 1: What Is Psychology\?/ });
    const second = screen.getByRole('button', { name: /Chapter 2: Memory/ });
    expect(first).toHaveTextContent('✓ Summary available');
    expect(second).not.toHaveTextContent('✓ Summary available');

    await app.user.click(first);
    expect(first).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: 'View Chapter Details' })).toHaveAttribute('href', '/chapters/c1');
    await app.user.click(second);
    expect(first).toHaveAttribute('aria-expanded', 'false');
    expect(second).toHaveAttribute('aria-expanded', 'true');
    await app.user.click(second);
    expect(second).toHaveAttribute('aria-expanded', 'false');
  });

  it('shows per chapter whether its notes were read, cards learned and due, and the best of the quiz attempts', async () => {
    const row = (chapter_id: string, fields: object) => ({
      chapter_id,
      summary_read: false,
      cards_total: 0,
      cards_learned: 0,
      cards_due: 0,
      best_quiz_score: null,
      quiz_attempts: 0,
      ...fields,
    });
    // Progress names chapters by their real (UUID) ids.
    const [c1, c2] = ['00000000-0000-4000-8000-0000000000c1', '00000000-0000-4000-8000-0000000000c2'];
    bookApi({
      'GET /api/books/b1/chapters': [
        { ...chapters[0]!, id: c1 },
        { ...chapters[1]!, id: c2 },
      ],
      'GET /api/books/b1/study-progress': [
        row(c1, {
          summary_read: true,
          cards_total: 12,
          cards_learned: 3,
          cards_due: 4,
          best_quiz_score: 0.8,
          quiz_attempts: 3,
        }),
        row(c2, { summary_read: true }),
      ],
      'GET /api/books/b1/flashcards/due': { due_count: 4, by_book: { b1: 4 }, cards: [] },
    });
    renderApp('/books/b1', { signedIn: true });
    const chapterList = within(await screen.findByRole('region', { name: 'Chapters' }));
    const first = await chapterList.findByText(
      'summary read · 3/12 cards learned · 4 due · best quiz 80% of 3 attempts',
    );
    expect(within(chapterList.getByRole('button', { name: /What Is Psychology/ })).getByRole('meter')).toHaveAttribute(
      'aria-valuenow',
      String(Math.round((1 + 3 / 12 + 0.8) * (100 / 3))),
    );
    expect(first).toBeInTheDocument();
    // Read notes alone are progress already.
    expect(chapterList.getByText('summary read · no cards yet · no quiz yet')).toBeInTheDocument();

    // The Study section comes before the chapters: due cards, one Review, mastery, exports.
    const study = await screen.findByRole('region', { name: 'Study' });
    expect(study.compareDocumentPosition(screen.getByRole('region', { name: 'Chapters' }))).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
    expect(await within(study).findByText('12 flashcards · 4 due today')).toBeInTheDocument();
    expect(within(study).getByRole('link', { name: 'Review (4)' })).toHaveAttribute('href', '/review?book=b1');
    expect(within(study).getByRole('button', { name: 'Export to Anki (.apkg)' })).toBeInTheDocument();
    expect(within(study).getByRole('link', { name: /What Is Psychology/ })).toHaveAttribute(
      'href',
      `/chapters/${c1}#cards`,
    );
  });

  it('offers to make flashcards for every chapter before any exist, with progress', async () => {
    const made: string[] = [];
    let release: () => void = () => {};
    const [c1, c2] = ['00000000-0000-4000-8000-0000000000c1', '00000000-0000-4000-8000-0000000000c2'];
    const api = bookApi({
      'GET /api/books/b1/chapters': [
        { ...chapters[0]!, id: c1 },
        { ...chapters[1]!, id: c2 },
      ],
      'GET /api/books/b1/study-progress': [c1, c2].map((id) => ({
        chapter_id: id,
        summary_read: false,
        cards_total: 0,
        cards_learned: 0,
        cards_due: 0,
        best_quiz_score: null,
        quiz_attempts: 0,
      })),
      'GET /api/books/b1/flashcards/due': { due_count: 0, by_book: {}, cards: [] },
      [`POST /api/chapters/${c1}/flashcards`]: () => {
        made.push('c1');
        return [];
      },
      [`POST /api/chapters/${c2}/flashcards`]: () =>
        new Promise((resolve) => {
          release = () => {
            made.push('c2');
            resolve([]);
          };
        }),
    });
    const app = renderApp('/books/b1', { signedIn: true });
    const study = within(await screen.findByRole('region', { name: 'Study' }));
    await app.user.click(study.getByRole('button', { name: 'Make flashcards for every chapter' }));
    expect(await study.findByText('Making flashcards: 1 of 2 chapters done, 0 cards so far…')).toBeInTheDocument();
    release();
    await waitFor(() => expect(made).toEqual(['c1', 'c2']));
    expect(api.calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
      `/api/chapters/${c1}/flashcards`,
      `/api/chapters/${c2}/flashcards`,
    ]);
  });

  it('numbers chapters as the book prints them: the printed label, appendix letters, unnumbered parts alone', async () => {
    bookApi({
      'GET /api/books/b1/chapters': [
        chapter({ id: 'p', chapter_number: 1, label: null, title: 'Preface' }),
        chapter({ id: 'c', chapter_number: 4, label: '2', title: 'Basic Usage' }),
        chapter({ id: 'a', chapter_number: 5, label: 'A', title: 'Quick-Start Guide' }),
      ],
    });
    renderApp('/books/b1', { signedIn: true });
    expect(await screen.findByRole('button', { name: /^Preface/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Chapter 2: Basic Usage/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Appendix A: Quick-Start Guide/ })).toBeInTheDocument();
    expect(screen.queryByText(/Chapter 4/)).not.toBeInTheDocument();
  });

  describe('fixing chapters', () => {
    it('renames a chapter after saying what it redoes, and shows the new title', async () => {
      const api = bookApi({
        'PATCH /api/chapters/c1': (call: { body: unknown }) =>
          chapter({ ...chapters[0], title: (call.body as { title: string }).title }),
      });
      const app = renderApp('/books/b1', { signedIn: true });
      await app.user.click(await screen.findByRole('button', { name: /Chapter 1: What Is Psychology\?/ }));
      await app.user.click(screen.getByRole('button', { name: 'Rename' }));
      const dialog = await screen.findByRole('dialog', { name: 'Rename chapter' });
      expect(dialog).toHaveTextContent('The summary PDF and slides will be made again with the new title.');
      const input = within(dialog).getByLabelText('Chapter title');
      await app.user.clear(input);
      await app.user.type(input, 'The Science of Mind');
      await app.user.click(within(dialog).getByRole('button', { name: 'Save title' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(api.callsTo('PATCH /api/chapters/c1')[0]!.body).toEqual({ title: 'The Science of Mind' });
    });

    it('splits at a page and shows the server answer when the page is outside the chapter', async () => {
      const split = [
        chapters[0]!,
        chapter({ id: 'c2', chapter_number: 2, title: 'Memory', start_page: 81, end_page: 90 }),
        chapter({ id: 'c3', chapter_number: 3, label: null, title: 'Memory (continued)', start_page: 91 }),
      ];
      let attempts = 0;
      const api = bookApi({
        'GET /api/books/b1/chapters': [chapters[0], chapter({ ...chapters[1], end_page: 120 })],
        'POST /api/chapters/c2/split': () =>
          ++attempts === 1
            ? apiError(
                400,
                'Choose a page from 82 to 120: the new chapter begins there and this one ends the page before.',
              )
            : split,
      });
      const app = renderApp('/books/b1', { signedIn: true });
      await app.user.click(await screen.findByRole('button', { name: /Chapter 2: Memory/ }));
      await app.user.click(screen.getByRole('button', { name: 'Split at page…' }));
      const dialog = await screen.findByRole('dialog', { name: 'Split chapter' });
      expect(dialog).toHaveTextContent(CHAPTER_EDIT_MESSAGES.dropsStudyMaterial);
      const page = within(dialog).getByLabelText('New chapter begins at page');
      await app.user.clear(page);
      await app.user.type(page, '500');
      await app.user.click(within(dialog).getByRole('button', { name: 'Split chapter' }));
      expect(await within(dialog).findByRole('alert')).toHaveTextContent('Choose a page from 82 to 120');
      await app.user.clear(page);
      await app.user.type(page, '91');
      await app.user.click(within(dialog).getByRole('button', { name: 'Split chapter' }));
      expect(await screen.findByRole('button', { name: /^Memory \(continued\)/ })).toBeInTheDocument();
      expect(api.callsTo('POST /api/chapters/c2/split').map((call) => call.body)).toEqual([
        { page: 500 },
        { page: 91 },
      ]);
    });

    it('merges with the next chapter and deletes only after confirming; the last chapter has no merge', async () => {
      const api = bookApi({
        'POST /api/chapters/c1/merge-next': [chapter({ ...chapters[0], end_page: 120 })],
      });
      const app = renderApp('/books/b1', { signedIn: true });
      await app.user.click(await screen.findByRole('button', { name: /Chapter 2: Memory/ }));
      const memory = screen.getByRole('group', { name: 'Fix Chapter 2: Memory' });
      expect(within(memory).queryByRole('button', { name: 'Merge with next' })).not.toBeInTheDocument();
      await app.user.click(within(memory).getByRole('button', { name: 'Delete' }));
      const confirmDelete = await screen.findByRole('dialog', { name: 'Delete this chapter?' });
      await app.user.click(within(confirmDelete).getByRole('button', { name: 'Cancel' }));
      expect(api.callsTo('DELETE /api/chapters/c2')).toHaveLength(0);

      await app.user.click(screen.getByRole('button', { name: /Chapter 1: What Is Psychology\?/ }));
      await app.user.click(screen.getByRole('button', { name: 'Merge with next' }));
      const dialog = await screen.findByRole('dialog', { name: 'Merge with the next chapter?' });
      expect(dialog).toHaveTextContent('Chapter 2: Memory');
      await app.user.click(within(dialog).getByRole('button', { name: 'Merge chapters' }));
      await waitFor(() => expect(screen.queryByRole('button', { name: /Chapter 2: Memory/ })).not.toBeInTheDocument());
      expect(api.callsTo('POST /api/chapters/c1/merge-next')).toHaveLength(1);
    });

    it('re-runs detection after a warning', async () => {
      const api = bookApi({ 'POST /api/books/b1/redetect': { ...book(), status: 'queued' } });
      const app = renderApp('/books/b1', { signedIn: true });
      await app.user.click(await screen.findByRole('button', { name: 'Re-run detection' }));
      const dialog = await screen.findByRole('dialog', { name: 'Detect the chapters again?' });
      expect(dialog).toHaveTextContent('including your renames, merges and splits');
      await app.user.click(within(dialog).getByRole('button', { name: 'Re-run detection' }));
      await waitFor(() => expect(api.callsTo('POST /api/books/b1/redetect')).toHaveLength(1));
    });
  });

  it('says the notes are on their way while the offline engine writes them, and shows them when they arrive', async () => {
    let served = chapters;
    bookApi({ 'GET /api/books/b1': book({ engine: 'offline' }), 'GET /api/books/b1/chapters': () => served });
    const app = renderApp('/books/b1', { signedIn: true });
    await app.user.click(await screen.findByRole('button', { name: /Chapter 2: Memory/ }));
    expect(
      screen.getByText('The study notes for this chapter are being written and appear here in a moment.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/No summary yet/)).not.toBeInTheDocument();

    served = allNotes;
    expect(await screen.findByText('Memory notes.', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Chapter 2: Memory/ })).toHaveTextContent('✓ Summary available');
  });

  it('offers to write the notes of a chapter that has none when no engine is writing them', async () => {
    bookApi();
    const app = renderApp('/books/b1', { signedIn: true });
    await app.user.click(await screen.findByRole('button', { name: /Chapter 2: Memory/ }));
    expect(
      screen.getByText('No summary yet. Open the chapter to generate one and extract its key topics.'),
    ).toBeInTheDocument();
  });

  it("says 'No chapters found' for a completed book without chapters", async () => {
    bookApi({ 'GET /api/books/b1/chapters': [] });
    renderApp('/books/b1', { signedIn: true });
    expect(await screen.findByText('No chapters found')).toBeInTheDocument();
  });

  it('generates the book summary', async () => {
    bookApi({ 'POST /api/books/b1/summarize': { summary: 'The **whole** book in brief.' } });
    const app = renderApp('/books/b1', { signedIn: true });
    await app.user.click(await screen.findByRole('button', { name: 'Generate Book Summary' }));
    expect(await findToast('Book summary generated!')).toBeInTheDocument();
    expect(screen.getByText('whole').tagName).toBe('STRONG');
    expect(screen.queryByRole('button', { name: 'Generate Book Summary' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Listen to Summary' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download PDF Summary' })).toBeInTheDocument();
  });

  it('follows a summary that the server finishes in the background (202)', async () => {
    let polls = 0;
    bookApi({
      'POST /api/books/b1/summarize': { status: 'generating', progress: 10 },
      'GET /api/books/b1': () => {
        polls += 1;
        if (polls === 1) return book();
        if (polls < 3) return book({ summary_job: { status: 'generating', progress: 60, error: null } });
        return book({ full_summary: 'Finished in the background.' });
      },
    });
    const app = renderApp('/books/b1', { signedIn: true });
    await app.user.click(await screen.findByRole('button', { name: 'Generate Book Summary' }));
    expect(await screen.findByRole('progressbar', { name: 'Book summary progress' })).toBeInTheDocument();
    expect(await screen.findByText('Finished in the background.', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(await findToast('Book summary generated!')).toBeInTheDocument();
  }, 10_000);

  it('reports a failed summary', async () => {
    bookApi({ 'POST /api/books/b1/summarize': apiError(500, 'LLM down') });
    const app = renderApp('/books/b1', { signedIn: true });
    await app.user.click(await screen.findByRole('button', { name: 'Generate Book Summary' }));
    expect(await findToast('Failed to generate summary')).toBeInTheDocument();
  });

  it('shows live processing progress and loads the chapters when the book completes', async () => {
    let polls = 0;
    bookApi({
      'GET /api/books/b1': () => {
        polls += 1;
        return polls === 1
          ? book({ status: 'ocr', progress: 30, status_detail: 'Reading scanned pages 3 of 10', chapter_count: 0 })
          : book();
      },
      'GET /api/books/b1/chapters': () => (polls === 1 ? [] : chapters),
    });
    renderApp('/books/b1', { signedIn: true });
    expect(await screen.findByText('Reading scanned pages 3 of 10')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Processing progress' })).toHaveAttribute('aria-valuenow', '30');
    expect(await screen.findByRole('button', { name: 'Generate Book Summary' })).toBeDisabled();
    expect(await screen.findByRole('button', { name: /Chapter 1/ }, { timeout: 4000 })).toBeInTheDocument();
    expect(screen.queryByText('Reading scanned pages 3 of 10')).not.toBeInTheDocument();
  }, 10_000);

  it('shows why a book failed', async () => {
    bookApi({
      'GET /api/books/b1': book({ status: 'failed', error: 'This PDF is password-protected' }),
      'GET /api/books/b1/chapters': [],
    });
    renderApp('/books/b1', { signedIn: true });
    expect(await screen.findByRole('alert')).toHaveTextContent('This PDF is password-protected');
  });

  it('plays the summary audio', async () => {
    const { calls } = bookApi({
      'GET /api/books/b1': book({ full_summary: 'Summary.' }),
      'POST /api/audio/generate': { audio_url: '/api/files/a.mp3?sig=1' },
    });
    const app = renderApp('/books/b1', { signedIn: true });
    await app.user.click(await screen.findByRole('button', { name: 'Listen to Summary' }));
    expect(await findToast('Audio generated! Playing...')).toBeInTheDocument();
    expect(screen.getByLabelText('Book summary')).toHaveAttribute('src', '/api/files/a.mp3?sig=1');
    const audioCall = calls.find((call) => call.path === '/api/audio/generate');
    expect(Object.fromEntries(audioCall?.search ?? [])).toEqual({ content_type: 'book', content_id: 'b1' });
  });

  it('shows the server detail when audio cannot be made', async () => {
    bookApi({
      'GET /api/books/b1': book({ full_summary: 'Summary.' }),
      'POST /api/audio/generate': apiError(400, 'Please generate book summary first'),
    });
    const app = renderApp('/books/b1', { signedIn: true });
    await app.user.click(await screen.findByRole('button', { name: 'Listen to Summary' }));
    expect(await findToast('Please generate book summary first')).toBeInTheDocument();
  });

  it('narrates the whole book with a busy button meanwhile', async () => {
    const { calls } = bookApi({ 'POST /api/audio/generate': pending, 'GET /api/books/b1/chapters': allNotes });
    const app = renderApp('/books/b1', { signedIn: true });
    const button = await screen.findByRole('button', { name: 'Listen to the whole book' });
    await waitFor(() => expect(button).toBeEnabled());
    await app.user.click(button);
    await waitFor(() => expect(button).toHaveAttribute('aria-busy', 'true'));
    expect(button).toBeDisabled();
    expect(screen.getByText(/Recording 2 chapter summaries as audio/)).toBeInTheDocument();
    const audioCall = calls.find((call) => call.path === '/api/audio/generate');
    expect(audioCall?.search.get('content_type')).toBe('book_full');
  });

  it('downloads the summary PDF as an attachment, then opens it with a fresh link beside the button', async () => {
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.getAttribute('href') ?? '');
    });
    const { tab, open } = fakeTab();
    const { calls } = bookApi({
      'GET /api/books/b1': book({ full_summary: 'Summary.' }),
      'POST /api/export/summary-pdf/b1': { pdf_url: '/api/files/s.pdf?sig=2', target_pages: 12, original_pages: 412 },
    });
    const app = renderApp('/books/b1', { signedIn: true });
    await app.user.click(await screen.findByRole('button', { name: 'Download PDF Summary' }));
    expect(await findToast('Summary PDF ready! (12 pages from 412 pages)')).toBeInTheDocument();
    expect(clicked).toEqual(['/api/files/s.pdf?sig=2&download=1']);
    expect(open).not.toHaveBeenCalled();
    clicked.length = 0;
    const openLink = screen.getByRole('link', { name: 'Open' });
    await app.user.click(openLink);
    await waitFor(() => expect(tab.location.href).toBe('/api/files/s.pdf?sig=2'));
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(tab.opener).toBeNull();
    expect(calls.filter((call) => call.path === '/api/export/summary-pdf/b1')).toHaveLength(2);
  });

  it('reports a failed summary PDF', async () => {
    bookApi({
      'GET /api/books/b1': book({ full_summary: 'Summary.' }),
      'POST /api/export/summary-pdf/b1': apiError(500),
    });
    const app = renderApp('/books/b1', { signedIn: true });
    await app.user.click(await screen.findByRole('button', { name: 'Download PDF Summary' }));
    expect(await findToast('Failed to generate PDF')).toBeInTheDocument();
  });

  it('opens View PDF with a fresh signed link fetched on click', async () => {
    const { tab } = fakeTab();
    let served = 0;
    bookApi({ 'GET /api/books/b1': () => book({ pdf_url: `/api/files/b.pdf?sig=${++served}` }) });
    const app = renderApp('/books/b1', { signedIn: true });
    await app.user.click(await screen.findByRole('link', { name: 'View PDF' }));
    await waitFor(() => expect(tab.location.href).toBe(`/api/files/b.pdf?sig=${served}`));
    expect(served).toBeGreaterThan(1);
  });

  it('keeps whole-book audio and slides disabled, with the reason, until every chapter has notes', async () => {
    bookApi();
    renderApp('/books/b1', { signedIn: true });
    const slides = await screen.findByRole('button', { name: 'Export slides (PPTX)' });
    expect(slides).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Listen to the whole book' })).toBeDisabled();
    expect(slides).toHaveAccessibleDescription(/Needs every chapter's notes first: 1 of 2 ready/);
  });

  it('downloads the slides and names the chapters without a summary', async () => {
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.getAttribute('href') ?? '');
    });
    bookApi({
      'GET /api/books/b1/chapters': allNotes,
      'POST /api/export/pptx/b1': {
        pptx_url: '/api/files/deck.pptx?sig=3',
        slides: 14,
        chapters_without_summary: ['Memory'],
      },
    });
    const app = renderApp('/books/b1', { signedIn: true });
    const slides = await screen.findByRole('button', { name: 'Export slides (PPTX)' });
    await waitFor(() => expect(slides).toBeEnabled());
    await app.user.click(slides);
    expect(await findToast('Slides ready: 14 slides')).toBeInTheDocument();
    expect(screen.getByText(/No summary yet for Memory/)).toBeInTheDocument();
    expect(clicked).toEqual(['/api/files/deck.pptx?sig=3']);
  });

  it('goes back to the dashboard when the book cannot be loaded', async () => {
    bookApi({ 'GET /api/books/b1': apiError(404, 'Not found') });
    const app = renderApp('/books/b1', { signedIn: true });
    expect(await findToast('Failed to load book')).toBeInTheDocument();
    await app.expectPath('/dashboard');
  });

  it('renders summaries as safe markdown with citations into the reader and labels offline results', async () => {
    bookApi({
      'GET /api/books/b1': book({
        engine: 'offline',
        full_summary: 'Memory has stages (p. 70). <img src=x onerror="alert(1)"> and <script>alert(2)</script>',
      }),
    });
    renderApp('/books/b1', { signedIn: true });
    const link = await screen.findByRole('link', { name: 'p. 70' });
    // Label 70 lies in chapter 2, which starts at label 67 on physical page 81: the reader opens there.
    expect(link).toHaveAttribute('href', '/books/b1/read?page=84&cite=Memory+has+stages');
    expect(link).not.toHaveAttribute('target');
    const summary = link.closest('.summary-prose');
    expect(summary?.querySelector('img, script')).toBeNull();
    expect(summary).toHaveTextContent('<img src=x onerror="alert(1)">');
    expect(screen.getByText('Extractive summary (offline engine)')).toBeInTheDocument();
    expect(within(document.body).queryByRole('img', { hidden: false, name: 'x' })).toBeNull();
  });

  it("says why a model's book summary is extractive when the offline engine wrote it instead", async () => {
    bookApi({
      'GET /api/books/b1': book({
        engine: 'llm',
        full_summary: 'Memory has stages (p. 70).',
        full_summary_engine: 'offline',
      }),
    });
    renderApp('/books/b1', { signedIn: true });
    expect(
      await screen.findByText(
        'Extractive summary (offline engine): the AI service did not return a usable summary of this book.',
      ),
    ).toBeInTheDocument();
  });
});
