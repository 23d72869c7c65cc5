import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

const migrationsFolder = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../drizzle');

/**
 * Runs `work` while this process holds the database's start lock (a session advisory lock on a connection of its
 * own, outside the pool, which may have room for one). API nodes started together on one database would otherwise
 * run the same migrations at once, and all but the first fail on tables that already exist; after the wait the
 * migrator finds them applied.
 */
async function underStartLock<T>(url: string, work: () => Promise<T>): Promise<T> {
  const lock = new pg.Client({ connectionString: url });
  await lock.connect();
  try {
    await lock.query(`select pg_advisory_lock(hashtext('gw_start'))`);
    return await work();
  } finally {
    // closing the session releases the lock
    await lock.end().catch(() => undefined);
  }
}

/**
 * Opens PostgreSQL: the real server when `url` is given, otherwise PGlite (in its data directory `dir`, or in
 * memory for `dir` = null) — and applies the migrations, so both start from the same schema.
 */
export async function openDatabase(options: { url?: string; dir?: string | null; poolMax?: number }): Promise<Database> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolMax ?? 20 });
    // an idle connection PostgreSQL closes (a restart, a failover, an admin's kill) is an 'error' event of the
    // pool, which would end the process if nobody listened: the pool has already dropped it and opens a new one
    // for the next query, so there is nothing to do but say so (queries meanwhile fail on their own, with 503)
    pool.on('error', (err) => console.warn(`数据库连接已断开,下次查询时重新连接: ${err.message}`));
    // the same for a connection checked out between two queries (a transaction's JS work): the pool takes its own
    // listener off while it is lent, and the next query on it fails (not queryable) and gives it back broken
    pool.on('connect', (client) => client.on('error', () => undefined));
    const db = drizzlePg(pool, { schema });
    await underStartLock(options.url, () => migratePg(db, { migrationsFolder }));
    return { db: db as unknown as Db, kind: 'postgres', close: () => pool.end() };
  }
  if (options.dir) mkdirSync(options.dir, { recursive: true });
  // pg_trgm: the trigram indexes of migration 0005 (the box list's keyword search)
  const client = new PGlite({ ...(options.dir ? { dataDir: options.dir } : {}), extensions: { pg_trgm } });
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  return { db: db as unknown as Db, kind: 'pglite', close: () => client.close() };
}
