import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SummaryMarkdown } from './summary-markdown.js';

describe('SummaryMarkdown', () => {
  it('shows raw HTML as text and never renders it', () => {
    const { container } = render(
      <SummaryMarkdown
        text={
          'Intro <img src=x onerror="alert(1)"> end\n\n<div onclick="x()">block</div>\n\n![tracker](https://evil.example/t.png)'
        }
      />,
    );
    expect(container.querySelector('img, div[onclick], script')).toBeNull();
    expect(container).toHaveTextContent('Intro <img src=x onerror="alert(1)"> end');
    expect(container).toHaveTextContent('<div onclick="x()">block</div>');
  });

  it('links page references with the resolver and leaves unknown ones as text', () => {
    render(
      <SummaryMarkdown
        text="See (p. 12) and (pp. 20-24), not (p. 999), and p.xii."
        resolvePageLink={(label) => (label === '999' ? null : `/pdf#page=${label}`)}
      />,
    );
    expect(screen.getByRole('link', { name: 'p. 12' })).toHaveAttribute('href', '/pdf#page=12');
    expect(screen.getByRole('link', { name: 'pp. 20-24' })).toHaveAttribute('href', '/pdf#page=20');
    expect(screen.getByRole('link', { name: 'p.xii' })).toHaveAttribute('href', '/pdf#page=xii');
    expect(screen.queryByRole('link', { name: 'p. 999' })).not.toBeInTheDocument();
  });

  it('drops javascript: links and opens others in a new tab', () => {
    const { container } = render(
      <SummaryMarkdown text="[bad](javascript:alert(1)) and [worse](data:text/html,x) and [good](https://example.com)" />,
    );
    // The words stay; the address does not.
    expect(container).toHaveTextContent('bad and worse and good');
    expect(container.querySelector('a[href^="javascript"], a[href^="data"]')).toBeNull();
    const good = screen.getByRole('link', { name: 'good' });
    expect(good).toHaveAttribute('target', '_blank');
    expect(good).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('renders the notes’ shapes: headings, lists, emphasis, entities and escapes, and a citation after emphasis', () => {
    const { container } = render(
      <SummaryMarkdown
        text={
          '### Key points\n\n- Water *moves* in a cycle (p. 3).\n- Rivers carry rain &amp; snow \\*downhill\\*.\n\n1. First\n2. Second'
        }
        resolvePageLink={(label, sentence) => `/read?page=${label}&cite=${encodeURIComponent(sentence ?? '')}`}
      />,
    );
    expect(container.querySelector('h3')).toHaveTextContent('Key points');
    expect(container.querySelectorAll('ul > li')).toHaveLength(2);
    expect(container.querySelectorAll('ol > li')).toHaveLength(2);
    expect(container.querySelector('em')).toHaveTextContent('moves');
    expect(container).toHaveTextContent('Rivers carry rain & snow *downhill*.');
    expect(screen.getByRole('link', { name: 'p. 3' })).toHaveAttribute('href', '/read?page=3&cite=in%20a%20cycle');
  });
});
