import { Injectable, Logger } from '@nestjs/common';
import {
  MESSAGES,
  type SearchAnswer,
  type SearchAnswerRequest,
  type SearchCount,
  type SearchCountQuery,
  type SearchQuery,
  type SearchResult,
} from '@chapterwise/shared';
import { AppError } from '../../common/app-error.js';
import { TextEmbedder } from '../../providers/embeddings/text-embedder.port.js';
import {
  StudyBudgetExceededError,
  StudyEngine,
  StudyEngineUnavailableError,
} from '../../providers/llm/study-engine.port.js';
import { PageSearchIndex, type PageMatch } from './page-search.index.js';
import { dot, PageVectorRepository, unit } from './page-vector.repository.js';
import { buildSnippet, definedTerm, questionPhrase, queryWords, searchTerms } from './search-text.js';
import { SearchRepository, type ChapterSpan, type StoredPage } from './search.repository.js';
import { CANDIDATES, pageKey, rankByText, textMatches, uniqueMatches } from './text-ranking.js';

const ANSWER_PASSAGES = 6;
/** Reciprocal rank fusion constant (Cormack et al.): damps the head of each list. */
const RRF_K = 60;

@Injectable()
export class SearchService {
  private readonly logger = new Logger(SearchService.name);

  constructor(
    private readonly index: PageSearchIndex,
    private readonly library: SearchRepository,
    private readonly engine: StudyEngine,
    private readonly vectors: PageVectorRepository,
    private readonly embedder: TextEmbedder,
  ) {}

  async search(ownerId: string, query: SearchQuery): Promise<SearchResult[]> {
    const words = queryWords(query.q);
    // A later page of results is the tail of a longer ranking: the ranking fuses two lists, so it is not cut in SQL.
    const ranked = await this.rankedPages(ownerId, query.q, query.book_id, query.offset + query.limit, false);
    const pages = ranked.slice(query.offset);
    const terms = searchTerms(words);
    const { titles, chapterAt } = await this.context(pages);
    return pages.map((page) => {
      const chapter = chapterAt(page);
      return {
        book_id: page.bookId,
        book_title: titles.get(page.bookId) ?? '',
        chapter_id: chapter?.id ?? null,
        chapter_title: chapter?.title ?? null,
        chapter_label: chapter?.label ?? null,
        page: page.page,
        page_label: page.label,
        snippet: buildSnippet(page.text, words, terms),
        score: Math.round(page.score * 1000) / 1000,
      };
    });
  }

  async count(ownerId: string, query: SearchCountQuery): Promise<SearchCount> {
    if (query.book_id && !(await this.library.ownsBook(ownerId, query.book_id)))
      throw AppError.notFound('Book not found');
    const words = queryWords(query.q);
    if (words.length === 0) return { pages: 0, books: 0 };
    return this.index.countAnyOf(ownerId, searchTerms(words), query.book_id);
  }

  async answer(ownerId: string, request: SearchAnswerRequest): Promise<SearchAnswer> {
    const pages = await this.rankedPages(ownerId, request.q, request.book_id, ANSWER_PASSAGES, true);
    const engine = this.engine.kind === 'llm' ? 'llm' : 'extractive';
    if (pages.length === 0) return { answer: MESSAGES.searchNoAnswer, citations: [], engine, answered: false };
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
    const answered = grounded.answered ?? (Boolean(grounded.text) && grounded.citations.length > 0);
    if (!answered && grounded.citations.length === 0) {
      return { answer: MESSAGES.searchNoAnswer, citations: [], engine, answered: false };
    }
    // Citations are numbered in the order the answer first uses them: [1] is citations[0].
    const order = grounded.citations.map((citation) => citation.passage);
    const answer = !answered
      ? MESSAGES.searchNotAnswered
      : grounded.text.replace(/\[(\d+)\]/g, (_marker, id: string) => `[${order.indexOf(Number(id)) + 1}]`);
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
    return { answer, citations, engine, answered };
  }

  // Full-text candidates re-ranked (see rankByText). Semantic neighbours join by reciprocal rank fusion; exact-phrase
  // pages still lead.
  private async rankedPages(ownerId: string, q: string, bookId: string | undefined, limit: number, question: boolean) {
    if (bookId && !(await this.library.ownsBook(ownerId, bookId))) throw AppError.notFound('Book not found');
    const words = queryWords(q);
    if (words.length === 0) return [];
    const terms = searchTerms(words);
    const phrase = question ? questionPhrase(words) : words;
    const defined = question ? definedTerm(words) : [];
    const [byText, byMeaning] = await Promise.all([
      textMatches(this.index, ownerId, phrase, terms, { bookId, limit, defined }),
      this.closestInMeaning(ownerId, q, bookId, Math.max(CANDIDATES, limit * 2)),
    ]);
    const candidates = uniqueMatches([...byText, ...byMeaning]);
    if (candidates.length === 0) return [];
    const pages = await this.library.pagesAt(candidates);
    const textRanked = rankByText(pages, byText, phrase, terms, { defined });
    if (byMeaning.length === 0) return textRanked.slice(0, limit);

    const phrasePages = new Set(textRanked.filter((page) => page.exactPhrase).map(pageKey));
    const textRank = new Map(textRanked.map((page, index) => [pageKey(page), index + 1]));
    const meaningRank = new Map(byMeaning.map((match, index) => [pageKey(match), index + 1]));
    const fused = pages.map((page) => {
      const ranks = [textRank.get(pageKey(page)), meaningRank.get(pageKey(page))].filter((rank) => rank !== undefined);
      const rrf = ranks.reduce((sum, rank) => sum + 1 / (RRF_K + rank), 0);
      // Scaled so one list's top page is worth 0.5; both lists' top page 1; an exact phrase adds 1.
      return { ...page, score: (phrasePages.has(pageKey(page)) ? 1 : 0) + (rrf * (RRF_K + 1)) / 2 };
    });
    return fused.sort((a, b) => b.score - a.score).slice(0, limit);
  }

  private async closestInMeaning(ownerId: string, q: string, bookId: string | undefined, limit: number) {
    if (this.embedder.disabledReason) return [];
    const vectors = await this.vectors.vectorsOf(ownerId, this.embedder.model, bookId);
    if (vectors.length === 0) return [];
    let query: Float32Array;
    try {
      query = unit((await this.embedder.embed([q]))[0]!);
    } catch (error) {
      // Meaning is a bonus: an unreachable embeddings endpoint leaves full-text search working.
      this.logger.warn(`Query embedding failed, searching full text only: ${String(error)}`);
      return [];
    }
    return vectors
      .map((vector): PageMatch => ({ bookId: vector.bookId, page: vector.page, relevance: dot(query, vector.vector) }))
      .sort((a, b) => b.relevance - a.relevance)
      .slice(0, limit);
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
