import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { type Service, buildApp } from '../app.js';
import type { AppDeps } from '../app-deps.js';
import { type Config, loadConfig } from '../config.js';
import { type Database, openDatabase } from '../db/client.js';
import { adminUser, captcha } from '../db/schema.js';
import { hashPassword } from '../lib/password.js';
import { scratchFolder } from './scratch.js';
import { ADMIN_PASSWORD, type TestTemplate } from './template-db.js';

export { ADMIN_PASSWORD } from './template-db.js';
export const API = '/custom/api/v1';

/** A clock the test moves by hand. */
export class TestClock {
  private offset = 0;
  now = () => new Date(Date.now() + this.offset);
  advance(ms: number): void {
    this.offset += ms;
  }
}

export interface TestApp {
  app: FastifyInstance;
  deps: AppDeps;
  db: Database['db'];
  clock: TestClock;
  config: Config;
  /** inject() under the API prefix, with an optional token. */
  api(method: InjectOptions['method'], url: string, options?: { token?: string; body?: unknown; headers?: Record<string, string> }): Promise<LightMyRequestResponse>;
  /** Logs in through the real captcha (its answer is read from the database) and returns the token. */
  login(username: string, password: string, ip?: string): Promise<string>;
  /** Creates a user straight in the database. */
  createUser(values: { username: string; password?: string; roles?: number[]; customer_id?: number | null; enabled?: boolean }): Promise<number>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  /**
   * The services the test needs, none unless named: 'mqtt' (the embedded broker and the box link: presence,
   * ingest, commands, rollouts), 'live' (the console's live channel, across nodes on PostgreSQL) and 'jobs' (the
   * export runner). Without them routes answer as on a server whose MQTT is off, events stay in process and
   * queued exports wait.
   */
  services?: readonly Service[];
  beforeReady?: (app: FastifyInstance, deps: AppDeps) => void;
}

/**
 * A whole server on a fresh database: in-memory PGlite by default, or a new database on the PostgreSQL server
 * named by DATABASE_URL (dropped again on close), so every suite runs on both. Its routes are all there; its
 * services only those the test names (a broker, a LISTEN connection and a runner per file cost time).
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = scratchFolder('gw-test-');
  // totals counted on every request unless a test asks for the cache: tests also write straight to the database
  // the embedded MQTT broker on any free port (this machine's Mosquitto holds 1883); deps.broker.port tells which
  // short links without their rate limit: suites send hundreds of visits at once from one address to prove the
  // counting (http/rate-limit.test.ts sets the limits it tests)
  const config = loadConfig({ DATA_DIR: dataDir, ADMIN_PASSWORD, LIST_COUNT_CACHE_MS: '0', MQTT_PORT: '0', RATE_LIMIT_SHORT_LINK: '0', ...options.env });
  const template = testTemplate();
  const fresh = await freshDatabase(template);
  const database = await openDatabase({ url: fresh.url, dir: fresh.dir ?? null });
  const clock = new TestClock();
  const cleanUp = async () => {
    await database.close();
    await fresh.drop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  let built: Awaited<ReturnType<typeof buildApp>> | undefined;
  try {
    built = await buildApp({ config, db: database.db, clock, logger: false, services: options.services ?? [] });
    options.beforeReady?.(built.app, built.deps);
    await built.app.ready();
  } catch (err) {
    // a suite that expects the start to fail must not leave its services or its database behind (a failing
    // buildApp has stopped its own)
    await built?.app.close().catch(() => undefined);
    await cleanUp();
    throw err;
  }
  const { app, deps } = built;

  const api: TestApp['api'] = (method, url, opts = {}) =>
    app.inject({
      method,
      url: `${API}${url}`,
      headers: { ...(opts.token ? { token: opts.token } : {}), ...opts.headers },
      ...(opts.body !== undefined ? { payload: opts.body as InjectOptions['payload'] } : {}),
    });

  const login: TestApp['login'] = async (username, password, ip = '127.0.0.1') => {
    const c = (await app.inject({ method: 'GET', url: `${API}/tools/captcha` })).json().data;
    const [row] = await database.db.select().from(captcha).where(eq(captcha.id, c.c_id));
    const res = await app.inject({
      method: 'POST',
      url: `${API}/user/login`,
      remoteAddress: ip,
      payload: { username, password, captcha: row.answer, c_id: c.c_id },
    });
    const body = res.json();
    if (body.code !== 200) throw new Error(`login ${username} failed: ${res.statusCode} ${res.body}`);
    return body.data.token as string;
  };

  const createUser: TestApp['createUser'] = async (values) => {
    const [row] = await database.db
      .insert(adminUser)
      .values({
        username: values.username,
        name: values.username,
        password_hash: await hashPassword(values.password ?? 'secret-123'),
        roles: values.roles ?? [],
        customer_id: values.customer_id ?? null,
        enabled: values.enabled ?? true,
      })
      .returning({ id: adminUser.id });
    return row.id;
  };

  return {
    app,
    deps,
    db: database.db,
    clock,
    config,
    api,
    login,
    createUser,
    async close() {
      await app.close();
      await cleanUp();
    },
  };
}

/** The run's migrated and seeded database (the server project's global set-up), when there is one. */
function testTemplate(): TestTemplate {
  try {
    return inject('testTemplate') ?? {};
  } catch {
    // a project without the global set-up: every app migrates and seeds its own
    return {};
  }
}

/**
 * The test app's own database: a copy of the template's PGlite directory (in a folder of its own, so tests that
 * look at the app's data directory find only what the app wrote), an empty in-memory PGlite without a template,
 * or a new database on the server of DATABASE_URL. `drop` removes it once closed.
 */
async function freshDatabase(template: TestTemplate): Promise<{ url?: string; dir?: string; drop(): Promise<void> }> {
  const base = process.env.DATABASE_URL;
  if (!base) {
    if (!template.pgliteDir) return { drop: async () => {} };
    const folder = scratchFolder('gw-test-db-');
    const dir = path.join(folder, 'pglite');
    cpSync(template.pgliteDir, dir, { recursive: true });
    return { dir, drop: async () => rmSync(folder, { recursive: true, force: true }) };
  }
  const name = `gw_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await createDatabase(admin, name, template.pgTemplate);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      // pool.end() resolves before its connections have finished closing; a forced drop that kills one of them
      // then raises an error on a client nobody listens to any more, so wait for them to go first
      for (let i = 0; i < 100; i++) {
        const { rows } = await client.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
        if (rows[0].n === 0) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/**
 * CREATE DATABASE, as a copy of `template` when given. PostgreSQL copies a template only while nobody else is
 * connected to it, and several test files start at once: on "being accessed by other users" it tries again.
 */
async function createDatabase(admin: pg.Client, name: string, template: string | undefined): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
      return;
    } catch (err) {
      if ((err as { code?: string }).code !== '55006' || attempt >= 200) throw err;
      await new Promise((r) => setTimeout(r, 25 + Math.random() * 50));
    }
  }
}
