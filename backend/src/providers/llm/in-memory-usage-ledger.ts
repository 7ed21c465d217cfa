import { LlmUsageLedger, type LlmUsage } from './study-engine.port.js';

/** Usage kept in memory (tests, benchmarks); "today" is the UTC calendar day of the injected clock. */
export class InMemoryLlmUsageLedger extends LlmUsageLedger {
  readonly entries: Array<LlmUsage & { at: Date }> = [];

  constructor(private readonly now: () => Date = () => new Date()) {
    super();
  }

  record(usage: LlmUsage): Promise<void> {
    this.entries.push({ ...usage, at: this.now() });
    return Promise.resolve();
  }

  tokensUsedToday(userId: string): Promise<number> {
    const today = utcDay(this.now());
    const total = this.entries
      .filter((entry) => entry.userId === userId && utcDay(entry.at) === today)
      .reduce((sum, entry) => sum + entry.inputTokens + entry.outputTokens, 0);
    return Promise.resolve(total);
  }
}

function utcDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}
