import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { MESSAGES } from '@chapterwise/shared';
import type { Request, Response } from 'express';
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { RateLimiterFactory } from '../../providers/rate-limit/rate-limiter.factory.js';
import { AppConfig } from '../../config/app-config.js';
import { AppError } from '../../common/app-error.js';

// Per IP and per account (AUTH-2): one account guessed from many addresses is stopped too.
@Injectable()
export class AuthThrottlerGuard implements CanActivate {
  private readonly perIp: RateLimiterAbstract;
  private readonly perAccount: RateLimiterAbstract;

  constructor(config: AppConfig, limiters: RateLimiterFactory) {
    const options = { points: config.authThrottle.limit, duration: Math.ceil(config.authThrottle.windowMs / 1000) };
    this.perIp = limiters.create({ ...options, keyPrefix: 'auth-ip' });
    this.perAccount = limiters.create({ ...options, keyPrefix: 'auth-account' });
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<Request>();
    const email = typeof request.body?.email === 'string' ? request.body.email.trim().toLowerCase() : '';
    try {
      await this.perIp.consume(request.ip ?? 'unknown');
      if (email) await this.perAccount.consume(email);
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      context
        .switchToHttp()
        .getResponse<Response>()
        .setHeader('Retry-After', Math.ceil(rejection.msBeforeNext / 1000));
      throw new AppError('RATE_LIMITED', MESSAGES.tooManyRequests);
    }
    return true;
  }
}
