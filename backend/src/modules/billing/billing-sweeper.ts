import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { SubscriptionRefreshService } from './subscription-refresh.service.js';

const SWEEP_INTERVAL_MS = 10 * 60 * 1000;

/**
 * Every few minutes: asks providers about renewals that are due and returns plans whose paid period
 * ended to free. Each step is a conditional, idempotent write, so every process may run it.
 */
@Injectable()
export class BillingSweeper implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(BillingSweeper.name);
  private timer: NodeJS.Timeout | undefined;
  private running = false;

  constructor(private readonly refresher: SubscriptionRefreshService) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.sweep(), SWEEP_INTERVAL_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  async sweep(now = new Date()): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      const result = await this.refresher.settleRenewals(now);
      if (result.refreshed || result.failed || result.downgraded) {
        this.logger.log(
          `Renewals checked: ${result.refreshed}, failed: ${result.failed}, plans returned to free: ${result.downgraded}`,
        );
      }
    } catch (error) {
      this.logger.error(`Billing sweep: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      this.running = false;
    }
  }
}
