import { chunkChapterPages } from './chapter-chunks.js';
import { countTokens } from './token-counter.js';

const SUBJECTS = [
  'harbours',
  'ships',
  'sailors',
  'storms',
  'cargo',
  'lighthouses',
  'tides',
  'maps',
  'anchors',
  'gulls',
  'nets',
  'docks',
  'ropes',
  'sails',
  'fog',
  'islands',
  'reefs',
];
const pages = Array.from({ length: 20 }, (_, index) => ({
  label: `${index + 101}`,
  text: Array.from(
    { length: 10 },
    (_, s) =>
      `Sentence ${s} of page ${index + 101} talks about ${SUBJECTS[(index * 10 + s) % SUBJECTS.length]} and ${SUBJECTS[(index * 3 + s * 7) % SUBJECTS.length]}.`,
  ).join('\n'),
}));

describe(chunkChapterPages.name, () => {
  it('packs sentences into chunks of at most the token limit, balanced, covering every sentence once in order', () => {
    const chunks = chunkChapterPages(pages, 700, 'en');
    const total = pages.reduce((sum, page) => sum + countTokens(page.text), 0);
    expect(chunks.length).toBeGreaterThanOrEqual(Math.ceil(total / 700));
    for (const chunk of chunks) expect(chunk.tokens).toBeLessThanOrEqual(700);
    const sizes = chunks.map((chunk) => chunk.tokens);
    expect(Math.min(...sizes)).toBeGreaterThan(Math.max(...sizes) * 0.6);
    const sentences = chunks.flatMap((chunk) =>
      [...chunk.text.matchAll(/Sentence (\d) of page (\d+)/g)].map((match) => `${match[2]}:${match[1]}`),
    );
    expect(sentences).toEqual(pages.flatMap((page) => Array.from({ length: 10 }, (_, s) => `${page.label}:${s}`)));
  });

  it('marks where each printed page starts and lists the pages a chunk covers', () => {
    const chunks = chunkChapterPages(pages, 700, 'en');
    const first = chunks[0]!;
    expect(first.text.startsWith('[p. 101] Sentence 0 of page 101')).toBe(true);
    for (const chunk of chunks) {
      const markers = [...chunk.text.matchAll(/\[p\. (\d+)\]/g)].map((match) => match[1]);
      expect(markers).toEqual(chunk.labels);
    }
    // A chunk that starts mid-page still says which page it is on.
    expect(chunks.slice(1).every((chunk) => chunk.text.startsWith('[p. '))).toBe(true);
  });

  it('cuts a sentence longer than a chunk by tokens and drops running headers and page numbers', () => {
    const table = Array.from({ length: 600 }, (_, i) => `cell${i}`).join(' ');
    const withHeaders = Array.from({ length: 5 }, (_, i) => ({
      label: `${i + 1}`,
      text: `HARBOURS OF THE NORTH\n${i === 2 ? table : 'Ships came in at night.'}\n${i + 1}`,
    }));
    const chunks = chunkChapterPages(withHeaders, 500, null);
    for (const chunk of chunks) expect(chunk.tokens).toBeLessThanOrEqual(500);
    const joined = chunks.map((chunk) => chunk.text).join(' ');
    expect(joined).toContain('cell599');
    expect(joined).not.toContain('HARBOURS OF THE NORTH');
  });

  it('returns no chunk for pages without text', () => {
    expect(chunkChapterPages([{ label: '1', text: ' \n ' }], 1000, 'en')).toEqual([]);
  });
});
