// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Markdown } from './markdown.js';
import { StatusBadge } from './status-badge.js';

afterEach(cleanup);

describe('Markdown', () => {
  it('renders Markdown structure from generated text', () => {
    const { container } = render(<Markdown text={'**Ahab** hunts the whale (p. 143).\n\n- obsession\n- fate'} />);
    expect(container.querySelector('strong')?.textContent).toBe('Ahab');
    expect([...container.querySelectorAll('li')].map((item) => item.textContent)).toEqual(['obsession', 'fate']);
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
