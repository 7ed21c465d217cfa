import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { book, chapter, testUser, topic } from '../../test/fixtures.js';
import { apiError, mockApi, type Route } from '../../test/mock-api.js';
import { findToast, renderApp } from '../../test/render-app.js';

const memory = chapter({ id: 'c2', chapter_number: 2, title: 'Memory', start_page: 81, start_label: '67' });

function chapterApi(overrides: Record<string, Route> = {}) {
  return mockApi({
    'GET /api/auth/me': testUser,
    'GET /api/billing/usage': apiError(404),
    'GET /api/chapters/c2': memory,
    'GET /api/chapters/c2/topics': [],
    'GET /api/chapters/c2/flashcards': [],
    'GET /api/books/b1': book(),
    'GET /api/books/b1/chapters': [chapter(), memory],
    ...overrides,
  });
}

describe('ChapterPage', () => {
  it('shows the heading and a Back to Book link', async () => {
    chapterApi();
    renderApp('/chapters/c2', { signedIn: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Chapter 2: Memory' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Book' })).toHaveAttribute('href', '/books/b1');
  });

  it('links the previous and next chapters, and moves between them', async () => {
    const third = chapter({ id: 'c3', chapter_number: 3, title: 'Sleep', start_page: 120 });
    chapterApi({
      'GET /api/books/b1/chapters': [chapter(), memory, third],
      'GET /api/chapters/c3': third,
      'GET /api/chapters/c3/topics': [],
      'GET /api/chapters/c3/flashcards': [],
    });
    const app = renderApp('/chapters/c2', { signedIn: true });
    const nav = await screen.findByRole('navigation', { name: 'Chapters' });
    expect(within(nav).getByRole('link', { name: /Previous chapter/ })).toHaveAttribute(
      'href',
      `/chapters/${chapter().id}`,
    );
    await app.user.click(within(nav).getByRole('link', { name: /Next chapter\s*Chapter 3: Sleep/ }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Chapter 3: Sleep' })).toBeInTheDocument();
    await app.expectPath('/chapters/c3');
    // The links to the neighbours come in the page's second pass, after the notes.
    expect(
      within(await screen.findByRole('navigation', { name: 'Chapters' })).queryByRole('link', { name: /Next chapter/ }),
    ).toBeNull();
  });

  it('keeps Listen disabled until a summary exists, then generates one', async () => {
    let stored = memory;
    chapterApi({
      'GET /api/chapters/c2': () => stored,
      'POST /api/chapters/c2/summarize': () => {
        stored = { ...memory, summary: 'Memory has *three* stages.', summary_engine: 'llm' };
        return { summary: stored.summary };
      },
    });
    const app = renderApp('/chapters/c2', { signedIn: true });
    expect(await screen.findByRole('button', { name: 'Listen' })).toBeDisabled();
    await app.user.click(await screen.findByRole('button', { name: 'Generate Summary' }));
    expect(await findToast('Chapter summary generated!')).toBeInTheDocument();
    expect(screen.getByText('three').tagName).toBe('EM');
    expect(screen.getByRole('button', { name: 'Listen' })).toBeEnabled();
  });

  it("labels notes the offline engine wrote in place of the model's, and asks the AI again on request", async () => {
    let written: typeof memory = { ...memory, summary: 'Memory has three stages (p. 67).', summary_engine: 'offline' };
    const { callsTo } = chapterApi({
      'GET /api/chapters/c2': () => written,
      'POST /api/chapters/c2/summarize': () => {
        written = { ...written, summary: 'Memory encodes, stores and retrieves (p. 67).', summary_engine: 'llm' };
        return { summary: written.summary };
      },
    });
    const app = renderApp('/chapters/c2', { signedIn: true });
    expect(
      await screen.findByText(
        'Extractive summary (offline engine): the AI service did not return usable notes for this chapter.',
      ),
    ).toBeInTheDocument();

    await app.user.click(screen.getByRole('button', { name: 'Ask the AI again' }));

    expect(await screen.findByText(/Memory encodes, stores and retrieves/)).toBeInTheDocument();
    await expect.poll(() => screen.queryByText(/Extractive summary/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Ask the AI again' })).toBeNull();
    expect(callsTo('POST /api/chapters/c2/summarize')).toHaveLength(1);
  });

  it('says nothing of engines when the model wrote the notes', async () => {
    chapterApi({ 'GET /api/chapters/c2': { ...memory, summary: 'Memory has three stages.', summary_engine: 'llm' } });
    renderApp('/chapters/c2', { signedIn: true });
    expect(await screen.findByText('Memory has three stages.')).toBeInTheDocument();
    expect(screen.queryByText(/Extractive summary/)).toBeNull();
  });

  it('reports a failed summary with the fixed text', async () => {
    chapterApi({ 'POST /api/chapters/c2/summarize': apiError(500, 'internal detail') });
    const app = renderApp('/chapters/c2', { signedIn: true });
    await app.user.click(await screen.findByRole('button', { name: 'Generate Summary' }));
    expect(await findToast('Failed to generate summary')).toBeInTheDocument();
  });

  it('plays the chapter audio', async () => {
    const { calls } = chapterApi({
      'GET /api/chapters/c2': { ...memory, summary: 'Done.' },
      'POST /api/audio/generate': { audio_url: '/api/files/c2.mp3?sig=1' },
    });
    const app = renderApp('/chapters/c2', { signedIn: true });
    await app.user.click(await screen.findByRole('button', { name: 'Listen' }));
    expect(await findToast('Audio generated! Playing...')).toBeInTheDocument();
    expect(screen.getByLabelText('Chapter summary')).toHaveAttribute('src', '/api/files/c2.mp3?sig=1');
    expect(calls.find((call) => call.path === '/api/audio/generate')?.search.get('content_type')).toBe('chapter');
  });

  it('offers Extract Topics only while there are none, and shows the extracted list', async () => {
    chapterApi({
      'POST /api/chapters/c2/topics': [
        topic({ id: 't1', title: 'Working memory', pages: ['70'] }),
        topic({ id: 't2', title: 'Forgetting curve' }),
      ],
    });
    const app = renderApp('/chapters/c2', { signedIn: true });
    expect(
      await screen.findByText('Click "Extract Topics" to identify key topics in this chapter'),
    ).toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: 'Extract Topics' }));
    expect(await findToast('Topics extracted!')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Working memory' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Forgetting curve' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Extract Topics' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'p. 70' })).toHaveAttribute('href', '/books/b1/read?page=84');
  });

  it('reports a failed extraction with the server detail', async () => {
    chapterApi({ 'POST /api/chapters/c2/topics': apiError(400, 'Please generate chapter summary first') });
    const app = renderApp('/chapters/c2', { signedIn: true });
    await app.user.click(await screen.findByRole('button', { name: 'Extract Topics' }));
    expect(await findToast('Please generate chapter summary first')).toBeInTheDocument();
  });

  it("adds an 'Explain Like I'm 12' box to a topic", async () => {
    chapterApi({
      'GET /api/chapters/c2/topics': [topic({ id: 't1', title: 'Working memory' })],
      'POST /api/topics/t1/eli12': { eli12_summary: 'Your brain has a small notepad.' },
    });
    const app = renderApp('/chapters/c2', { signedIn: true });
    const card = (await screen.findByRole('heading', { name: 'Working memory' })).closest('li');
    if (!card) throw new Error('no topic card');
    await app.user.click(within(card).getByRole('button', { name: /ELI12: explain .Working memory. like I'm 12/ }));
    expect(await findToast('ELI12 summary generated!')).toBeInTheDocument();
    expect(within(card).getByText("Explain Like I'm 12")).toBeInTheDocument();
    expect(within(card).getByText('Your brain has a small notepad.')).toBeInTheDocument();
  });

  it('reports a failed ELI12 with the fixed text', async () => {
    chapterApi({
      'GET /api/chapters/c2/topics': [topic({ id: 't1', title: 'Working memory' })],
      'POST /api/topics/t1/eli12': apiError(500, 'boom'),
    });
    const app = renderApp('/chapters/c2', { signedIn: true });
    await app.user.click(await screen.findByRole('button', { name: /like I'm 12/ }));
    expect(await findToast('Failed to generate ELI12 summary')).toBeInTheDocument();
  });

  it('goes back to the dashboard when the chapter cannot be loaded', async () => {
    chapterApi({ 'GET /api/chapters/c2': apiError(404, 'Not found'), 'GET /api/books': [] });
    const app = renderApp('/chapters/c2', { signedIn: true });
    expect(await findToast('Failed to load chapter')).toBeInTheDocument();
    await app.expectPath('/dashboard');
  });
});
