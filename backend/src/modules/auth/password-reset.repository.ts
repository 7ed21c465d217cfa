import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import { IsNull, type DataSource, type Repository } from 'typeorm';
import { PasswordResetEntity } from './password-reset.entity.js';

@Injectable()
export class PasswordResetRepository {
  private readonly resets: Repository<PasswordResetEntity>;

  constructor(@InjectDataSource() dataSource: DataSource) {
    this.resets = dataSource.getRepository(PasswordResetEntity);
  }

  async replaceForUser(userId: string, codeHash: string, expiresAt: Date): Promise<void> {
    await this.resets.manager.transaction(async (tx) => {
      await tx.delete(PasswordResetEntity, { userId });
      await tx.insert(PasswordResetEntity, {
        id: randomUUID(),
        userId,
        codeHash,
        expiresAt,
        attempts: 0,
        usedAt: null,
      });
    });
  }

  findActiveForUser(userId: string): Promise<PasswordResetEntity | null> {
    return this.resets.findOne({ where: { userId, usedAt: IsNull() }, order: { createdAt: 'DESC' } });
  }

  async recordFailedAttempt(id: string): Promise<number> {
    await this.resets.increment({ id }, 'attempts', 1);
    const reset = await this.resets.findOneBy({ id });
    return reset?.attempts ?? Number.MAX_SAFE_INTEGER;
  }

  /** False when another request used it first (single use under races). */
  async markUsed(id: string): Promise<boolean> {
    const result = await this.resets.update({ id, usedAt: IsNull() }, { usedAt: new Date() });
    return (result.affected ?? 0) === 1;
  }
}
