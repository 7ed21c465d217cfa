import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import { LessThan, Not, type DataSource, type Repository } from 'typeorm';
import type { Plan, User } from '@chapterwise/shared';
import { UserEntity } from './user.entity.js';

@Injectable()
export class UserRepository {
  private readonly users: Repository<UserEntity>;

  constructor(@InjectDataSource() dataSource: DataSource) {
    this.users = dataSource.getRepository(UserEntity);
  }

  findById(id: string): Promise<UserEntity | null> {
    return this.users.findOneBy({ id });
  }

  findByEmail(email: string): Promise<UserEntity | null> {
    return this.users.findOneBy({ email: email.toLowerCase() });
  }

  /** Returns null when the email is already taken (the unique index decides, so races are safe). */
  async create(fields: { name: string; email: string; passwordHash: string }): Promise<UserEntity | null> {
    const user = this.users.create({ id: randomUUID(), ...fields, email: fields.email.toLowerCase(), plan: 'free' });
    try {
      await this.users.insert(user);
    } catch (error) {
      if (isUniqueViolation(error)) return null;
      throw error;
    }
    return this.users.findOneByOrFail({ id: user.id });
  }

  async setPlan(id: string, plan: Plan, renewsAt: Date | null): Promise<void> {
    await this.users.update({ id }, { plan, planRenewsAt: renewsAt });
  }

  async findIdsWithPaidPlanEndedBefore(now: Date, limit = 500): Promise<string[]> {
    const rows = await this.users.find({
      select: { id: true },
      where: { plan: Not('free'), planRenewsAt: LessThan(now) },
      take: limit,
    });
    return rows.map((row) => row.id);
  }

  async rename(id: string, name: string): Promise<void> {
    await this.users.update({ id }, { name });
  }

  async changePassword(id: string, passwordHash: string): Promise<void> {
    await this.users.update({ id }, { passwordHash });
    await this.users.increment({ id }, 'tokenVersion', 1);
  }

  async revokeAllSessions(id: string): Promise<void> {
    await this.users.increment({ id }, 'tokenVersion', 1);
  }
}

export function toUserDto(user: UserEntity): User {
  return { id: user.id, name: user.name, email: user.email, plan: user.plan };
}

export function isUniqueViolation(error: unknown): boolean {
  const code =
    (error as { code?: string; driverError?: { code?: string } }).driverError?.code ??
    (error as { code?: string }).code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === 'ER_DUP_ENTRY';
}
