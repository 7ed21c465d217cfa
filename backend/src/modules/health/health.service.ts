import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { AppConfig } from '../../config/app-config.js';
import { JobQueue } from '../../jobs/job-queue.port.js';

const CHECK_TIMEOUT_MS = 2000;

@Injectable()
export class HealthService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly jobs: JobQueue,
    private readonly config: AppConfig,
  ) {}

  async readiness(): Promise<{ status: 'ok' | 'unavailable'; checks: Record<string, string> }> {
    const checks: Record<string, string> = {
      database: await probe(() => this.dataSource.query('SELECT 1')),
    };
    if (this.config.redisUrl) checks.redis = await probe(() => this.jobs.ping());
    const ok = Object.values(checks).every((value) => value === 'ok');
    return { status: ok ? 'ok' : 'unavailable', checks };
  }
}

async function probe(check: () => Promise<unknown>): Promise<string> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
  });
  try {
    await Promise.race([check(), timeout]);
    return 'ok';
  } catch (error) {
    return `down: ${error instanceof Error ? error.message : String(error)}`;
  } finally {
    clearTimeout(timer);
  }
}
