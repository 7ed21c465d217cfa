import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { MESSAGES } from '@chapterwise/shared';
import type { Request } from 'express';
import { AppError } from '../../common/app-error.js';
import { IS_PUBLIC } from '../../common/auth.decorators.js';
import { AuthService } from './auth.service.js';

/** Global guard: every route needs a valid bearer token unless marked @Public() (AC-2). */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly auth: AuthService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [context.getHandler(), context.getClass()]);
    if (isPublic) return true;
    const request = context.switchToHttp().getRequest<Request & { user?: unknown }>();
    const token = bearerToken(request.headers.authorization);
    if (!token) throw AppError.unauthenticated('Please sign in');
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
