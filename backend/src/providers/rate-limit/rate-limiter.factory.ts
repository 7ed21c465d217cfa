import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { Redis } from 'ioredis';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type IRateLimiterOptions,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import { AppConfig } from '../../config/app-config.js';
import { AppError } from '../../common/app-error.js';

export interface RateLimitOptions {
  points: number;
  duration: number;
  keyPrefix: string;
}

/** Redis down: the limit cannot be checked, so the request is refused with 503, never let through (JOB-3). */
class SharedRateLimiter extends RateLimiterRedis {
  override async consume(...args: Parameters<RateLimiterRedis['consume']>): Promise<RateLimiterRes> {
    try {
      return await super.consume(...args);
    } catch (error) {
      if (error instanceof RateLimiterRes) throw error;
      throw new AppError('UNAVAILABLE', 'The service is temporarily unavailable. Please try again shortly.');
    }
  }
}

// With REDIS_URL every process counts in Redis, so a limit holds across API instances.
@Injectable()
export class RateLimiterFactory implements OnApplicationShutdown {
  private readonly redis: Redis | undefined;

  constructor(private readonly config: AppConfig) {
    // Fail fast while Redis is away instead of queueing commands: the caller answers 503 at once.
    this.redis = config.redisUrl
      ? new Redis(config.redisUrl, {
          maxRetriesPerRequest: 1,
          enableOfflineQueue: false,
          // Back within a second of Redis returning.
          retryStrategy: (times) => Math.min(times * 100, 1000),
        })
      : undefined;
    this.redis?.on('error', () => undefined);
  }

  create(options: RateLimitOptions): RateLimiterAbstract {
    if (!this.redis) return new RateLimiterMemory(options);
    const shared: IRateLimiterOptions & { storeClient: Redis } = {
      ...options,
      storeClient: this.redis,
      keyPrefix: `${this.config.redisPrefix}:rate:${options.keyPrefix}`,
    };
    return new SharedRateLimiter(shared);
  }

  onApplicationShutdown(): void {
    this.redis?.disconnect();
  }
}
