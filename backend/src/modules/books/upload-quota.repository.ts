import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, Repository } from 'typeorm';
import { UploadUsageEntity } from './entities/upload-usage.entity.js';

export type SlotReservation = { reserved: boolean; used: number };

// Reserving is one conditional UPDATE, so concurrent uploads cannot overshoot.
@Injectable()
export class UploadQuotaRepository {
  private readonly usage: Repository<UploadUsageEntity>;

  constructor(@InjectDataSource() dataSource: DataSource) {
    this.usage = dataSource.getRepository(UploadUsageEntity);
  }

  async reserveSlot(userId: string, period: string, limit: number | null): Promise<SlotReservation> {
    await this.usage.createQueryBuilder().insert().values({ userId, period, used: 0 }).orIgnore().execute();
    const update = this.usage
      .createQueryBuilder()
      .update()
      .set({ used: () => 'used + 1' })
      .where('user_id = :userId AND period = :period', { userId, period });
    if (limit !== null) update.andWhere('used < :limit', { limit });
    const result = await update.execute();
    return { reserved: result.affected === 1, used: await this.used(userId, period) };
  }

  async releaseSlot(userId: string, period: string): Promise<void> {
    await this.usage
      .createQueryBuilder()
      .update()
      .set({ used: () => 'used - 1' })
      .where('user_id = :userId AND period = :period AND used > 0', { userId, period })
      .execute();
  }

  async used(userId: string, period: string): Promise<number> {
    return (await this.usage.findOneBy({ userId, period }))?.used ?? 0;
  }
}

/** The current upload period, 'YYYY-MM' in UTC. */
export function currentPeriod(now = new Date()): string {
  return now.toISOString().slice(0, 7);
}
