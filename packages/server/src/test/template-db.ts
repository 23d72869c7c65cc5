import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../db/client.js';
import { seed } from '../db/seed.js';
import { usePasswordCostForTests } from '../lib/password.js';

/** The super user's password in every test database. */
export const ADMIN_PASSWORD = 'Admin-pass-1';

declare module 'vitest' {
  export interface ProvidedContext {
    testTemplate: TestTemplate;
  }
}

/** Where test files find the database they start from: a dumped PGlite, or a template database on PostgreSQL. */
export interface TestTemplate {
  /** A PGlite data directory (a tar file), migrated and seeded. */
  pgliteDump?: string;
  /** The name of a migrated and seeded database on the server of DATABASE_URL, for CREATE DATABASE … TEMPLATE. */
  pgTemplate?: string;
}

/**
 * Migrates and seeds one database for the whole run: each test file then starts from a copy of it (its own, so
 * no state is shared) instead of booting an empty database and running every migration and the seed again,
 * which was most of the suite's time. Returns what the files need and a function that removes it.
 */
export async function makeTestTemplate(databaseUrl: string | undefined): Promise<{ template: TestTemplate; remove: () => Promise<void> }> {
  usePasswordCostForTests();
  if (databaseUrl) return postgresTemplate(databaseUrl);
  const database = await openDatabase({ dir: null });
  await seed(database.db, { superUser: 'admin', adminPassword: ADMIN_PASSWORD });
  // not compressed: each test file loads it, and unzipping took a fifth of that (it is read from the machine's own disk)
  const client = (database.db as unknown as { $client: { dumpDataDir(compression: 'none'): Promise<Blob> } }).$client;
  const dump = Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer());
  await database.close();
  const dir = mkdtempSync(path.join(tmpdir(), 'gw-template-'));
  const file = path.join(dir, 'pglite.tar');
  writeFileSync(file, dump);
  return { template: { pgliteDump: file }, remove: async () => rmSync(dir, { recursive: true, force: true }) };
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
