import { Injectable } from '@nestjs/common';
import { MESSAGES } from '@chapterwise/shared';
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { RateLimiterFactory } from '../../providers/rate-limit/rate-limiter.factory.js';
import { AppConfig } from '../../config/app-config.js';
import { AppError } from '../../common/app-error.js';
import { UserRepository } from '../users/user.repository.js';
import type { UserEntity } from '../users/user.entity.js';
import { ApiTokenRepository } from './api-token.repository.js';
import { hashApiToken, parseApiToken, sameTokenHash } from './api-token-secret.js';
import { ApiTokensService } from './api-tokens.service.js';

// "Last used" is a day-to-day hint, not an audit log: one write a minute per token is plenty.
const LAST_USED_RESOLUTION_MS = 60_000;

type SetHeader = (name: string, value: string | number) => void;

@Injectable()
export class PersonalTokenAuthenticator {
  private readonly limiter: RateLimiterAbstract;

  constructor(
    config: AppConfig,
    private readonly tokens: ApiTokenRepository,
    private readonly users: UserRepository,
    private readonly apiTokens: ApiTokensService,
    limiters: RateLimiterFactory,
  ) {
    this.limiter = limiters.create({
      points: config.apiTokenRateLimit.limit,
      duration: Math.ceil(config.apiTokenRateLimit.windowMs / 1000),
      keyPrefix: 'api-token',
    });
  }

  async authenticate(token: string, setHeader: SetHeader): Promise<UserEntity> {
    const invalid = () => AppError.unauthenticated(MESSAGES.apiTokenInvalid);
    const parsed = parseApiToken(token);
    if (!parsed) throw invalid();
    const row = await this.tokens.findByPublicId(parsed.publicId);
    if (!row || !sameTokenHash(row.tokenHash, hashApiToken(token))) throw invalid();
    const user = await this.users.findById(row.userId);
    if (!user) throw invalid();

    await this.consume(row.id, setHeader);
    await this.apiTokens.assertApiAccess(user);

    const now = new Date();
    if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() >= LAST_USED_RESOLUTION_MS) {
      await this.tokens.touchLastUsed(row.id, now);
    }
    return user;
  }

  private async consume(tokenId: string, setHeader: SetHeader): Promise<void> {
    const limit = this.limiter.points;
    try {
      const result = await this.limiter.consume(tokenId);
      setHeader('X-RateLimit-Limit', limit);
      setHeader('X-RateLimit-Remaining', result.remainingPoints);
      setHeader('X-RateLimit-Reset', Math.ceil(result.msBeforeNext / 1000));
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      const retryAfter = Math.ceil(rejection.msBeforeNext / 1000);
      setHeader('Retry-After', retryAfter);
      setHeader('X-RateLimit-Limit', limit);
      setHeader('X-RateLimit-Remaining', 0);
      setHeader('X-RateLimit-Reset', retryAfter);
      throw new AppError('RATE_LIMITED', MESSAGES.apiTokenRateLimited);
    }
  }
}
