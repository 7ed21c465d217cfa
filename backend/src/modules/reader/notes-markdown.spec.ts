import { notesMarkdown } from './notes-markdown.js';

const book = {
  title: 'Pride and\nPrejudice',
  chapters: [
    { title: 'Chapter One', label: '1', startPage: 5, endPage: 9 },
    { title: 'A Ball', label: '2', startPage: 10, endPage: 14 },
  ],
  labelOf: (page: number) => (page < 5 ? ['i', 'ii', 'iii', 'iv'][page - 1]! : String(page - 4)),
};

// The golden export: chapters in book order, quotes with printed labels, notes below them.
const GOLDEN = `# Notes on Pride and Prejudice

## Other pages

> Preface text
>
> — p. ii

## Chapter One

> It is a truth universally acknowledged, that a single man
>
> — p. 2

Opening line.
Famous.

## Chapter 2: A Ball

> She is tolerable
>
> — p. 7
`;

describe(notesMarkdown.name, () => {
  it('groups passages by chapter with page labels and notes (golden)', () => {
    const markdown = notesMarkdown(book, [
      { page: 11, text: 'She is tolerable', note: null },
      { page: 6, text: 'It is a truth universally acknowledged,\nthat a single man', note: 'Opening line.\nFamous.' },
      { page: 2, text: 'Preface text', note: '' },
    ]);
    expect(markdown).toBe(GOLDEN);
  });

  it('says so when there is nothing yet', () => {
    expect(notesMarkdown(book, [])).toBe('# Notes on Pride and Prejudice\n\nNo highlights or notes yet.\n');
  });
});

describe('notesMarkdown with hostile text', () => {
  it('escapes Markdown and HTML in passages, notes, titles and labels so they render as the text typed', () => {
    const markdown = notesMarkdown(
      { ...book, title: '<b>Bold</b> [home](javascript:alert(1))', labelOf: () => '*7*' },
      [
        {
          page: 6,
          text: '<img src=x onerror=alert(1)> & more',
          note: '<script>alert(1)</script>\n[x](javascript:alert(1))\n# not a heading\n- not a list\n1. not a list\n> not a quote\n`code` _em_ ~~gone~~ | cell \\',
        },
      ],
    );
    expect(markdown).toBe(`# Notes on \\<b\\>Bold\\</b\\> \\[home\\](javascript:alert(1))

## Chapter One

> \\<img src=x onerror=alert(1)\\> \\& more
>
> — p. \\*7\\*

\\<script\\>alert(1)\\</script\\>
\\[x\\](javascript:alert(1))
\\# not a heading
\\- not a list
1\\. not a list
\\> not a quote
\\\`code\\\` \\_em\\_ \\~\\~gone\\~\\~ \\| cell \\\\
`);
  });

  it('strips NUL and bidirectional overrides from rows stored before input was cleaned', () => {
    const markdown = notesMarkdown({ ...book, labelOf: () => '\u202E7\u0000' }, [
      { page: 6, text: 'Invoice\u0000 \u202Efdp.exe', note: 'a\u2066b\u0007c\r\nd' },
    ]);
    // eslint-disable-next-line no-control-regex -- finding control characters is the point
    expect(markdown).not.toMatch(/[\u0000-\u0008\u000B-\u001F\u202A-\u202E\u2066-\u2069]/);
    expect(markdown).toContain('> Invoice fdp.exe\n>\n> — p. 7\n\nabc\nd\n');
  });
});
