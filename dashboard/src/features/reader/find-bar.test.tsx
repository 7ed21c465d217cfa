import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { saveSession } from '../../lib/session.js';
import { testUser } from '../../test/fixtures.js';
import { apiError, mockApi } from '../../test/mock-api.js';
import { FindBar } from './find-bar.js';
import { findOccurrence, pageText } from './pdf-page.js';

const BOOK = '00000000-0000-4000-8000-0000000000b1';
const match = (page: number, label: string, index_on_page = 0) => ({
  page,
  page_label: label,
  index_on_page,
  snippet: `… the Calvin cycle on page ${label} …`,
});

function renderFindBar() {
  saveSession('test-token', testUser);
  const onMatch = vi.fn();
  const onClose = vi.fn();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <FindBar bookId={BOOK} onMatch={onMatch} onClose={onClose} />
    </QueryClientProvider>,
  );
  return { onMatch, onClose, user: userEvent.setup() };
}

describe('FindBar', () => {
  it('shows "n of N", steps through the matches with Enter and Shift+Enter, and closes with Escape', async () => {
    const { callsTo } = mockApi({
      [`GET /api/books/${BOOK}/find`]: (call: { search: URLSearchParams }) =>
        call.search.get('q') === 'calvin cycle'
          ? {
              query: 'calvin cycle',
              total: 3,
              matches: [match(14, '2'), match(14, '2', 1), match(40, '28')],
            }
          : { query: call.search.get('q'), total: 0, matches: [] },
    });
    const { onMatch, onClose, user } = renderFindBar();
    const input = screen.getByRole('searchbox', { name: 'Find in book' });
    expect(input).toHaveFocus();

    await user.type(input, 'c');
    expect(screen.getByRole('status')).toHaveTextContent('Type at least 2 letters');
    await user.type(input, 'alvin cycle');
    expect(await screen.findByText('1 of 3')).toBeInTheDocument();
    // Typing pauses before asking: one call for the whole phrase.
    expect(callsTo(`GET /api/books/${BOOK}/find`).map((call) => call.search.get('q'))).toEqual(['calvin cycle']);
    expect(onMatch).toHaveBeenLastCalledWith(match(14, '2'), 'calvin cycle');

    await user.keyboard('{Enter}');
    expect(screen.getByRole('status')).toHaveTextContent('2 of 3');
    expect(onMatch).toHaveBeenLastCalledWith(match(14, '2', 1), 'calvin cycle');
    await user.click(screen.getByRole('button', { name: 'Next match' }));
    expect(screen.getByRole('status')).toHaveTextContent('3 of 3');
    expect(onMatch).toHaveBeenLastCalledWith(match(40, '28'), 'calvin cycle');
    expect(screen.getByText('p. 28')).toBeInTheDocument();
    await user.click(input);
    await user.keyboard('{Enter}');
    expect(screen.getByRole('status')).toHaveTextContent('1 of 3');
    await user.keyboard('{Shift>}{Enter}{/Shift}');
    expect(screen.getByRole('status')).toHaveTextContent('3 of 3');

    await user.clear(input);
    await user.type(input, 'chlorophyll');
    expect(await screen.findByText('No matches')).toBeInTheDocument();
    expect(onMatch).toHaveBeenLastCalledWith(null, 'chlorophyll');
    expect(screen.getByRole('button', { name: 'Next match' })).toBeDisabled();

    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('says when the search failed', async () => {
    mockApi({ [`GET /api/books/${BOOK}/find`]: apiError(500, 'Something went wrong') });
    const { user } = renderFindBar();
    await user.type(screen.getByRole('searchbox', { name: 'Find in book' }), 'stomata');
    expect(await screen.findByText('Search failed')).toBeInTheDocument();
  });
});

describe(findOccurrence.name, () => {
  const text = 'The Calvin cycle fixes carbon.  Later the calvin\u00a0 cycle makes sugar. CALVIN CYCLE again.';

  it('finds the nth occurrence ignoring case and spacing, and the last when there are fewer', () => {
    const at = (n: number) => {
      const found = findOccurrence('calvin cycle', text, n)!;
      return text.slice(found.start, found.end);
    };
    expect(at(0)).toBe('Calvin cycle');
    expect(at(1)).toBe('calvin\u00a0 cycle');
    expect(at(2)).toBe('CALVIN CYCLE');
    expect(at(7)).toBe('CALVIN CYCLE');
    expect(findOccurrence('rubisco', text, 0)).toBeNull();
    expect(findOccurrence('(c+', '(c+ literal', 0)).toEqual({ start: 0, end: 3 });
  });

  it('counts a word hyphenated at a line end as the server does, so the nth match marked is the nth found', () => {
    // The server's match 0 on this page is "photo-/synthesis", match 1 is "Photosynthesis".
    const { joined, offsets } = pageText(
      ['Without photo-', 'synthesis no sugar is made.', 'Photosynthesis needs light.'],
      [true, true, false],
    );
    const first = findOccurrence('photosynthesis', joined, 0)!;
    expect(joined.slice(first.start, first.end)).toBe('photo-\nsynthesis');
    // It spans the end of the first item and the start of the second.
    expect(first.start).toBeLessThan(offsets[0]!.end);
    expect(first.end).toBeGreaterThan(offsets[1]!.start);
    const second = findOccurrence('photosynthesis', joined, 1)!;
    expect(joined.slice(second.start, second.end)).toBe('Photosynthesis');
    expect(second.start).toBe(offsets[2]!.start);
  });
});
