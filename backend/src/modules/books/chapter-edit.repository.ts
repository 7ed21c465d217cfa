import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { In, type DataSource, type EntityManager } from 'typeorm';
import { AssetEntity } from './entities/asset.entity.js';
import { ChapterEntity } from './entities/chapter.entity.js';
import { TopicEntity } from './entities/topic.entity.js';

export interface EditOutcome {
  chapters: ChapterEntity[];
  staleFiles: string[];
}

// Changed chapters lose summary, topics and audio; exports print titles, so any edit drops them.
@Injectable()
export class ChapterEditRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  rename(chapterId: string, title: string, bookId: string): Promise<EditOutcome> {
    return this.edit(bookId, async (tx) => {
      await tx.update(ChapterEntity, { id: chapterId }, { title });
      // The text is unchanged, so summary and topics stay; exports print the title, so they go.
      return { changed: [], dropsExports: true };
    });
  }

  merge(first: ChapterEntity, second: ChapterEntity): Promise<EditOutcome> {
    return this.edit(first.bookId, async (tx) => {
      await tx.delete(ChapterEntity, { id: second.id });
      await tx.update(ChapterEntity, { id: first.id }, { endPage: second.endPage, endLabel: second.endLabel });
      return { changed: [first.id, second.id], dropsExports: true };
    });
  }

  split(chapter: ChapterEntity, added: ChapterEntity, endLabel: string | null): Promise<EditOutcome> {
    return this.edit(chapter.bookId, async (tx) => {
      await tx.update(ChapterEntity, { id: chapter.id }, { endPage: added.startPage - 1, endLabel });
      await tx.insert(ChapterEntity, added);
      return { changed: [chapter.id, added.id], dropsExports: true };
    });
  }

  remove(chapter: ChapterEntity, neighbour: ChapterEntity): Promise<EditOutcome> {
    return this.edit(chapter.bookId, async (tx) => {
      await tx.delete(ChapterEntity, { id: chapter.id });
      const pages =
        neighbour.startPage < chapter.startPage
          ? { endPage: chapter.endPage, endLabel: chapter.endLabel }
          : { startPage: chapter.startPage, startLabel: chapter.startLabel };
      await tx.update(ChapterEntity, { id: neighbour.id }, pages);
      return { changed: [chapter.id, neighbour.id], dropsExports: true };
    });
  }

  dropAllFiles(bookId: string): Promise<string[]> {
    return this.dataSource.transaction(async (tx) => {
      const assets = await tx.findBy(AssetEntity, { bookId });
      if (assets.length) await tx.delete(AssetEntity, { bookId });
      return assets.map((asset) => asset.fileKey);
    });
  }

  private edit(
    bookId: string,
    change: (tx: EntityManager) => Promise<{ changed: string[]; dropsExports: boolean }>,
  ): Promise<EditOutcome> {
    return this.dataSource.transaction(async (tx) => {
      const { changed, dropsExports } = await change(tx);
      if (changed.length) {
        await tx.delete(TopicEntity, { chapterId: In(changed) });
        await tx.update(ChapterEntity, { id: In(changed) }, { summary: null, summaryEngine: null });
      }
      const stale = await tx.findBy(AssetEntity, [
        ...(changed.length ? [{ bookId, subject: 'chapter' as const, subjectId: In(changed) }] : []),
        ...(dropsExports
          ? [
              { bookId, subject: 'book' as const },
              { bookId, subject: 'book_full' as const },
            ]
          : []),
      ]);
      if (stale.length) await tx.delete(AssetEntity, { id: In(stale.map((asset) => asset.id)) });
      const chapters = await tx.find(ChapterEntity, {
        where: { bookId },
        order: { startPage: 'ASC', chapterNumber: 'ASC' },
      });
      for (const [index, chapter] of chapters.entries()) {
        if (chapter.chapterNumber === index + 1) continue;
        chapter.chapterNumber = index + 1;
        await tx.update(ChapterEntity, { id: chapter.id }, { chapterNumber: index + 1 });
      }
      return { chapters, staleFiles: stale.map((asset) => asset.fileKey) };
    });
  }
}
