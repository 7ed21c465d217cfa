import { Redis } from 'ioredis';

/** A Redis client as BullMQ needs it: commands wait for a reconnect instead of failing after N retries. */
export function createRedisClient(url: string): Redis {
  return new Redis(url, { maxRetriesPerRequest: null, enableReadyCheck: true });
}
