import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { bookPageLinks } from './page-links.js';
import { CitedText } from './cited-text.js';
import { SummaryMarkdown } from './summary-markdown.js';
import { chapter as chapterFixture } from '../../test/fixtures.js';

const BOOK = { id: 'b1', total_pages: 40 };
// Front matter i-vi on pages 1-6, the body numbered from 1 on page 7.
const LABELS = ['i', 'ii', 'iii', 'iv', 'v', 'vi', ...Array.from({ length: 34 }, (_, index) => String(index + 1))];

const href = (name: string) => screen.getByRole('link', { name }).getAttribute('href');
const params = (url: string | null) => Object.fromEntries(new URL(url ?? '', 'http://x').searchParams);

describe('citation links', () => {
  it('open the reader at the physical page of a printed label, with the cited sentence', () => {
    const resolve = bookPageLinks(BOOK, [], LABELS);
    render(
      <CitedText
        text="Elizabeth meets Darcy at the ball (p. 3). The preface explains it (p. iv)."
        resolvePageLink={resolve}
      />,
    );
    expect(href('p. 3')).toMatch(/^\/books\/b1\/read\?/);
    expect(params(href('p. 3'))).toEqual({ page: '9', cite: 'Elizabeth meets Darcy at the ball' });
    expect(params(href('p. iv'))).toEqual({ page: '4', cite: 'The preface explains it' });
  });

  it('map roman labels and ranges by their first page, and leave labels outside the book as text', () => {
    const resolve = bookPageLinks(BOOK, [], LABELS);
    render(<CitedText text="See (pp. ii–v) and (p. 999)." resolvePageLink={resolve} />);
    expect(params(href('pp. ii–v')).page).toBe('2');
    expect(screen.queryByRole('link', { name: 'p. 999' })).not.toBeInTheDocument();
    expect(screen.getByText(/p\. 999/)).toBeInTheDocument();
  });

  it('fall back to chapter starts while the page labels load', () => {
    const chapters = [
      chapterFixture({ start_page: 3, start_label: 'iii' }),
      chapterFixture({ id: 'c2', start_page: 7, start_label: '1', chapter_number: 2 }),
    ];
    const resolve = bookPageLinks(BOOK, chapters);
    render(<CitedText text="Later (p. 5) and before (p. iv)." resolvePageLink={resolve} />);
    expect(params(href('p. 5')).page).toBe('11');
    expect(params(href('p. iv')).page).toBe('4');
  });

  it('link in summaries rendered as Markdown too (the sentence is the text run before the citation)', () => {
    const resolve = bookPageLinks(BOOK, [], LABELS);
    render(<SummaryMarkdown text={'- Darcy *proposes* to Elizabeth (p. 12).'} resolvePageLink={resolve} />);
    expect(params(href('p. 12'))).toEqual({ page: '18', cite: 'to Elizabeth' });
  });
});
