import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { analyseChapter, teachingPages } from '../analyse-chapter.js';
import type { BlockKind } from './blocks.js';
import type { StudyPage } from '../types.js';

/** A passage of a book in, the property the stages must give it out (`fixtures/<book>.cases.json`). */
interface BookCase {
  name: string;
  pages: StudyPage[];
  expect: {
    headings?: string[];
    sections?: string[];
    blockKinds?: Array<{ containing: string; kind: BlockKind }>;
    furniture?: string[];
    sentencesInclude?: string[];
    sentencesExclude?: string[];
    glossary?: Array<{ term: string; definition: string }>;
  };
}

const fixtures = join(import.meta.dirname, '..', 'fixtures');
const books = readdirSync(fixtures)
  .filter((file) => file.endsWith('.cases.json'))
  .map((file) => {
    const data = JSON.parse(readFileSync(join(fixtures, file), 'utf8')) as { kind: string; cases: BookCase[] };
    return [file.replace('.cases.json', ''), data.kind, data.cases] as const;
  })
  // Other composers' cases (sentences for cards) live beside a book's passages: only passages with pages are read here.
  .filter(([, , cases]) => Array.isArray(cases) && cases.every((bookCase) => Array.isArray(bookCase.pages)));

it('has cases from at least three books of different kinds', () => {
  expect(new Set(books.map(([, kind]) => kind)).size).toBeGreaterThanOrEqual(3);
});

describe.each(books)('%s (%s)', (_book, _kind, cases) => {
  it.each(cases.map((bookCase) => [bookCase.name, bookCase] as const))('%s', (_name, bookCase) => {
    const chapter = analyseChapter({ bookTitle: '', chapterTitle: '', language: 'en', pages: bookCase.pages });
    const { expect: wanted } = bookCase;
    const headings = chapter.blocks.filter((block) => block.kind === 'heading').map((block) => block.text);
    for (const heading of wanted.headings ?? []) expect(headings).toContain(heading);
    const sections = chapter.tree.sections.map((section) => [section.number, section.title].filter(Boolean).join(' '));
    for (const section of wanted.sections ?? []) expect(sections).toContain(section);
    for (const { containing, kind } of wanted.blockKinds ?? []) {
      const block = chapter.blocks.find((candidate) => candidate.text.includes(containing));
      expect({ containing, kind: block?.kind }).toEqual({ containing, kind });
    }
    const furniture = chapter.blocks.filter((block) => block.kind === 'furniture').map((block) => block.text);
    for (const line of wanted.furniture ?? []) expect(furniture).toContain(line);
    const sentences = chapter.sentences.map((sentence) => sentence.text);
    for (const text of wanted.sentencesInclude ?? []) expect(sentences).toContain(text);
    for (const text of wanted.sentencesExclude ?? [])
      expect(sentences.filter((sentence) => sentence.includes(text))).toEqual([]);
    for (const entry of wanted.glossary ?? [])
      expect(chapter.terms.glossary).toContainEqual(expect.objectContaining(entry));
  });

  // The model path reads the same blocks: no furniture line, every heading marked, every code block fenced.
  it.each(cases.map((bookCase) => [bookCase.name, bookCase] as const))('teaching pages: %s', (_name, bookCase) => {
    const chapter = analyseChapter({ bookTitle: '', chapterTitle: '', language: 'en', pages: bookCase.pages });
    const pages = teachingPages(bookCase.pages);
    expect(pages.map((page) => page.label)).toEqual(bookCase.pages.map((page) => page.label));
    const lines = new Set(pages.flatMap((page) => page.text.split('\n').map((line) => line.trim())));
    for (const block of chapter.blocks) {
      if (block.kind === 'furniture') expect(lines.has(block.text)).toBe(false);
      if (block.kind === 'heading')
        expect(lines).toContain(`## ${[block.number, block.text].filter(Boolean).join(' ')}`);
    }
    const text = pages.map((page) => page.text).join('\n');
    const code = chapter.blocks.filter((block) => block.kind === 'code');
    expect((text.match(/^```$/gm) ?? []).length).toBeGreaterThanOrEqual(code.length * 2);
  });
});
