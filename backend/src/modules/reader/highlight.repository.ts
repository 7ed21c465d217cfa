import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, Repository } from 'typeorm';
import { HighlightEntity } from './highlight.entity.js';

@Injectable()
export class HighlightRepository {
  private readonly highlights: Repository<HighlightEntity>;

  constructor(@InjectDataSource() dataSource: DataSource) {
    this.highlights = dataSource.getRepository(HighlightEntity);
  }

  listOwnedInBook(ownerId: string, bookId: string): Promise<HighlightEntity[]> {
    return this.highlights.find({ where: { ownerId, bookId }, order: { page: 'ASC', createdAt: 'ASC', id: 'ASC' } });
  }

  findOwned(ownerId: string, id: string): Promise<HighlightEntity | null> {
    return this.highlights.findOneBy({ ownerId, id });
  }

  async insert(highlight: HighlightEntity): Promise<HighlightEntity> {
    await this.highlights.insert(highlight);
    return this.highlights.findOneByOrFail({ id: highlight.id });
  }

  async updateOwned(
    ownerId: string,
    id: string,
    fields: Partial<Pick<HighlightEntity, 'note' | 'color'>>,
  ): Promise<HighlightEntity | null> {
    const result = await this.highlights.update({ ownerId, id }, fields);
    if ((result.affected ?? 0) === 0) return null;
    return this.highlights.findOneBy({ ownerId, id });
  }

  /** False when there is no such highlight of this owner (someone else's id looks missing). */
  async deleteOwned(ownerId: string, id: string): Promise<boolean> {
    const result = await this.highlights.delete({ ownerId, id });
    return (result.affected ?? 0) > 0;
  }
}
