import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import { SubscriptionEntity } from '../billing/subscription.entity.js';
import { UserEntity } from '../users/user.entity.js';
import { RetainedPaymentEntity } from './retained-payment.entity.js';

/** Columns that name the row's user: every per-user table has one of them, with ON DELETE CASCADE. */
const OWNER_COLUMNS = ['user_id', 'owner_id'];
/** Tables that are not the user's data: the queue, providers' event ids, what the law keeps, search indexes. */
const NOT_PERSONAL =
  /^(jobs|migrations|typeorm_metadata|webhook_events|retained_payments|revoked_sessions|page_embeddings)$|_fts/;
/** Never exported: hashes and secrets are useless to the user and dangerous in a file. */
const SECRET_COLUMN = /(hash|secret)/i;

export type TableRows = Record<string, Record<string, unknown>[]>;

export interface ForeignKey {
  table: string;
  column: string;
  references: string;
  referencedColumn: string;
}

const SELECT_BATCH = 500;

// Found through the database's catalogue, so tables added later are exported without a change here.
@Injectable()
export class UserDataRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async tables(): Promise<Map<string, string[]>> {
    const tables = new Map<string, string[]>();
    if (this.dataSource.options.type === 'mysql') {
      const rows = (await this.dataSource.query(
        `SELECT TABLE_NAME AS t, COLUMN_NAME AS c FROM information_schema.COLUMNS
         WHERE TABLE_SCHEMA = DATABASE() ORDER BY TABLE_NAME, ORDINAL_POSITION`,
      )) as { t: string; c: string }[];
      for (const { t, c } of rows) tables.set(t, [...(tables.get(t) ?? []), c]);
      return tables;
    }
    const names = (await this.dataSource.query(
      `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`,
    )) as { name: string }[];
    for (const { name } of names) {
      const columns = (await this.dataSource.query(`PRAGMA table_info("${name}")`)) as { name: string }[];
      tables.set(
        name,
        columns.map((column) => column.name),
      );
    }
    return tables;
  }

  /** Every foreign key of the schema, from the catalogue: `table.column` references `references.referencedColumn`. */
  async foreignKeys(): Promise<ForeignKey[]> {
    if (this.dataSource.options.type === 'mysql') {
      return (await this.dataSource.query(
        `SELECT TABLE_NAME AS \`table\`, COLUMN_NAME AS \`column\`, REFERENCED_TABLE_NAME AS \`references\`,
                REFERENCED_COLUMN_NAME AS referencedColumn
         FROM information_schema.KEY_COLUMN_USAGE
         WHERE TABLE_SCHEMA = DATABASE() AND REFERENCED_TABLE_NAME IS NOT NULL
         ORDER BY TABLE_NAME, COLUMN_NAME`,
      )) as ForeignKey[];
    }
    const keys: ForeignKey[] = [];
    for (const table of (await this.tables()).keys()) {
      const rows = (await this.dataSource.query(`PRAGMA foreign_key_list("${table}")`)) as {
        table: string;
        from: string;
        to: string | null;
      }[];
      for (const row of rows)
        keys.push({ table, column: row.from, references: row.table, referencedColumn: row.to ?? 'id' });
    }
    return keys;
  }

  // Rows are reached the way ON DELETE CASCADE reaches them: the user's own tables first, then every table whose
  // foreign key points at rows already exported (flashcard reviews through their cards, delivery attempts through
  // their deliveries), until nothing new is reached.
  async export(userId: string): Promise<TableRows> {
    const tables = await this.tables();
    const foreignKeys = await this.foreignKeys();
    const result: TableRows = {};
    result.users = await this.selectIn('users', 'id', [userId]);
    for (const [table, columns] of tables) {
      if (table === 'users' || NOT_PERSONAL.test(table)) continue;
      const owner = OWNER_COLUMNS.find((column) => columns.includes(column));
      if (owner) result[table] = await this.selectIn(table, owner, [userId]);
    }
    for (let reachedMore = true; reachedMore;) {
      reachedMore = false;
      for (const key of foreignKeys) {
        if (key.table in result || NOT_PERSONAL.test(key.table) || !(key.references in result)) continue;
        const values = [...new Set(result[key.references]!.map((row) => String(row[key.referencedColumn])))];
        result[key.table] = await this.selectIn(key.table, key.column, values);
        reachedMore = true;
      }
    }
    // A table that names a book or chapter without declaring the key still leaves with them.
    const ids = (table: string) => (result[table] ?? []).map((row) => String(row.id));
    for (const [column, parent] of [
      ['book_id', 'books'],
      ['chapter_id', 'chapters'],
    ] as const) {
      for (const [table, columns] of tables) {
        if (table in result || NOT_PERSONAL.test(table) || !columns.includes(column)) continue;
        result[table] = await this.selectIn(table, column, ids(parent));
      }
    }
    for (const rows of Object.values(result)) {
      for (const row of rows) for (const column of Object.keys(row)) if (SECRET_COLUMN.test(column)) delete row[column];
    }
    return result;
  }

  private async selectIn(table: string, column: string, values: string[]): Promise<Record<string, unknown>[]> {
    const rows: Record<string, unknown>[] = [];
    // Bounded batches: a long review history must not exceed the driver's limit on bound parameters.
    for (let start = 0; start < values.length; start += SELECT_BATCH) {
      const batch = values.slice(start, start + SELECT_BATCH);
      const marks = batch.map(() => '?').join(', ');
      rows.push(
        ...((await this.dataSource.query(
          `SELECT * FROM ${this.quote(table)} WHERE ${this.quote(column)} IN (${marks})`,
          batch,
        )) as Record<string, unknown>[]),
      );
    }
    return rows;
  }

  // Payment facts the law needs are copied without the person first; ON DELETE CASCADE takes the rest, and rows
  // that name the user without a key (contact messages, queued jobs) are removed here.
  async deleteUser(user: UserEntity, bookIds: string[]): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await this.retainPayments(manager, user.id);
      await manager.query(`DELETE FROM contact_messages WHERE email = ?`, [user.email]);
      for (const needle of [user.id, user.email, ...bookIds]) {
        await manager.query(`DELETE FROM jobs WHERE payload LIKE ?`, [`%${needle.replace(/[%_]/g, '')}%`]);
      }
      await manager.delete(UserEntity, { id: user.id });
    });
  }

  subscriptions(userId: string): Promise<SubscriptionEntity[]> {
    return this.dataSource.getRepository(SubscriptionEntity).findBy({ userId });
  }

  private async retainPayments(manager: EntityManager, userId: string): Promise<void> {
    const subscriptions = await manager.findBy(SubscriptionEntity, { userId });
    const now = new Date();
    for (const subscription of subscriptions) {
      // A checkout never paid is no payment: nothing to keep.
      if (subscription.status === 'pending') continue;
      await manager.insert(RetainedPaymentEntity, {
        id: randomUUID(),
        provider: subscription.provider,
        providerRef: subscription.providerRef,
        plan: subscription.plan,
        currency: subscription.currency,
        amountMinor: subscription.amountMinor,
        status: subscription.status,
        subscribedAt: subscription.createdAt,
        currentPeriodEnd: subscription.currentPeriodEnd,
        accountDeletedAt: now,
      });
    }
  }

  private quote(identifier: string): string {
    return this.dataSource.options.type === 'mysql' ? `\`${identifier}\`` : `"${identifier}"`;
  }
}
