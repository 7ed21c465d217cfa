import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import { Not, type DataSource, type Repository } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity.js';
import { isUniqueViolation } from '../users/user.repository.js';
import { AssetEntity, type AssetKind, type AssetSubject } from './entities/asset.entity.js';

export interface AssetSubjectRef {
  ownerId: string;
  bookId: string;
  kind: AssetKind;
  subject: AssetSubject;
  subjectId: string;
}

@Injectable()
export class AssetRepository {
  private readonly assets: Repository<AssetEntity>;

  constructor(@InjectDataSource() dataSource: DataSource) {
    this.assets = dataSource.getRepository(AssetEntity);
  }

  findCached(ref: AssetSubjectRef, contentHash: string): Promise<AssetEntity | null> {
    return this.assets.findOneBy({
      ownerId: ref.ownerId,
      kind: ref.kind,
      subject: ref.subject,
      subjectId: ref.subjectId,
      contentHash,
    });
  }

  /** Records a new file; when a concurrent request recorded the same one first, returns that one. */
  async record(
    ref: AssetSubjectRef,
    contentHash: string,
    fileKey: string,
    meta: Record<string, unknown> | null,
  ): Promise<AssetEntity> {
    const asset: AssetEntity = { id: randomUUID(), ...ref, contentHash, fileKey, meta, createdAt: new Date() };
    try {
      await this.assets.insert(asset as QueryDeepPartialEntity<AssetEntity>);
      return asset;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      return (await this.findCached(ref, contentHash))!;
    }
  }

  async removeStale(ref: AssetSubjectRef, keepHash: string): Promise<string[]> {
    const where = {
      ownerId: ref.ownerId,
      kind: ref.kind,
      subject: ref.subject,
      subjectId: ref.subjectId,
      contentHash: Not(keepHash),
    };
    const stale = await this.assets.findBy(where);
    if (stale.length) await this.assets.delete(where);
    return stale.map((asset) => asset.fileKey);
  }
}
