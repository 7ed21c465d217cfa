import { Injectable, Logger } from '@nestjs/common';
import {
  MESSAGES,
  type SearchAnswer,
  type SearchAnswerRequest,
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
import { buildSnippet, matchQuality, queryWords, searchTerms } from './search-text.js';
import { SearchRepository, type ChapterSpan, type StoredPage } from './search.repository.js';

/** Pages asked of the engine per query: enough for re-ranking to lift an exact phrase into the top few. */
const CANDIDATES = 40;
const ANSWER_PASSAGES = 6;
/** Reciprocal rank fusion constant (Cormack et al.): damps the head of each list. */
const RRF_K = 60;

interface RankedPage extends StoredPage {
  score: number;
}

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
        chapter_label: chapter?.label ?? null,
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

  // Full-text candidates re-ranked: exact phrase first, then share of terms, then the engine's relevance. Semantic
  // neighbours join by reciprocal rank fusion; exact-phrase pages still lead.
  private async rankedPages(ownerId: string, q: string, bookId: string | undefined, limit: number) {
    if (bookId && !(await this.library.ownsBook(ownerId, bookId))) throw AppError.notFound('Book not found');
    const words = queryWords(q);
    if (words.length === 0) return [];
    const terms = searchTerms(words);
    const options = { bookId, limit: Math.max(CANDIDATES, limit * 2) };
    const [byTerms, byPhrase, byMeaning] = await Promise.all([
      this.index.anyOf(ownerId, terms, options),
      words.length > 1 ? this.index.phrase(ownerId, words, { bookId, limit }) : Promise.resolve([]),
      this.closestInMeaning(ownerId, q, bookId, options.limit),
    ]);
    const byText = uniqueMatches([...byTerms, ...byPhrase]);
    const candidates = uniqueMatches([...byText, ...byMeaning]);
    if (candidates.length === 0) return [];
    const best = Math.max(...byText.map((match) => match.relevance), Number.EPSILON);
    const relevance = new Map(byText.map((match) => [key(match), match.relevance / best]));
    const pages = await this.library.pagesAt(candidates);
    const phrasePages = new Set<string>();
    const textRanked = pages
      .filter((page) => relevance.has(key(page)))
      .map((page) => {
        const quality = matchQuality(page.text, words, terms);
        if (quality.exactPhrase) phrasePages.add(key(page));
        return {
          ...page,
          score: (quality.exactPhrase ? 1 : 0) + 0.5 * quality.coverage + 0.5 * relevance.get(key(page))!,
        };
      })
      .sort((a, b) => b.score - a.score);
    if (byMeaning.length === 0) return textRanked.slice(0, limit);

    const textRank = new Map(textRanked.map((page, index) => [key(page), index + 1]));
    const meaningRank = new Map(byMeaning.map((match, index) => [key(match), index + 1]));
    const fused: RankedPage[] = pages.map((page) => {
      const ranks = [textRank.get(key(page)), meaningRank.get(key(page))].filter((rank) => rank !== undefined);
      const rrf = ranks.reduce((sum, rank) => sum + 1 / (RRF_K + rank), 0);
      // Scaled so one list's top page is worth 0.5; both lists' top page 1; an exact phrase adds 1.
      return { ...page, score: (phrasePages.has(key(page)) ? 1 : 0) + (rrf * (RRF_K + 1)) / 2 };
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

const key = (match: { bookId: string; page: number }) => `${match.bookId}:${match.page}`;

function uniqueMatches(matches: PageMatch[]): PageMatch[] {
  const seen = new Map<string, PageMatch>();
  for (const match of matches) {
    const existing = seen.get(key(match));
    if (!existing || match.relevance > existing.relevance) seen.set(key(match), match);
  }
  return [...seen.values()];
}
