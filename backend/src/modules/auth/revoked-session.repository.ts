import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { LessThan, type DataSource, type Repository } from 'typeorm';
import { RevokedSessionEntity } from './revoked-session.entity.js';

@Injectable()
export class RevokedSessionRepository {
  private readonly sessions: Repository<RevokedSessionEntity>;

  constructor(@InjectDataSource() dataSource: DataSource) {
    this.sessions = dataSource.getRepository(RevokedSessionEntity);
  }

  /** Idempotent: signing out twice with the same token is not an error. */
  async revoke(userId: string, sessionId: string, expiresAt: Date): Promise<void> {
    await this.sessions.upsert({ sessionId, userId, expiresAt }, ['sessionId']);
    // Rows of tokens that have expired anyway are of no use: drop them on the way.
    await this.sessions.delete({ expiresAt: LessThan(new Date()) });
  }

  async isRevoked(sessionId: string): Promise<boolean> {
    return this.sessions.existsBy({ sessionId });
  }
}
