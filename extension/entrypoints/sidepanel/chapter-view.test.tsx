// @vitest-environment jsdom
import { MESSAGES, type Chapter, type Topic } from '@chapterwise/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createPanelQueryClient } from '@/components/query-policy.js';
import { ToastArea, ToastProvider } from '@/components/toasts.js';
import { onMessage, removeAllListeners } from '@/utils/messaging.js';
import { savedChaptersItem } from '@/utils/storage.js';
import { ChapterView } from './chapter-view.js';

const chapter: Chapter = {
  id: 'c1',
  book_id: 'b1',
  chapter_number: 2,
  title: 'The Whale',
  summary: null,
  summary_engine: null,
  start_page: 10,
  end_page: 19,
  start_label: '8',
  end_label: '17',
  detection_method: 'typography',
  label: '2',
};

function renderChapter(client = new QueryClient({ defaultOptions: { queries: { retry: false } } })) {
  return render(
    <QueryClientProvider client={client}>
      <ToastProvider>
        <ToastArea />
        <ChapterView chapterId="c1" userId="u1" serverUrl="http://localhost:3000" onBack={() => undefined} />
      </ToastProvider>
    </QueryClientProvider>,
  );
}

const unreachable = {
  ok: false,
  error: { kind: 'unreachable', message: 'Cannot reach the ChapterWise server.' },
} as const;

// The background's answers, registered in this same context: the side panel's messages reach them.
describe('ChapterView', () => {
  let topics: Topic[];

  beforeEach(() => {
    fakeBrowser.reset();
    topics = [];
    onMessage('getChapter', () => ({ ok: true, value: chapter }));
    onMessage('listTopics', () => ({ ok: true, value: topics }));
  });
  afterEach(() => {
    removeAllListeners();
    cleanup();
  });

  it('generates a summary, extracts topics and explains one like I am 12', async () => {
    onMessage('summarizeChapter', () => ({ ok: true, value: { summary: 'Ishmael meets **Queequeg**.' } }));
    onMessage('extractTopics', () => {
      topics = [{ id: 't1', title: 'Friendship', eli12_summary: null, pages: ['9'] }];
      return { ok: true, value: topics };
    });
    onMessage('explainTopic', ({ data }) => ({ ok: true, value: { eli12_summary: `Simple words about ${data}.` } }));
    renderChapter();

    expect(await screen.findByText('Chapter 2: The Whale')).toBeTruthy();
    expect(screen.getByText('Click "Extract Topics" to identify key topics in this chapter')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Listen' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Generate Summary' }));
    expect((await screen.findByText('Queequeg')).tagName).toBe('STRONG');
    expect(screen.getByText(MESSAGES.chapterSummaryGenerated)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Listen' }) as HTMLButtonElement).disabled).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Extract Topics' }));
    expect(await screen.findByText('Friendship')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Extract Topics' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'ELI12' }));
    expect(await screen.findByText("Explain Like I'm 12")).toBeTruthy();
    expect(screen.getByText('Simple words about t1.')).toBeTruthy();
  });

  it("shows the spec's messages when generation fails", async () => {
    onMessage('summarizeChapter', () => ({ ok: false, error: { kind: 'api', message: MESSAGES.summaryFailed } }));
    onMessage('extractTopics', () => ({ ok: false, error: { kind: 'api', message: 'Chapter is too short' } }));
    renderChapter();

    fireEvent.click(await screen.findByRole('button', { name: 'Generate Summary' }));
    expect(await screen.findByText(MESSAGES.summaryFailed)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Extract Topics' }));
    expect(await screen.findByText('Chapter is too short')).toBeTruthy();
  });

  it('keeps the notes as read, and shows that saved copy with a Retry while the server is down', async () => {
    const read = { ...chapter, summary: 'Ishmael goes to sea.' };
    topics = [{ id: 't1', title: 'Friendship', eli12_summary: 'Two people who help each other.', pages: ['9'] }];
    removeAllListeners();
    onMessage('getChapter', () => ({ ok: true, value: read }));
    onMessage('listTopics', () => ({ ok: true, value: topics }));
    const first = renderChapter();
    await screen.findByText('Ishmael goes to sea.');
    await vi.waitFor(async () => expect(await savedChaptersItem.getValue()).toHaveLength(1));
    first.unmount();

    let serverUp = false;
    removeAllListeners();
    onMessage('getChapter', () => (serverUp ? { ok: true, value: read } : unreachable));
    onMessage('listTopics', () => (serverUp ? { ok: true, value: topics } : unreachable));
    const client = createPanelQueryClient();
    client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retryDelay: 1 } });
    renderChapter(client);

    expect(await screen.findByText(/Saved copy from .*: the notes as you last read them\./)).toBeTruthy();
    expect(screen.getByText('Ishmael goes to sea.')).toBeTruthy();
    expect(screen.getByText('Two people who help each other.')).toBeTruthy();

    serverUp = true;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Chapter 2: The Whale')).toBeTruthy();
    expect(screen.queryByText(/Saved copy from/)).toBeNull();
  });
});
