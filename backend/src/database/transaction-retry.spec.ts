import type { DataSource, EntityManager } from 'typeorm';
import { QueryFailedError } from 'typeorm';
import { isRetryableTransactionError, retryingLockConflicts, transactionWithRetry } from './transaction-retry.js';

function driverError(code: string): QueryFailedError {
  return new QueryFailedError('INSERT INTO pages ...', [], Object.assign(new Error(code), { code }));
}

/** A data source whose transactions fail with the given errors first, then run the work. */
function flakyDataSource(failures: Error[]): { dataSource: DataSource; runs: () => number } {
  let runs = 0;
  const dataSource = {
    transaction: async (work: (tx: EntityManager) => Promise<unknown>) => {
      runs += 1;
      const failure = failures.shift();
      if (failure) throw failure;
      return work({} as EntityManager);
    },
  } as unknown as DataSource;
  return { dataSource, runs: () => runs };
}

describe('transactionWithRetry', () => {
  it('runs a transaction again after MariaDB broke a deadlock by rolling it back', async () => {
    const { dataSource, runs } = flakyDataSource([
      driverError('ER_LOCK_DEADLOCK'),
      driverError('ER_LOCK_WAIT_TIMEOUT'),
    ]);
    await expect(transactionWithRetry(dataSource, async () => 'stored')).resolves.toBe('stored');
    expect(runs()).toBe(3);
  });

  it('gives up after five deadlocks in a row and reports the last', async () => {
    const { dataSource, runs } = flakyDataSource(Array.from({ length: 6 }, () => driverError('ER_LOCK_DEADLOCK')));
    await expect(transactionWithRetry(dataSource, async () => 'stored')).rejects.toThrow('ER_LOCK_DEADLOCK');
    expect(runs()).toBe(5);
  });

  it('does not repeat a transaction that failed for another reason', async () => {
    const { dataSource, runs } = flakyDataSource([driverError('ER_DUP_ENTRY')]);
    await expect(transactionWithRetry(dataSource, async () => 'stored')).rejects.toThrow('ER_DUP_ENTRY');
    expect(runs()).toBe(1);
  });

  it('knows the retryable codes of both databases', () => {
    expect(isRetryableTransactionError(driverError('SQLITE_BUSY'))).toBe(true);
    expect(isRetryableTransactionError(new Error('ER_LOCK_DEADLOCK'))).toBe(false);
    expect(isRetryableTransactionError(null)).toBe(false);
  });
});

describe(retryingLockConflicts.name, () => {
  it('runs a statement again when the database picked it as a deadlock victim (a book deleted as its notes are written)', async () => {
    let tries = 0;
    const result = await retryingLockConflicts(async () => {
      tries += 1;
      if (tries < 3) throw driverError('ER_LOCK_DEADLOCK');
      return 'deleted';
    });
    expect(result).toBe('deleted');
    expect(tries).toBe(3);
  });

  it('passes any other error on at once', async () => {
    let tries = 0;
    await expect(
      retryingLockConflicts(async () => {
        tries += 1;
        throw driverError('ER_NO_SUCH_TABLE');
      }),
    ).rejects.toThrow();
    expect(tries).toBe(1);
  });
});
