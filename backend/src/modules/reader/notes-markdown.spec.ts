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
