import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { InMemoryLlmUsageLedger } from '../../src/providers/llm/in-memory-usage-ledger.js';
import {
  OfflineStudyEngine,
  offlineChapterSummaryWords,
} from '../../src/providers/llm/offline-study-engine.adapter.js';
import { OpenAiStudyEngine } from '../../src/providers/llm/openai-study-engine.adapter.js';
import { citedLabels, stripPageCitations } from '../../src/study-kit/index.js';
import { fleschKincaidGrade } from '../../src/study-kit/index.js';
import type { ChapterInput } from '../../src/providers/llm/study-engine.port.js';
import { countTokens } from '../../src/providers/llm/token-counter.js';
import { analyseSegments } from '../../src/study-kit/index.js';
import { hygieneReport } from '../../src/study-kit/index.js';
import { notesProse } from '../../src/study-kit/index.js';
import { lastUserText, startFakeOpenAiServer, withScriptedNotes } from '../fakes/fake-openai-server.js';

// The shared corpus lives next to the project (../shared/corpus from the repository root).
const corpus = join(process.cwd(), '..', '..', 'shared', 'corpus', 'books');
const available = existsSync(join(corpus, 'manifest.json'));
if (!available) console.log(`study engine corpus tests skipped: ${corpus} not found`);
const describeWithCorpus = available ? describe : describe.skip;

function corpusChapter(file: string, chapterIndex: number): ChapterInput {
  const manifest = JSON.parse(readFileSync(join(corpus, 'manifest.json'), 'utf8')) as Array<{
    file: string;
    chapters: Array<{ title: string; page: number }>;
  }>;
  const book = manifest.find((entry) => entry.file === file)!;
  const chapter = book.chapters[chapterIndex]!;
  const last = (book.chapters[chapterIndex + 1]?.page ?? chapter.page + 1) - 1;
  const text = execFileSync(
    'pdftotext',
    ['-enc', 'UTF-8', '-f', String(chapter.page), '-l', String(last), join(corpus, file), '-'],
    { encoding: 'utf8' },
  );
  const pages = text
    .split('\f')
    .slice(0, last - chapter.page + 1)
    .map((pageText, index) => ({ label: String(chapter.page + index), text: pageText }));
  return { bookTitle: file.replace(/\.pdf$/, ''), chapterTitle: chapter.title, language: 'en', pages };
}

describeWithCorpus('study engines on corpus books', () => {
  const context = { userId: 'user-1', bookId: 'book-1' };

  it('summarises a real chapter offline with valid page references, within budget, and explains a topic at grade 7', async () => {
    const chapter = corpusChapter('carroll-alice-in-wonderland.pdf', 1);
    const labels = chapter.pages.map((page) => page.label);
    const engine = new OfflineStudyEngine();

    const summary = await engine.summarizeChapter(chapter, context);
    const words = chapter.pages.map((page) => page.text.split(/\s+/).filter(Boolean).length).reduce((a, b) => a + b, 0);
    // The budget holds the overview and the key points; characters or key terms come on top.
    const prose = notesProse(summary).filter((line) =>
      ['overview', 'Key points', 'What happens'].includes(line.section),
    );
    const proseWords = prose
      .map((line) => stripPageCitations(line.text))
      .join(' ')
      .split(/\s+/).length;
    expect(proseWords).toBeLessThanOrEqual(offlineChapterSummaryWords(words) + 5);
    const cited = citedLabels(summary);
    expect(cited.length).toBeGreaterThan(0);
    expect(cited.every((label) => labels.includes(label))).toBe(true);
    const pointPages = prose
      .slice(1)
      .flatMap((line) => citedLabels(line.text))
      .map((label) => labels.indexOf(label));
    expect(pointPages).toEqual([...pointPages].sort((a, b) => a - b));
    for (const line of notesProse(summary))
      expect(
        hygieneReport(
          analyseSegments([{ text: stripPageCitations(line.text), origin: '', group: 0 }]).map((s) => s.text),
        ).failures,
      ).toEqual([]);

    const topics = await engine.extractTopics(chapter, context);
    expect(topics.length).toBeGreaterThanOrEqual(3);
    expect(topics.length).toBeLessThanOrEqual(8);
    expect(topics.some((topic) => /alice|rabbit/i.test(topic.title))).toBe(true);

    const explanation = await engine.explainEli12({ topic: topics[0]!.title, chapter }, context);
    const single = stripPageCitations(explanation).split(/(?<=[.!?])\s+/).length === 1;
    expect(fleschKincaidGrade(explanation) <= 7 || single).toBe(true);
  });

  it('summarises a long real chapter through the LangChain engine in several chunks', async () => {
    const chapter = corpusChapter('collins-sussman-svn-book-1.7.pdf', 4);
    const fake = await startFakeOpenAiServer({
      respond: withScriptedNotes((request) => {
        const label = /\[p\. (\d+)\]/.exec(lastUserText(request.body))?.[1] ?? chapter.pages[0]!.label;
        return {
          content: `Subversion keeps the versions of the files of page ${label} in a repository (p. ${label}).`,
        };
      }),
    });
    try {
      const ledger = new InMemoryLlmUsageLedger();
      const engine = new OpenAiStudyEngine(
        {
          baseUrl: fake.baseUrl,
          apiKey: 'k',
          model: 'gpt-4o-mini',
          chunkTokens: 3000,
          concurrency: 4,
          timeoutMs: 10_000,
          maxRetries: 1,
          dailyTokenBudget: 10_000_000,
        },
        ledger,
      );
      const summary = await engine.summarizeChapter(chapter, context);
      const chapterTokens = chapter.pages.reduce((sum, page) => sum + countTokens(page.text), 0);
      expect(chapterTokens).toBeGreaterThan(2 * 3000);
      // At least three chunks, then a merge.
      expect(fake.requests.length).toBeGreaterThanOrEqual(4);
      expect(summary).toMatch(/\(p\. \d+\)/);
      expect(ledger.entries).toHaveLength(fake.requests.length);
    } finally {
      await fake.close();
    }
  });
});
