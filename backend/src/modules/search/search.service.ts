import { Injectable } from '@nestjs/common';
import {
  MESSAGES,
  type SearchAnswer,
  type SearchAnswerRequest,
  type SearchQuery,
  type SearchResult,
} from '@chapterwise/shared';
import { AppError } from '../../common/app-error.js';
import {
  StudyBudgetExceededError,
  StudyEngine,
  StudyEngineUnavailableError,
} from '../../providers/llm/study-engine.port.js';
import { PageSearchIndex, type PageMatch } from './page-search.index.js';
import { buildSnippet, matchQuality, queryWords, searchTerms } from './search-text.js';
import { SearchRepository, type ChapterSpan, type StoredPage } from './search.repository.js';

/** Pages asked of the engine per query: enough for re-ranking to lift an exact phrase into the top few. */
const CANDIDATES = 40;
const ANSWER_PASSAGES = 6;

interface RankedPage extends StoredPage {
  score: number;
}

/** Search inside the signed-in user's books, and answers to questions that cite their pages. */
@Injectable()
export class SearchService {
  constructor(
    private readonly index: PageSearchIndex,
    private readonly library: SearchRepository,
    private readonly engine: StudyEngine,
  ) {}

  async search(ownerId: string, query: SearchQuery): Promise<SearchResult[]> {
    const words = queryWords(query.q);
    const pages = await this.rankedPages(ownerId, query.q, query.book_id, query.limit);
    const terms = searchTerms(words);
    const { titles, chapterAt } = await this.context(pages);
    return pages.map((page) => {
      const chapter = chapterAt(page);
      return {
        book_id: page.bookId,
        book_title: titles.get(page.bookId) ?? '',
        chapter_id: chapter?.id ?? null,
        chapter_title: chapter?.title ?? null,
        page: page.page,
        page_label: page.label,
        snippet: buildSnippet(page.text, words, terms),
        score: Math.round(page.score * 1000) / 1000,
      };
    });
  }

  async answer(ownerId: string, request: SearchAnswerRequest): Promise<SearchAnswer> {
    const pages = await this.rankedPages(ownerId, request.q, request.book_id, ANSWER_PASSAGES);
    const engine = this.engine.kind === 'llm' ? 'llm' : 'extractive';
    if (pages.length === 0) return { answer: MESSAGES.searchNoAnswer, citations: [], engine };
    const { titles, chapterAt } = await this.context(pages);
    const passages = pages.map((page, index) => ({
      id: index + 1,
      source: `${titles.get(page.bookId) ?? 'Untitled'}, p. ${page.label}`,
      text: page.text,
    }));
    let grounded;
    try {
      grounded = await this.engine.answerQuestion(
        { question: request.q, passages },
        { userId: ownerId, bookId: pages[0]!.bookId },
      );
    } catch (error) {
      if (error instanceof StudyBudgetExceededError) throw new AppError('RATE_LIMITED', error.message);
      if (error instanceof StudyEngineUnavailableError) throw new AppError('UNAVAILABLE', error.message);
      throw error;
    }
    if (!grounded.text || grounded.citations.length === 0) {
      return { answer: MESSAGES.searchNoAnswer, citations: [], engine };
    }
    // Citations are numbered in the order the answer first uses them: [1] is citations[0].
    const order = grounded.citations.map((citation) => citation.passage);
    const answer = grounded.text.replace(/\[(\d+)\]/g, (_marker, id: string) => `[${order.indexOf(Number(id)) + 1}]`);
    const citations = grounded.citations.map(({ passage, quote }) => {
      const page = pages[passage - 1]!;
      return {
        book_id: page.bookId,
        book_title: titles.get(page.bookId) ?? '',
        chapter_id: chapterAt(page)?.id ?? null,
        page: page.page,
        page_label: page.label,
        quote,
      };
    });
    return { answer, citations, engine };
  }

  /**
   * The owner's best pages for a query: the engine's candidates (any term, plus exact-phrase pages),
   * re-ranked so a page with the exact phrase comes first, then by the share of terms it holds and
   * the engine's relevance.
   */
  private async rankedPages(ownerId: string, q: string, bookId: string | undefined, limit: number) {
    if (bookId && !(await this.library.ownsBook(ownerId, bookId))) throw AppError.notFound('Book not found');
    const words = queryWords(q);
    if (words.length === 0) return [];
    const terms = searchTerms(words);
    const options = { bookId, limit: Math.max(CANDIDATES, limit * 2) };
    const [byTerms, byPhrase] = await Promise.all([
      this.index.anyOf(ownerId, terms, options),
      words.length > 1 ? this.index.phrase(ownerId, words, { bookId, limit }) : Promise.resolve([]),
    ]);
    const candidates = uniqueMatches([...byTerms, ...byPhrase]);
    if (candidates.length === 0) return [];
    const best = Math.max(...candidates.map((match) => match.relevance), Number.EPSILON);
    const relevance = new Map(candidates.map((match) => [key(match), match.relevance / best]));
    const ranked: RankedPage[] = (await this.library.pagesAt(candidates)).map((page) => {
      const quality = matchQuality(page.text, words, terms);
      const score = (quality.exactPhrase ? 1 : 0) + 0.5 * quality.coverage + 0.5 * (relevance.get(key(page)) ?? 0);
      return { ...page, score };
    });
    return ranked.sort((a, b) => b.score - a.score).slice(0, limit);
  }

  private async context(pages: readonly StoredPage[]) {
    const bookIds = [...new Set(pages.map((page) => page.bookId))];
    const [titles, chapters] = await Promise.all([this.library.bookTitles(bookIds), this.library.chaptersOf(bookIds)]);
    const chapterAt = (page: StoredPage): ChapterSpan | undefined =>
      chapters.find(
        (chapter) => chapter.bookId === page.bookId && chapter.startPage <= page.page && page.page <= chapter.endPage,
      );
    return { titles, chapterAt };
  }
}

const key = (match: { bookId: string; page: number }) => `${match.bookId}:${match.page}`;

function uniqueMatches(matches: PageMatch[]): PageMatch[] {
  const seen = new Map<string, PageMatch>();
  for (const match of matches) {
    const existing = seen.get(key(match));
    if (!existing || match.relevance > existing.relevance) seen.set(key(match), match);
  }
  return [...seen.values()];
}
