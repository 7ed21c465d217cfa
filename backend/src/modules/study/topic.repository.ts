import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import type { DataSource, Repository } from 'typeorm';
import { transactionWithRetry } from '../../database/transaction-retry.js';
import type { TopicDraft } from '../../providers/llm/study-engine.port.js';
import { BookEntity } from '../books/entities/book.entity.js';
import { ChapterEntity } from '../books/entities/chapter.entity.js';
import { TopicEntity } from '../books/entities/topic.entity.js';

@Injectable()
export class TopicRepository {
  private readonly topics: Repository<TopicEntity>;

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {
    this.topics = dataSource.getRepository(TopicEntity);
  }

  listForChapter(chapterId: string): Promise<TopicEntity[]> {
    return this.topics.find({ where: { chapterId }, order: { position: 'ASC' } });
  }

  async chaptersWithTopics(chapterIds: readonly string[]): Promise<Set<string>> {
    if (chapterIds.length === 0) return new Set();
    const rows = await this.topics
      .createQueryBuilder('topic')
      .select('topic.chapterId', 'chapterId')
      .distinct(true)
      .where('topic.chapterId IN (:...ids)', { ids: chapterIds })
      .getRawMany<{ chapterId: string }>();
    return new Set(rows.map((row) => row.chapterId));
  }

  async replaceForChapter(chapterId: string, drafts: TopicDraft[]): Promise<TopicEntity[]> {
    const rows = drafts.map((draft, position) => ({
      id: randomUUID(),
      chapterId,
      position,
      title: draft.title.slice(0, 300),
      pages: draft.pages,
      eli12Summary: null,
    }));
    // Chapters prepared side by side replace their topics at once: InnoDB may break a gap-lock deadlock.
    await transactionWithRetry(this.dataSource, async (tx) => {
      await tx.delete(TopicEntity, { chapterId });
      if (rows.length) await tx.insert(TopicEntity, rows);
    });
    return rows;
  }

  async findOwned(
    ownerId: string,
    topicId: string,
  ): Promise<{ topic: TopicEntity; chapter: ChapterEntity; book: BookEntity } | null> {
    const topic = await this.topics.findOneBy({ id: topicId });
    if (!topic) return null;
    const chapter = await this.dataSource.getRepository(ChapterEntity).findOneBy({ id: topic.chapterId });
    if (!chapter) return null;
    const book = await this.dataSource.getRepository(BookEntity).findOneBy({ id: chapter.bookId, ownerId });
    return book ? { topic, chapter, book } : null;
  }

  async setEli12(topicId: string, text: string): Promise<void> {
    await this.topics.update({ id: topicId }, { eli12Summary: text });
  }
}
