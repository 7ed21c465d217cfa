import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, Repository } from 'typeorm';
import { ApiTokenEntity } from './api-token.entity.js';

@Injectable()
export class ApiTokenRepository {
  private readonly tokens: Repository<ApiTokenEntity>;

  constructor(@InjectDataSource() dataSource: DataSource) {
    this.tokens = dataSource.getRepository(ApiTokenEntity);
  }

  listOwned(userId: string): Promise<ApiTokenEntity[]> {
    return this.tokens.find({ where: { userId }, order: { createdAt: 'DESC', id: 'ASC' } });
  }

  countOwned(userId: string): Promise<number> {
    return this.tokens.countBy({ userId });
  }

  async insert(token: ApiTokenEntity): Promise<ApiTokenEntity> {
    await this.tokens.insert(token);
    return this.tokens.findOneByOrFail({ id: token.id });
  }

  findByPublicId(publicId: string): Promise<ApiTokenEntity | null> {
    return this.tokens.findOneBy({ publicId });
  }

  /** False when there is no such token of this owner (someone else's id looks missing, AC-1). */
  async deleteOwned(userId: string, id: string): Promise<boolean> {
    const result = await this.tokens.delete({ id, userId });
    return (result.affected ?? 0) > 0;
  }

  async deleteAllOwned(userId: string): Promise<void> {
    await this.tokens.delete({ userId });
  }

  async touchLastUsed(id: string, at: Date): Promise<void> {
    await this.tokens.update({ id }, { lastUsedAt: at });
  }
}
