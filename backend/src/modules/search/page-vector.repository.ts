import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

export interface PageVector {
  bookId: string;
  page: number;
  vector: Float32Array;
}

const OWNERS_CACHED = 16;

// Each owner's vectors stay in memory until their set of embedded books changes: a search compares them all.
@Injectable()
export class PageVectorRepository {
  private readonly cache = new Map<string, { signature: string; vectors: PageVector[] }>();

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async booksToEmbed(model: string, limit: number): Promise<string[]> {
    const rows: Array<{ id: string }> = await this.dataSource.query(
      `SELECT b.id AS id FROM books b
        WHERE b.status = 'completed' AND b.total_pages > 0
          AND NOT EXISTS (SELECT 1 FROM page_embeddings e WHERE e.book_id = b.id AND e.model = ?)
        ORDER BY b.created_at LIMIT ?`,
      [model, limit],
    );
    return rows.map((row) => row.id);
  }

  async pagesOf(bookId: string): Promise<Array<{ page: number; text: string }>> {
    const rows: Array<{ number: number | string; text: string }> = await this.dataSource.query(
      `SELECT number, text FROM pages WHERE book_id = ? ORDER BY number`,
      [bookId],
    );
    return rows.map((row) => ({ page: Number(row.number), text: row.text }));
  }

  /** Replaces the book's vectors in one transaction; a book deleted meanwhile takes none. */
  async save(bookId: string, model: string, vectors: Array<{ page: number; vector: number[] }>): Promise<void> {
    await this.dataSource.transaction(async (tx) => {
      const [exists] = await tx.query(`SELECT 1 AS found FROM books WHERE id = ?`, [bookId]);
      if (!exists) return;
      await tx.query(`DELETE FROM page_embeddings WHERE book_id = ?`, [bookId]);
      for (let i = 0; i < vectors.length; i += 100) {
        const batch = vectors.slice(i, i + 100);
        await tx.query(
          `INSERT INTO page_embeddings (book_id, page, model, vector) VALUES ${batch.map(() => '(?, ?, ?, ?)').join(', ')}`,
          batch.flatMap(({ page, vector }) => [bookId, page, model, Buffer.from(new Float32Array(vector).buffer)]),
        );
      }
    });
  }

  async vectorsOf(ownerId: string, model: string, bookId?: string): Promise<PageVector[]> {
    const counts: Array<{ book_id: string; pages: number | string }> = await this.dataSource.query(
      `SELECT e.book_id AS book_id, COUNT(*) AS pages FROM page_embeddings e JOIN books b ON b.id = e.book_id
        WHERE b.owner_id = ? AND e.model = ? GROUP BY e.book_id ORDER BY e.book_id`,
      [ownerId, model],
    );
    const signature = counts.map((row) => `${row.book_id}:${Number(row.pages)}`).join(',');
    let cached = this.cache.get(ownerId);
    if (cached?.signature !== signature) {
      const rows: Array<{ book_id: string; page: number | string; vector: Buffer }> = await this.dataSource.query(
        `SELECT e.book_id AS book_id, e.page AS page, e.vector AS vector FROM page_embeddings e
           JOIN books b ON b.id = e.book_id WHERE b.owner_id = ? AND e.model = ?`,
        [ownerId, model],
      );
      cached = {
        signature,
        vectors: rows.map((row) => ({
          bookId: row.book_id,
          page: Number(row.page),
          vector: unit(toFloats(row.vector)),
        })),
      };
      this.cache.delete(ownerId);
      this.cache.set(ownerId, cached);
      if (this.cache.size > OWNERS_CACHED) this.cache.delete(this.cache.keys().next().value!);
    }
    return bookId ? cached.vectors.filter((vector) => vector.bookId === bookId) : cached.vectors;
  }
}

function toFloats(buffer: Buffer): Float32Array {
  // Copied: a Buffer from the driver may share (and misalign) a larger memory pool.
  const copy = new Uint8Array(buffer.byteLength);
  copy.set(buffer);
  return new Float32Array(copy.buffer);
}

export function unit(vector: ArrayLike<number>): Float32Array {
  let norm = 0;
  for (let i = 0; i < vector.length; i += 1) norm += vector[i]! * vector[i]!;
  const scale = norm > 0 ? 1 / Math.sqrt(norm) : 0;
  const out = new Float32Array(vector.length);
  for (let i = 0; i < vector.length; i += 1) out[i] = vector[i]! * scale;
  return out;
}

export function dot(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i += 1) sum += a[i]! * b[i]!;
  return sum;
}
