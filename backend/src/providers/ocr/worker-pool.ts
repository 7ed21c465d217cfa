// Runs in the extraction child too: erasable TypeScript only.
export interface WorkerPoolOptions<W> {
  size: number;
  start: () => Promise<W>;
  stop: (worker: W) => Promise<void>;
  /** A worker is replaced after this many pages, so its memory cannot grow without bound. */
  recycleAfterPages: number;
  pageTimeoutMs: number;
  timeoutMessage: string;
}

interface Slot<W> {
  worker: Promise<W> | null;
  pages: number;
  busy: boolean;
}

// Starting a worker loads the language model (about a small page's cost), so workers are kept between pages.
export class WorkerPool<W> {
  private readonly options: WorkerPoolOptions<W>;
  private readonly slots: Slot<W>[];
  private readonly waiting: ((slot: Slot<W>) => void)[] = [];

  constructor(options: WorkerPoolOptions<W>) {
    this.options = options;
    this.slots = Array.from({ length: Math.max(1, options.size) }, () => ({ worker: null, pages: 0, busy: false }));
  }

  async run<T>(work: (worker: W) => Promise<T>): Promise<T> {
    const slot = await this.acquire();
    try {
      slot.worker ??= this.options.start();
      const result = await this.withTimeout(work(await slot.worker), slot);
      slot.pages += 1;
      if (slot.pages >= this.options.recycleAfterPages) await this.retire(slot);
      return result;
    } catch (error) {
      // A worker that failed or hung is not reused.
      await this.retire(slot);
      throw error;
    } finally {
      this.release(slot);
    }
  }

  async close(): Promise<void> {
    await Promise.all(this.slots.map((slot) => this.retire(slot)));
  }

  private async retire(slot: Slot<W>): Promise<void> {
    const worker = slot.worker;
    slot.worker = null;
    slot.pages = 0;
    if (worker) await worker.then((w) => this.options.stop(w)).catch(() => undefined);
  }

  private withTimeout<T>(work: Promise<T>, slot: Slot<W>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        void this.retire(slot);
        reject(new Error(this.options.timeoutMessage));
      }, this.options.pageTimeoutMs);
    });
    return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
  }

  private acquire(): Promise<Slot<W>> {
    const free = this.slots.find((slot) => !slot.busy);
    if (free) {
      free.busy = true;
      return Promise.resolve(free);
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private release(slot: Slot<W>): void {
    const next = this.waiting.shift();
    if (next) next(slot);
    else slot.busy = false;
  }
}
