import { Injectable } from '@nestjs/common';
import { API_ACCESS_PLAN, API_TOKENS_PER_USER_MAX, type ApiToken, type CreatedApiToken } from '@chapterwise/shared';
import { randomUUID } from 'node:crypto';
import { AppError } from '../../common/app-error.js';
import { EntitlementService } from '../billing/entitlement.service.js';
import type { UserEntity } from '../users/user.entity.js';
import type { ApiTokenEntity } from './api-token.entity.js';
import { ApiTokenRepository } from './api-token.repository.js';
import { displayPrefix, generateApiToken } from './api-token-secret.js';
import { apiAccessRequired } from './api-tokens.errors.js';

@Injectable()
export class ApiTokensService {
  constructor(
    private readonly tokens: ApiTokenRepository,
    private readonly entitlements: EntitlementService,
  ) {}

  // The plan in force is read at every use, so a token stops when the plan drops and works again after an upgrade.
  async assertApiAccess(user: UserEntity): Promise<void> {
    const plan = await this.entitlements.currentPlan(user);
    if (plan !== API_ACCESS_PLAN) throw apiAccessRequired(plan);
  }

  async list(user: UserEntity): Promise<ApiToken[]> {
    await this.assertApiAccess(user);
    return (await this.tokens.listOwned(user.id)).map(toApiTokenDto);
  }

  async create(user: UserEntity, name: string): Promise<CreatedApiToken> {
    await this.assertApiAccess(user);
    if ((await this.tokens.countOwned(user.id)) >= API_TOKENS_PER_USER_MAX) {
      throw AppError.conflict(
        `You already have ${API_TOKENS_PER_USER_MAX} API tokens. Revoke one you no longer use first.`,
      );
    }
    const secret = generateApiToken();
    const row = await this.tokens.insert({
      id: randomUUID(),
      userId: user.id,
      name,
      publicId: secret.publicId,
      tokenHash: secret.hash,
      createdAt: new Date(),
      lastUsedAt: null,
    });
    return { ...toApiTokenDto(row), token: secret.token };
  }

  /** Revoking needs no plan: anyone may remove their own credentials. */
  async revoke(userId: string, id: string): Promise<void> {
    if (!(await this.tokens.deleteOwned(userId, id))) throw AppError.notFound('API token not found');
  }
}

export function toApiTokenDto(token: ApiTokenEntity): ApiToken {
  return {
    id: token.id,
    name: token.name,
    prefix: displayPrefix(token.publicId),
    created_at: token.createdAt.toISOString(),
    last_used_at: token.lastUsedAt?.toISOString() ?? null,
  };
}
