import { cleanPageTexts } from '../../study-kit/index.js';
import {
  OfflineStudyEngine,
  offlineBookSummaryWords,
  offlineChapterSummaryWords,
} from './offline-study-engine.adapter.js';
import { citedLabels, stripPageCitations } from '../../study-kit/index.js';
import { fleschKincaidGrade } from '../../study-kit/index.js';
import { sentenceProblem } from '../../study-kit/index.js';
import { notesProse } from '../../study-kit/index.js';
import type { ChapterInput, StudyContext, StudyPage } from './study-engine.port.js';

const context: StudyContext = { userId: 'user-1', bookId: 'book-1' };

// A small seeded generator (mulberry32) so the "book" is the same on every run.
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const THEMES = {
  volcano: {
    subjects: ['The volcano', 'The volcano crater', 'Ash from the volcano', 'Hot lava', 'The lava flow', 'Red lava'],
    verbs: ['poured down', 'covered', 'rose above', 'burned', 'filled', 'shook'],
    objects: [
      'the mountain slope',
      'the nearby villages',
      'the crater rim',
      'the forest below',
      'the valley floor',
      'the old road',
    ],
  },
  glacier: {
    subjects: ['The glacier', 'The glacier front', 'Water from the glacier', 'Thick ice', 'The ice sheet', 'Blue ice'],
    verbs: ['carved', 'pushed', 'slid over', 'buried', 'scraped', 'shaped'],
    objects: [
      'the deep valley',
      'huge boulders',
      'the bare rock',
      'the northern plain',
      'the lake basin',
      'the high pass',
    ],
  },
  river: {
    subjects: ['The river', 'The river delta', 'Water from the river', 'Fine silt', 'The silt layer', 'Grey silt'],
    verbs: ['carried', 'spread over', 'cut through', 'drained', 'built', 'flooded'],
    objects: [
      'the farm fields',
      'the wide plain',
      'the coastal marsh',
      'the sandy banks',
      'the river mouth',
      'the low meadows',
    ],
  },
};
type Theme = keyof typeof THEMES;
const FILLERS = [
  'after the storm',
  'before the war',
  'for many years',
  'as the town slept',
  'without warning',
  'under a grey sky',
  'at dawn',
  'by late autumn',
  'once again',
  'with great force',
  'near the border',
  'that summer',
];
const HARD_SENTENCES: Record<Theme, string> = {
  volcano:
    'Volcanic eruptions fundamentally reorganise atmospheric circulation, precipitating extraordinarily complicated environmental consequences for agricultural communities.',
  glacier:
    'Glaciological investigations demonstrate that continental ice accumulation systematically reconfigures topographical characteristics across geological timescales.',
  river:
    'Sedimentological processes associated with fluvial transportation continuously redistribute particulate materials throughout hydrological catchments.',
};
const SIMPLE_SENTENCES: Record<Theme, string[]> = {
  volcano: ['Lava is melted rock from deep inside the earth.', 'The lava was red and very hot when it came out.'],
  glacier: ['A glacier is a huge river of ice that moves slowly.', 'The ice in a glacier can be older than a town.'],
  river: ['A river is water that flows down to the sea.', 'The river water was brown after the big storm.'],
};

