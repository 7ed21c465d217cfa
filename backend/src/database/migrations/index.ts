import { Accounts1763683200000 as MysqlAccounts } from './mysql/1763683200000-accounts.js';
import { Accounts1763683200000 as SqliteAccounts } from './sqlite/1763683200000-accounts.js';

/** Migrations per dialect, in order; run at start, never `synchronize`. */
export const MIGRATIONS = {
  sqlite: [SqliteAccounts],
  mysql: [MysqlAccounts],
};
