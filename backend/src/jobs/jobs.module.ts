import {
  Global,
  Inject,
  Injectable,
  Logger,
  Module,
  type BeforeApplicationShutdown,
  type DynamicModule,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { DiscoveryModule, DiscoveryService } from '@nestjs/core';
import { BullModule, getQueueToken } from '@nestjs/bullmq';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { Queue } from 'bullmq';
import type { DataSource } from 'typeorm';
import { AppConfig } from '../config/app-config.js';
import { BullMqJobQueue, QUEUE_NAME } from './bullmq-job-queue.js';
import { InProcessJobQueue } from './in-process-job-queue.js';
import { JOB_HANDLER, type HandlesJob } from './job-handler.decorator.js';
import { JOB_NAMES } from './job-names.js';
import { createRedisClient } from './redis-client.js';
import { JobQueue, type JobHandlerFn, type JobQueueTuning } from './job-queue.port.js';

export interface JobsOptions {
  runWorker: boolean;
}

const RUN_WORKER = Symbol('RUN_WORKER');
const SHUTDOWN_GRACE_MS = Symbol('SHUTDOWN_GRACE_MS');

function tuning(config: AppConfig): JobQueueTuning {
  return {
    concurrency: config.jobs.concurrency,
    attempts: config.jobs.attempts,
    backoffMs: 2000,
    lockDurationMs: config.jobs.lockMs,
    stalledIntervalMs: config.jobs.lockMs,
  };
}

@Global()
@Module({})
export class JobsModule {
  static forRoot(config: AppConfig, options: JobsOptions): DynamicModule {
    const queueProvider = config.redisUrl
      ? {
          provide: JobQueue,
          inject: [getQueueToken(QUEUE_NAME)],
          useFactory: (queue: Queue) => new BullMqJobQueue(queue, config.redisUrl!, config.redisPrefix, tuning(config)),
        }
      : {
          provide: JobQueue,
          inject: [getDataSourceToken()],
          useFactory: (dataSource: DataSource) => new InProcessJobQueue(dataSource, tuning(config)),
        };
    return {
      module: JobsModule,
      imports: [
        DiscoveryModule,
        ...(config.redisUrl
          ? [
              BullModule.forRoot({ connection: createRedisClient(config.redisUrl), prefix: config.redisPrefix }),
              BullModule.registerQueue({ name: QUEUE_NAME }),
            ]
          : []),
      ],
      providers: [
        queueProvider,
        { provide: RUN_WORKER, useValue: options.runWorker },
        { provide: SHUTDOWN_GRACE_MS, useValue: config.jobs.shutdownGraceMs },
        JobWorkerLifecycle,
      ],
      exports: [JobQueue],
    };
  }
}

// Connections close in onApplicationShutdown, which Nest calls only after every beforeApplicationShutdown hook:
// so running jobs finish or go back to the queue first.
@Injectable()
class JobWorkerLifecycle implements OnApplicationBootstrap, BeforeApplicationShutdown, OnApplicationShutdown {
  private readonly logger = new Logger('Jobs');

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly queue: JobQueue,
    @Inject(RUN_WORKER) private readonly runWorker: boolean,
    @Inject(SHUTDOWN_GRACE_MS) private readonly graceMs: number,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.runWorker) return;
    const handlers = new Map<string, JobHandlerFn>();
    for (const wrapper of this.discovery.getProviders()) {
      const instance = wrapper.instance as HandlesJob<never> | undefined;
      if (!instance || !wrapper.metatype) continue;
      const name = Reflect.getMetadata(JOB_HANDLER, wrapper.metatype) as string | undefined;
      if (!name) continue;
      if (handlers.has(name)) throw new Error(`Two handlers for job ${name}`);
      handlers.set(name, (payload, context) => instance.handle(payload as never, context));
    }
    const missing = JOB_NAMES.filter((name) => !handlers.has(name));
    if (missing.length) throw new Error(`No handler registered for job(s): ${missing.join(', ')}`);
    await this.queue.startWorker(handlers);
    this.logger.debug(`Worker started for ${[...handlers.keys()].join(', ')}`);
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.queue.drain(this.graceMs);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.queue.close(this.graceMs);
  }
}
