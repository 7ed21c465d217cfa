import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import type { DataSource, Repository } from 'typeorm';
import { LlmUsageEntity } from './llm-usage.entity.js';
import { LlmUsageLedger, type LlmUsage } from './study-engine.port.js';

/** Token usage per model call, kept in the database; the daily budget is summed from it. */
@Injectable()
export class DatabaseLlmUsageLedger extends LlmUsageLedger {
  private readonly usage: Repository<LlmUsageEntity>;

  constructor(@InjectDataSource() dataSource: DataSource) {
    super();
    this.usage = dataSource.getRepository(LlmUsageEntity);
  }

  async record(usage: LlmUsage): Promise<void> {
    await this.usage.insert({ id: randomUUID(), ...usage });
  }

  async tokensUsedToday(userId: string): Promise<number> {
    const startOfDay = new Date();
    startOfDay.setUTCHours(0, 0, 0, 0);
    const row = await this.usage
      .createQueryBuilder('usage')
      .select('COALESCE(SUM(usage.input_tokens + usage.output_tokens), 0)', 'total')
      .where('usage.user_id = :userId AND usage.created_at >= :startOfDay', { userId, startOfDay })
      .getRawOne<{ total: number | string }>();
    return Number(row?.total ?? 0);
  }
}
