// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Markdown } from './markdown.js';
import { StatusBadge } from './status-badge.js';

afterEach(cleanup);

describe('Markdown', () => {
  it('renders Markdown structure from generated text', () => {
    const { container } = render(<Markdown text={'**Ahab** hunts the whale (p. 143).\n\n- obsession\n- fate'} />);
    expect(container.querySelector('strong')?.textContent).toBe('Ahab');
    expect([...container.querySelectorAll('li')].map((item) => item.textContent)).toEqual(['obsession', 'fate']);
  });

  it('turns page citations into buttons that open the page, with the sentence they back', () => {
    const onCitation = vi.fn();
    render(
      <Markdown text={'Ahab hunts the whale (p. 143). The crew doubts him (pp. xii–xiv).'} onCitation={onCitation} />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'p. 143' }));
    expect(onCitation).toHaveBeenCalledWith('143', 'Ahab hunts the whale');
    fireEvent.click(screen.getByRole('button', { name: 'pp. xii–xiv' }));
    expect(onCitation).toHaveBeenLastCalledWith('xii', 'The crew doubts him');
  });

  it('leaves citations as text where nothing opens them', () => {
    const { container } = render(<Markdown text={'Ahab hunts the whale (p. 143).'} />);
    expect(container.querySelector('button, a')).toBeNull();
    expect(container.textContent).toBe('Ahab hunts the whale (p. 143).');
  });

  it('never renders HTML or script links that came from a PDF', () => {
    const { container } = render(
      <Markdown
        text={
          '<img src=x onerror="alert(1)"><script>alert(2)</script>Text [click](javascript:alert(3)) ![pixel](https://t.example/p.gif)'
        }
      />,
    );
    expect(container.querySelector('img, script')).toBeNull();
    expect(container.innerHTML).not.toContain('onerror');
    expect(container.querySelector('a')?.getAttribute('href') ?? '').not.toContain('javascript');
    expect(container.textContent).toContain('pixel');
  });
});

describe('StatusBadge', () => {
  it('shows completed in green and any other status in yellow with its text', () => {
    const { getByText } = render(
      <>
        <StatusBadge status="completed" />
        <StatusBadge status="detecting_chapters" />
      </>,
    );
    expect(getByText('completed').className).toContain('badge-green');
    expect(getByText('detecting_chapters').className).toContain('badge-yellow');
  });
});
