import type { DataSource, EntityManager } from 'typeorm';

// Deadlock, lock wait timeout, SQLITE_BUSY: concurrent ingests insert into the same indexes; the client must retry.
const RETRYABLE = new Set(['ER_LOCK_DEADLOCK', 'ER_LOCK_WAIT_TIMEOUT', 'SQLITE_BUSY']);
const ATTEMPTS = 5;

export function isRetryableTransactionError(error: unknown): boolean {
  const driverError = (error as { driverError?: { code?: unknown } } | null)?.driverError;
  const code = driverError?.code ?? (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && RETRYABLE.has(code);
}

export function transactionWithRetry<T>(dataSource: DataSource, work: (tx: EntityManager) => Promise<T>): Promise<T> {
  return retryingLockConflicts(() => dataSource.transaction(work));
}

/** A statement (or transaction) run again when the database picked it as a deadlock's victim or a lock timed out. */
export async function retryingLockConflicts<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= ATTEMPTS || !isRetryableTransactionError(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20 * attempt + Math.random() * 50));
    }
  }
}