function generatedChapter(themes: Theme[], pageCount: number, firstLabel: number, seed: number): ChapterInput {
  const next = random(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const pages: StudyPage[] = [];
  for (let p = 0; p < pageCount; p += 1) {
    const theme = themes[Math.floor((p / pageCount) * themes.length)]!;
    const words = THEMES[theme];
    const sentences: string[] = [];
    for (let s = 0; s < 14; s += 1) {
      const clause = `${pick(words.subjects)} ${pick(words.verbs)} ${pick(words.objects)}`;
      const tail = next() < 0.6 ? ` in ${1800 + Math.floor(next() * 200)}` : ` ${pick(FILLERS)}`;
      sentences.push(`${clause}${tail}.`);
    }
    if (p % 3 === 0) sentences.splice(5, 0, HARD_SENTENCES[theme]);
    if (p % 3 === 1) sentences.splice(3, 0, ...SIMPLE_SENTENCES[theme]);
    const label = String(firstLabel + p);
    // Running header and page number, as pdf text extraction leaves them.
    pages.push({ label, text: `EARTH IN MOTION\n${sentences.join('\n')}\n${label}` });
  }
  return { bookTitle: 'Earth in Motion', chapterTitle: 'Chapter 2: Shaping the Land', language: 'en', pages };
}

const words = (text: string) =>
  stripPageCitations(text)
    .split(/\s+/)
    .filter((word) => /\w/.test(word));

describe(OfflineStudyEngine.name, () => {
  const engine = new OfflineStudyEngine();
  const chapter = generatedChapter(['volcano', 'glacier', 'river'], 12, 41, 7);
  const chapterWords = cleanPageTexts(chapter.pages).reduce((sum, page) => sum + words(page.text).length, 0);

  it('summarises a chapter deterministically', async () => {
    const first = await engine.summarizeChapter(chapter, context);
    const again = await new OfflineStudyEngine().summarizeChapter(
      generatedChapter(['volcano', 'glacier', 'river'], 12, 41, 7),
      context,
    );
    expect(first).toBe(again);
    expect(engine.kind).toBe('offline');
  });

  it('keeps chapter notes within a budget that grows with the chapter (about 15%, 80..900 words)', async () => {
    const summary = await engine.summarizeChapter(chapter, context);
    const budget = offlineChapterSummaryWords(chapterWords);
    expect(budget).toBe(Math.round(chapterWords * 0.15));
    const prose = notesProse(summary)
      .map((line) => line.text)
      .join(' ');
    expect(words(prose).length).toBeLessThanOrEqual(budget + 5);
    expect(words(prose).length).toBeGreaterThanOrEqual(budget * 0.6);
    expect(offlineChapterSummaryWords(100)).toBe(80);
    expect(offlineChapterSummaryWords(50_000)).toBe(900);
  });

  it('writes notes as an overview then cited key points, each sentence whole and from the page it cites', async () => {
    const summary = await engine.summarizeChapter(chapter, context);
    const pages = cleanPageTexts(chapter.pages);
    const [overview, ...rest] = summary.split('\n\n');
    expect(overview).toMatch(/\((?:p|pp)\. [^)]+\)$/);
    expect(rest[0]).toBe('### Key points');
    const bullets = rest[1]!.split('\n');
    expect(bullets.length).toBeGreaterThan(2);
    let lastPage = -1;
    for (const bullet of bullets) {
      const [, text, label] = /^- (.+) \(p\. ([^)]+)\)$/.exec(bullet)!;
      const pageIndex = pages.findIndex((page) => page.label === label);
      expect(pageIndex).toBeGreaterThanOrEqual(lastPage);
      lastPage = pageIndex;
      expect(pages[pageIndex]!.text).toContain(text);
      expect(sentenceProblem(text!)).toBeNull();
    }
    expect(summary).not.toContain('EARTH IN MOTION');
  });

  it('returns 3 to 8 de-duplicated topics with the pages they occur on', async () => {
    const topics = await engine.extractTopics(chapter, context);
    expect(topics.length).toBeGreaterThanOrEqual(3);
    expect(topics.length).toBeLessThanOrEqual(8);
    const titles = topics.map((topic) => topic.title.toLowerCase());
    expect(new Set(titles).size).toBe(titles.length);
    for (const a of titles) for (const b of titles) if (a !== b) expect(` ${b} `.includes(` ${a} `)).toBe(false);
    // The generated chapter is about volcanoes, glaciers and rivers; the topics should say so.
    expect(
      titles.filter((title) => /volcano|lava|magma|crater|glacier|ice|river|water|delta/.test(title)).length,
    ).toBeGreaterThanOrEqual(3);
    const labels = chapter.pages.map((page) => page.label);
    for (const topic of topics) {
      expect(topic.pages.length).toBeGreaterThan(0);
      const positions = topic.pages.map((label) => labels.indexOf(label));
      expect(positions.every((position) => position >= 0)).toBe(true);
      expect([...positions].sort((a, b) => a - b)).toEqual(positions);
      const head = topic.title
        .toLowerCase()
        .split(' ')
        .pop()!
        .replace(/(es|s)$/, '')
        .slice(0, 5);
      for (const label of topic.pages)
        expect(chapter.pages.find((page) => page.label === label)!.text.toLowerCase()).toContain(head);
    }
  });

  it('explains a topic for a 12-year-old with the simplest on-topic sentences, at grade 7 or below', async () => {
    const explanation = await engine.explainEli12({ topic: 'Lava', chapter }, context);
    expect(fleschKincaidGrade(explanation)).toBeLessThanOrEqual(7);
    expect(explanation.toLowerCase()).toContain('lava');
    expect(words(explanation).length).toBeLessThanOrEqual(90);
    expect(citedLabels(explanation).length).toBeGreaterThan(0);
    expect(explanation).not.toContain(HARD_SENTENCES.volcano);
  });

  it('keeps only the simplest on-topic sentence when none reads at grade 7', async () => {
    const hardOnly: ChapterInput = {
      ...chapter,
      pages: [
        {
          label: '9',
          text: `${HARD_SENTENCES.glacier} Glaciological investigations of subglacial hydrology nevertheless remain methodologically problematic for contemporary researchers.`,
        },
        { label: '10', text: 'The weather was mild and pleasant for most of the afternoon and evening.' },
      ],
    };
    const explanation = await engine.explainEli12(
      { topic: 'Glaciological investigations', chapter: hardOnly },
      context,
    );
    // Both sentences name the topic; the second is less hard.
    expect(explanation).toBe(
      'Glaciological investigations of subglacial hydrology nevertheless remain methodologically problematic for contemporary researchers. (p. 9)',
    );
  });

  it('summarises a book from its chapter notes, ranked across the book, keeping their page references', async () => {
    const chapterInputs = [
      generatedChapter(['volcano'], 6, 1, 11),
      generatedChapter(['glacier'], 6, 7, 12),
      generatedChapter(['river'], 6, 13, 13),
    ];
    const summaries = await Promise.all(chapterInputs.map((input) => engine.summarizeChapter(input, context)));
    const book = await engine.summarizeBook(
      {
        bookTitle: 'Earth in Motion',
        language: 'en',
        chapters: summaries.map((summary, index) => ({ number: index + 1, title: `Chapter ${index + 1}`, summary })),
      },
      context,
    );
    const summaryWords = summaries.reduce((sum, summary) => sum + words(summary).length, 0);
    // The budget is for the overview and key points; the book's definitions come on top.
    const prose = notesProse(book)
      .filter((line) => line.section !== 'Key terms')
      .map((line) => line.text);
    expect(words(prose.join(' ')).length).toBeLessThanOrEqual(offlineBookSummaryWords(summaryWords) + 5);
    expect(book).toContain('### Key points');
    const allCited = summaries.flatMap((summary) => citedLabels(summary));
    expect(citedLabels(book).length).toBeGreaterThan(2);
    expect(citedLabels(book).every((label) => allCited.includes(label))).toBe(true);
    // Spread over the book: every chapter's pages are cited.
    for (const input of chapterInputs)
      expect(citedLabels(book).some((label) => input.pages.some((page) => page.label === label))).toBe(true);
  });

  it('returns empty results for a chapter without text and honours an aborted signal', async () => {
    const empty: ChapterInput = { ...chapter, pages: [{ label: '1', text: '  ' }] };
    await expect(engine.summarizeChapter(empty, context)).resolves.toBe('');
    await expect(engine.extractTopics(empty, context)).resolves.toEqual([]);
    const controller = new AbortController();
    controller.abort(new Error('stopped'));
    await expect(engine.summarizeChapter(chapter, { ...context, signal: controller.signal })).rejects.toThrow(
      'stopped',
    );
  });
});
