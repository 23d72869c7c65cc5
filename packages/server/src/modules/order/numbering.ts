import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.js';

/** An order table and its number column, as numbering needs them. */
export interface Numbered {
  table: PgTable;
  orderNo: AnyPgColumn;
  /** JH or CH. */
  prefix: string;
}

/**
 * Numbers of one prefix are given and checked in turns across every node: the lock lasts until the write's
 * transaction ends, so two orders never take the same number and a typed one is checked against all that exist.
 */
export async function lockNumbers(tx: Tx, n: Numbered): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`order_no:${n.prefix}`}))`);
}

/**
 * The next number of the order's day: prefix + YYYYMMDD + a sequence of that day from 001 (past 999 it grows a
 * digit). `orderDate` is the order's own day (YYYY-MM-DD, as the user dates it in the platform's zone). The caller
 * holds the lock (lockNumbers).
 */
export async function nextOrderNo(tx: Tx, n: Numbered, orderDate: string): Promise<string> {
  const stem = `${n.prefix}${orderDate.replaceAll('-', '')}`;
  const pattern = `^${stem}[0-9]{3,6}$`;
  const highest: SQL<number | null> = sql`max(substring(${n.orderNo} from ${stem.length + 1}::int)::int)`;
  const [{ max }] = await tx.select({ max: highest }).from(n.table).where(sql`${n.orderNo} ~ ${pattern}`);
  return `${stem}${String(Number(max ?? 0) + 1).padStart(3, '0')}`;
}
