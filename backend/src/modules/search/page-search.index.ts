import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

export interface PageMatch {
  bookId: string;
  page: number;
  relevance: number;
}

export interface PageSearchOptions {
  bookId?: string;
  limit: number;
}

export interface MatchCount {
  pages: number;
  books: number;
}

/** The database keeps the index in step with `pages` (see the search migrations), so this port only reads. */
export abstract class PageSearchIndex {
  abstract anyOf(ownerId: string, terms: readonly string[], options: PageSearchOptions): Promise<PageMatch[]>;
  abstract phrase(ownerId: string, words: readonly string[], options: PageSearchOptions): Promise<PageMatch[]>;
  /** Every page (and book) holding any of `terms`, uncapped: the "of 134 pages" of a search. */
  abstract countAnyOf(ownerId: string, terms: readonly string[], bookId?: string): Promise<MatchCount>;
}

interface CountRow {
  pages: number | string;
  books: number | string;
}

const toCount = (rows: CountRow[]): MatchCount => ({
  pages: Number(rows[0]?.pages ?? 0),
  books: Number(rows[0]?.books ?? 0),
});

interface MatchRow {
  book_id: string;
  page: number | string;
  relevance: number | string;
}

const toMatches = (rows: MatchRow[]): PageMatch[] =>
  rows.map((row) => ({ bookId: row.book_id, page: Number(row.page), relevance: Number(row.relevance) }));

/** SQLite FTS5 (porter stemming, diacritics folded), ranked by BM25. */
@Injectable()
export class Fts5PageSearchIndex extends PageSearchIndex {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  anyOf(ownerId: string, terms: readonly string[], options: PageSearchOptions): Promise<PageMatch[]> {
    return this.run(terms.map(quote).join(' OR '), ownerId, options);
  }

  phrase(ownerId: string, words: readonly string[], options: PageSearchOptions): Promise<PageMatch[]> {
    return this.run(quote(words.join(' ')), ownerId, options);
  }

  async countAnyOf(ownerId: string, terms: readonly string[], bookId?: string): Promise<MatchCount> {
    const rows: CountRow[] = await this.dataSource.query(
      `SELECT COUNT(*) AS pages, COUNT(DISTINCT p.book_id) AS books
         FROM page_search
         JOIN pages p ON p.rowid = page_search.rowid
         JOIN books b ON b.id = p.book_id
        WHERE page_search MATCH ? AND b.owner_id = ?${bookId ? ' AND p.book_id = ?' : ''}`,
      [terms.map(quote).join(' OR '), ownerId, ...(bookId ? [bookId] : [])],
    );
    return toCount(rows);
  }

  private async run(match: string, ownerId: string, { bookId, limit }: PageSearchOptions): Promise<PageMatch[]> {
    const rows: MatchRow[] = await this.dataSource.query(
      `SELECT p.book_id AS book_id, p.number AS page, -bm25(page_search) AS relevance
         FROM page_search
         JOIN pages p ON p.rowid = page_search.rowid
         JOIN books b ON b.id = p.book_id
        WHERE page_search MATCH ? AND b.owner_id = ?${bookId ? ' AND p.book_id = ?' : ''}
        ORDER BY bm25(page_search)
        LIMIT ?`,
      [match, ownerId, ...(bookId ? [bookId] : []), limit],
    );
    return toMatches(rows);
  }
}

/** MySQL / MariaDB InnoDB FULLTEXT, ranked by its natural-language relevance. */
@Injectable()
export class InnoDbPageSearchIndex extends PageSearchIndex {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  anyOf(ownerId: string, terms: readonly string[], options: PageSearchOptions): Promise<PageMatch[]> {
    return this.run('NATURAL LANGUAGE MODE', terms.join(' '), ownerId, options);
  }

  phrase(ownerId: string, words: readonly string[], options: PageSearchOptions): Promise<PageMatch[]> {
    return this.run('BOOLEAN MODE', quote(words.join(' ')), ownerId, options);
  }

  async countAnyOf(ownerId: string, terms: readonly string[], bookId?: string): Promise<MatchCount> {
    const rows: CountRow[] = await this.dataSource.query(
      `SELECT COUNT(*) AS pages, COUNT(DISTINCT p.book_id) AS books
         FROM pages p
         JOIN books b ON b.id = p.book_id
        WHERE MATCH (p.text) AGAINST (? IN NATURAL LANGUAGE MODE) AND b.owner_id = ?${bookId ? ' AND p.book_id = ?' : ''}`,
      [terms.join(' '), ownerId, ...(bookId ? [bookId] : [])],
    );
    return toCount(rows);
  }

  private async run(
    mode: 'NATURAL LANGUAGE MODE' | 'BOOLEAN MODE',
    against: string,
    ownerId: string,
    { bookId, limit }: PageSearchOptions,
  ): Promise<PageMatch[]> {
    const rows: MatchRow[] = await this.dataSource.query(
      `SELECT p.book_id AS book_id, p.number AS page, MATCH (p.text) AGAINST (? IN ${mode}) AS relevance
         FROM pages p
         JOIN books b ON b.id = p.book_id
        WHERE MATCH (p.text) AGAINST (? IN ${mode}) AND b.owner_id = ?${bookId ? ' AND p.book_id = ?' : ''}
        ORDER BY relevance DESC
        LIMIT ?`,
      [against, against, ownerId, ...(bookId ? [bookId] : []), limit],
    );
    return toMatches(rows);
  }
}

// Inside double quotes both engines take the text literally (no operators); quotes are doubled or dropped.
function quote(text: string): string {
  return `"${text.replace(/"/g, ' ')}"`;
}

export function createPageSearchIndex(dataSource: DataSource): PageSearchIndex {
  return dataSource.options.type === 'mysql' || dataSource.options.type === 'mariadb'
    ? new InnoDbPageSearchIndex(dataSource)
    : new Fts5PageSearchIndex(dataSource);
}
