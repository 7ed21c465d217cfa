import JSZip from 'jszip';
import type { SummaryDocument } from '../../src/providers/renderer/summary-document.js';
import { buildSlideDeck } from '../../src/providers/slides/slide-deck.js';

const decodeXml = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

/** The text runs of one slide or notes part, in order. */
function textRuns(xml: string): string[] {
  return [...xml.matchAll(/<a:t>([^<]*)<\/a:t>/g)].map((match) => decodeXml(match[1]!));
}

interface Deck {
  zip: JSZip;
  slides: string[];
  notes: string[];
}

async function openDeck(pptx: Buffer): Promise<Deck> {
  const zip = await JSZip.loadAsync(pptx);
  const numbered = (prefix: string) =>
    Object.keys(zip.files)
      .filter((name) => new RegExp(`^${prefix}\\d+\\.xml$`).test(name))
      .sort((a, b) => Number(/(\d+)\.xml$/.exec(a)![1]) - Number(/(\d+)\.xml$/.exec(b)![1]));
  const read = (names: string[]) => Promise.all(names.map((name) => zip.file(name)!.async('string')));
  return {
    zip,
    slides: await read(numbered('ppt/slides/slide')),
    notes: await read(numbered('ppt/notesSlides/notesSlide')),
  };
}

const doc: SummaryDocument = {
  title: 'Markets & Money <Revised>',
  originalPages: 240,
  generatedAt: new Date('2026-11-20T10:00:00Z'),
  engineNote: 'Extractive summary (offline engine)',
  bookSummary: 'Markets set prices. Money makes trade easy. Banks create credit. Crises follow booms.',
  chapters: [
    {
      number: 2,
      title: 'Money',
      pageRange: 'pp. 31–60',
      summary:
        'Money is a medium of exchange (p. 33). It stores value. It is a unit of account. Inflation erodes it. Central banks manage it.',
      topics: ['Barter', 'Fiat money'],
    },
    {
      number: 1,
      title: 'Prices & <Markets>',
      pageRange: 'pp. 1–30',
      summary:
        '## Core idea\nPrices rise when **demand** grows (p. 12).\n- Supply responds\n- <img src=x onerror=alert(1)> stays text',
      topics: ['Supply', 'Demand', 'Equilibrium'],
    },
    { number: 3, title: 'Banks', pageRange: 'pp. 61–90', summary: null, topics: ['Credit', 'Reserves', 'Runs'] },
    { number: 4, title: 'Crises', pageRange: 'pp. 91–120', summary: null, topics: [] },
  ],
};

describe(buildSlideDeck.name, () => {
  let deck: Deck;
  let result: Awaited<ReturnType<typeof buildSlideDeck>>;
  beforeAll(async () => {
    result = await buildSlideDeck(doc);
    deck = await openDeck(result.pptx);
  });

  it('holds a title slide, the agenda, one slide per chapter in book order and a closing slide', () => {
    expect(deck.slides).toHaveLength(1 + 1 + doc.chapters.length + 1);
    expect(result.slides).toBe(deck.slides.length);
    expect(textRuns(deck.slides[0]!)).toEqual(
      expect.arrayContaining(['Markets & Money <Revised>', '240 pages • 4 chapters • November 20, 2026']),
    );
    expect(textRuns(deck.slides[1]!)).toEqual([
      'Chapters',
      'Chapter 1: Prices & <Markets>',
      'Chapter 2: Money',
      'Chapter 3: Banks',
      'Chapter 4: Crises',
    ]);
    const chapterTitles = deck.slides.slice(2, 6).map((slide) => textRuns(slide)[0]);
    expect(chapterTitles).toEqual([
      'Chapter 1: Prices & <Markets>',
      'Chapter 2: Money',
      'Chapter 3: Banks',
      'Chapter 4: Crises',
    ]);
    expect(textRuns(deck.slides[6]!)[0]).toBe('Key takeaways');
  });

  it('is editable text, not pictures', () => {
    expect(Object.values(deck.zip.files).filter((entry) => !entry.dir && entry.name.startsWith('ppt/media/'))).toEqual(
      [],
    );
    for (const slide of deck.slides) expect(slide).not.toContain('<p:pic>');
  });

  it('gives each summarised chapter 3-6 key points and its full summary in the speaker notes', () => {
    const money = deck.slides[3]!;
    const bullets = (money.match(/<a:buChar /g) ?? []).length;
    expect(bullets).toBeGreaterThanOrEqual(3);
    expect(bullets).toBeLessThanOrEqual(6);
    expect(textRuns(money)).toContain('Money is a medium of exchange (p. 33).');
    expect(textRuns(deck.notes[3]!).join(' ')).toContain(doc.chapters[0]!.summary!);
    const prices = textRuns(deck.notes[2]!).join('\n');
    expect(prices).toContain('Prices rise when demand grows (p. 12).');
    expect(prices).toContain('<img src=x onerror=alert(1)> stays text');
  });

  it('says which chapters had no summary, on their slides and in the result', () => {
    expect(result.chaptersWithoutSummary).toEqual(['Chapter 3: Banks', 'Chapter 4: Crises']);
    expect(textRuns(deck.slides[4]!)).toEqual(
      expect.arrayContaining(['Credit', 'Reserves', 'Runs', 'No summary has been generated for this chapter yet.']),
    );
    expect(textRuns(deck.slides[6]!).join(' ')).toContain('Not summarised yet: Chapter 3: Banks; Chapter 4: Crises');
  });

  it('splits the agenda of a long book over several slides', async () => {
    const long: SummaryDocument = {
      ...doc,
      chapters: Array.from({ length: 61 }, (_, index) => ({
        number: index + 1,
        title: `Part ${index + 1}`,
        pageRange: `p. ${index + 1}`,
        summary: 'One. Two. Three.',
        topics: [],
      })),
    };
    const built = await buildSlideDeck(long);
    const opened = await openDeck(built.pptx);
    expect(built.slides).toBe(1 + 4 + 61 + 1);
    expect(opened.slides).toHaveLength(built.slides);
    const agenda = opened.slides.slice(1, 5).flatMap((slide) => textRuns(slide).slice(1));
    // Each agenda line is the chapter's heading, numbered as the book numbers it.
    expect(agenda).toEqual(long.chapters.map((chapter) => `Chapter ${chapter.number}: ${chapter.title}`));
  });
});
