import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import type { DataSource, Repository } from 'typeorm';
import { isUniqueViolation } from '../users/user.repository.js';
import { ChargeEntity } from './charge.entity.js';

export type NewCharge = Omit<ChargeEntity, 'id' | 'status'>;

@Injectable()
export class ChargeRepository {
  private readonly charges: Repository<ChargeEntity>;

  constructor(@InjectDataSource() dataSource: DataSource) {
    this.charges = dataSource.getRepository(ChargeEntity);
  }

  /** Records a charge once per provider payment id; false when it was already recorded. */
  async record(charge: NewCharge): Promise<boolean> {
    try {
      await this.charges.insert({ ...charge, id: randomUUID(), status: 'paid' });
      return true;
    } catch (error) {
      if (isUniqueViolation(error)) return false;
      throw error;
    }
  }

  /** Marks a recorded payment refunded; false when we never recorded it. */
  async markRefunded(provider: ChargeEntity['provider'], chargeRef: string): Promise<boolean> {
    const result = await this.charges.update({ provider, chargeRef }, { status: 'refunded' });
    return (result.affected ?? 0) > 0;
  }

  findForUser(userId: string, limit: number): Promise<ChargeEntity[]> {
    return this.charges.find({ where: { userId }, order: { chargedAt: 'DESC', id: 'ASC' }, take: limit });
  }
}
