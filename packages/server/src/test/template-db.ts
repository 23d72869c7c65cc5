import { appendFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../db/client.js';
import { seed } from '../db/seed.js';
import { usePasswordCostForTests } from '../lib/password.js';
import { scratchFolder } from './scratch.js';

/** The super user's password in every test database. */
export const ADMIN_PASSWORD = 'Admin-pass-1';

declare module 'vitest' {
  export interface ProvidedContext {
    testTemplate: TestTemplate;
  }
}

/** Where test files find the database they start from: a PGlite data directory, or a template database on PostgreSQL. */
export interface TestTemplate {
  /** A PGlite data directory, migrated, seeded and shut down cleanly: each test app runs on a copy of it. */
  pgliteDir?: string;
  /** The name of a migrated and seeded database on the server of DATABASE_URL, for CREATE DATABASE … TEMPLATE. */
  pgTemplate?: string;
}

/**
 * Migrates and seeds one database for the whole run: each test file then starts from a copy of it (its own, so
 * no state is shared) instead of booting an empty database and running every migration and the seed again,
 * which was most of the suite's time. Returns what the files need and a function that removes it.
 *
 * On PGlite the copy is of a data directory, as the server keeps its own: PostgreSQL then reads only the pages
 * it needs, where loading a dump (dumpDataDir) first unpacked all 44 MB, WAL segment included, into memory (on
 * this 2-core machine about 0.85 s of CPU a boot, against 0.3 s for a copied directory in memory-backed files;
 * queries run at the same speed).
 */
export async function makeTestTemplate(databaseUrl: string | undefined): Promise<{ template: TestTemplate; remove: () => Promise<void> }> {
  usePasswordCostForTests();
  if (databaseUrl) return postgresTemplate(databaseUrl);
  const dir = scratchFolder('gw-template-');
  const pgliteDir = path.join(dir, 'pglite');
  const database = await openDatabase({ dir: pgliteDir });
  await seed(database.db, { superUser: 'admin', adminPassword: ADMIN_PASSWORD });
  // closing shuts PostgreSQL down with a checkpoint: a copy starts without replaying the migrations' WAL
  await database.close();
  // A test database holds a few megabytes; PostgreSQL's default 128 MB of shared buffers, which it clears at each
  // start, was half of a test app's PGlite start (0.3 → 0.15 s of CPU). The server's own data directory keeps it.
  appendFileSync(path.join(pgliteDir, 'postgresql.conf'), '\n# test copies only: a small database, started hundreds of times\nshared_buffers = 16MB\n');
  return { template: { pgliteDir }, remove: async () => rmSync(dir, { recursive: true, force: true }) };
}

async function postgresTemplate(base: string): Promise<{ template: TestTemplate; remove: () => Promise<void> }> {
  const name = `gw_template_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = async <T>(work: (client: pg.Client) => Promise<T>) => {
    const client = new pg.Client({ connectionString: base });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  };
  await admin((c) => c.query(`create database ${name}`));
  const url = new URL(base);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolMax: 2 });
  await seed(database.db, { superUser: 'admin', adminPassword: ADMIN_PASSWORD });
  await database.close();
  return { template: { pgTemplate: name }, remove: () => admin((c) => c.query(`drop database if exists ${name} with (force)`)).then(() => undefined) };
}
