import { writeFile } from 'node:fs/promises';
import pg from 'pg';
import { BackupError } from './backup-error.js';
import { runTool, startTool } from './run-tool.js';

/** The schemas the server's migrations create: the tables in public, drizzle's record of migrations in drizzle. */
const APP_SCHEMAS = ['public', 'drizzle'];

/**
 * DATABASE_URL as libpq takes it: the password moves to PGPASSWORD (not on a command line `ps` shows) and node-pg's
 * own `ssl=true` becomes libpq's sslmode=require.
 */
function libpq(databaseUrl: string): { url: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  const ssl = url.searchParams.get('ssl');
  if (ssl !== null) {
    url.searchParams.delete('ssl');
    if (/^(true|1|on)$/i.test(ssl) && !url.searchParams.has('sslmode')) url.searchParams.set('sslmode', 'require');
  }
  return { url: url.toString(), env: password ? { PGPASSWORD: password } : {} };
}

export interface PostgresState {
  version: string;
  /** drizzle's time of the newest migration applied; null in a database the server never started on. */
  migrationWhen: number | null;
  /** Tables, views and sequences in the server's schemas: 0 in an empty database. */
  relations: number;
  /** Other sessions on this database: a running server (any node) holds some. */
  otherSessions: number;
}

export async function postgresState(databaseUrl: string): Promise<PostgresState> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ version: string; relations: number; others: number; migrations: string | null }>(
      `select current_setting('server_version') as version,
         (select count(*)::int from pg_class c join pg_namespace n on n.oid = c.relnamespace
           where n.nspname = any($1) and c.relkind in ('r', 'p', 'v', 'm', 'S')) as relations,
         (select count(*)::int from pg_stat_activity
           where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend') as others,
         to_regclass('drizzle.__drizzle_migrations')::text as migrations`,
      [APP_SCHEMAS],
    );
    const [state] = rows;
    let migrationWhen: number | null = null;
    if (state.migrations) {
      const applied = await client.query<{ when: string | null }>('select max(created_at)::text as when from drizzle.__drizzle_migrations');
      migrationWhen = applied.rows[0].when === null ? null : Number(applied.rows[0].when);
    }
    return { version: state.version, migrationWhen, relations: state.relations, otherSessions: state.others };
  } finally {
    await client.end();
  }
}

/**
 * pg_dump's custom-format archive of the whole database. pg_dump reads one snapshot, so a backup taken while the
 * servers run is consistent in itself.
 */
export async function dumpPostgres(databaseUrl: string, file: string): Promise<void> {
  const { url, env } = libpq(databaseUrl);
  await runTool('pg_dump', ['--format=custom', '--no-password', `--file=${file}`, `--dbname=${url}`], env);
}

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Loads a pg_dump archive into the database in ONE transaction: the server's schemas are dropped and the dump
 * recreated in their place, so a restore that fails half-way leaves the database as it was. Objects are owned by
 * the restoring login (DATABASE_URL's user, which the server runs as), not by the roles of the source database.
 * `listFile` is a scratch path for pg_restore's table of contents.
 */
export async function restorePostgres(databaseUrl: string, dump: string, listFile: string): Promise<void> {
  const { url, env } = libpq(databaseUrl);
  const toc = await runTool('pg_restore', ['--list', dump], env);
  // COMMENT ON EXTENSION needs the extension's owner (a superuser for pg_trgm): the comment is not worth failing for
  const lines = toc.split('\n').filter((line) => !/ COMMENT - EXTENSION /.test(line));
  await writeFile(listFile, lines.join('\n'));
  const dumped = lines.map((line) => /^\d+; \d+ \d+ SCHEMA - (\S+) /.exec(line)?.[1]).filter((s): s is string => !!s);
  const schemas = [...new Set([...APP_SCHEMAS, ...dumped])];
  // pg_dump never creates public (initdb does), so it is made again as a new database has it (PostgreSQL 15 on);
  // a login that may not hand it to pg_database_owner keeps it
  const prelude = [
    'set client_min_messages = warning;', // not a NOTICE per dropped table: psql's stderr is for the error
    ...schemas.map((s) => `drop schema if exists ${quoteIdent(s)} cascade;`),
    'create schema public;',
    `do $$ begin
       if current_setting('server_version_num')::int >= 150000 then
         alter schema public owner to pg_database_owner;
         grant usage on schema public to public;
         comment on schema public is 'standard public schema';
       end if;
     exception when others then null;
     end $$;`,
  ];

  const psql = startTool('psql', ['--no-psqlrc', '--quiet', '--no-password', '--set=ON_ERROR_STOP=1', '--single-transaction', `--dbname=${url}`, '--file=-'], {
    env,
    stdin: 'pipe',
  });
  const restore = startTool('pg_restore', [`--use-list=${listFile}`, '--no-owner', '--no-privileges', '--file=-', dump], { env, stdout: 'pipe' });
  const stdin = psql.child.stdin!;
  stdin.on('error', () => {}); // psql stopped at an error: its own message below says which
  stdin.write(`${prelude.join('\n')}\n`);
  restore.child.stdout!.pipe(stdin);
  const [loaded, read] = await Promise.allSettled([psql.done, restore.done]);
  if (loaded.status === 'rejected') throw loaded.reason;
  if (read.status === 'rejected') throw read.reason;
}

/** A restore replaces the schemas under the server's feet: refused while any server node is connected. */
export function checkNoOtherSessions(state: PostgresState): void {
  if (state.otherSessions > 0) {
    throw new BackupError(
      `数据库还有 ${state.otherSessions} 个其他连接 (服务是否还在运行?),请先停止所有服务节点再恢复`,
      `the database has ${state.otherSessions} other session(s) (is a server still running?): stop every server node first`,
    );
  }
}
