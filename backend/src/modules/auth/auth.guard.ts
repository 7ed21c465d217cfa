import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { MESSAGES } from '@chapterwise/shared';
import type { Request, Response } from 'express';
import { AppError } from '../../common/app-error.js';
import { IS_PUBLIC, SESSION_ONLY } from '../../common/auth.decorators.js';
import { looksLikeApiToken } from '../api-tokens/api-token-secret.js';
import { PersonalTokenAuthenticator } from '../api-tokens/personal-token.authenticator.js';
import { AuthService } from './auth.service.js';

// Session JWTs and personal API tokens both resolve to a user, so ownership checks are the same.
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly auth: AuthService,
    private readonly personalTokens: PersonalTokenAuthenticator,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [context.getHandler(), context.getClass()]);
    if (isPublic) return true;
    const request = context.switchToHttp().getRequest<Request & { user?: unknown }>();
    const token = bearerToken(request.headers.authorization);
    if (!token) throw AppError.unauthenticated('Please sign in');
    if (looksLikeApiToken(token)) {
      const response = context.switchToHttp().getResponse<Response>();
      request.user = await this.personalTokens.authenticate(token, (name, value) => response.setHeader(name, value));
      const refusal = this.reflector.getAllAndOverride<string | undefined>(SESSION_ONLY, [
        context.getHandler(),
        context.getClass(),
      ]);
      if (refusal) throw new AppError('FORBIDDEN', refusal);
      return true;
    }
    const user = await this.auth.userForToken(token);
    if (!user) throw AppError.unauthenticated(MESSAGES.sessionExpired);
    request.user = user;
    return true;
  }
}

function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return match?.[1];
}
