import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { DEVICE_PATH, GOODS_PATH, VERSION_FILE_PATH, VERSION_PATH } from '@gw/contracts';
import { buildApp } from '../app.js';
import { type Config, loadConfig } from '../config.js';
import { type Db, openDatabase } from '../db/client.js';
import { adminUser, customer } from '../db/schema.js';
import { hashPassword } from '../lib/password.js';
import { queryRows } from '../db/rows.js';
import { API } from '../test/harness.js';
import { scratchFolder } from '../test/scratch.js';
import { filesUnder, readManifest } from './archive.js';
import { createBackup } from './create-backup.js';
import { BACKUP_FORMAT, type Manifest, checkManifest, knownMigrations } from './manifest.js';
import { pgliteDir } from './pglite.js';
import { restoreBackup } from './restore-backup.js';
import { runTool } from './run-tool.js';

// the server suite runs on PGlite, and on PostgreSQL when DATABASE_URL names a server (npm run test:pg)
const PG = process.env.DATABASE_URL;
const KIND = PG ? 'postgres' : 'pglite';
const scratch: (() => Promise<void>)[] = [];

/** A DATA_DIR (and on PostgreSQL a new database) of the test's own, removed at the end. */
async function place(): Promise<Config> {
  const dataDir = scratchFolder('gw-backup-');
  scratch.push(async () => rmSync(dataDir, { recursive: true, force: true }));
  let url = '';
  if (PG) {
    const name = `gw_test_backup_${process.pid}_${randomBytes(4).toString('hex')}`;
    await admin(`create database ${name}`);
    scratch.push(() => admin(`drop database if exists ${name} with (force)`));
    const u = new URL(PG);
    u.pathname = `/${name}`;
    url = u.toString();
  }
  return loadConfig({ DATA_DIR: dataDir, DATABASE_URL: url, ADMIN_PASSWORD: 'Admin-pass-1', LOGIN_CAPTCHA: 'off', MQTT_PORT: '0', LIST_COUNT_CACHE_MS: '0' });
}

async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: PG });
  await client.connect();
  await client.query(statement);
  await client.end();
}

/** Runs `body` on the place's database, then closes it — and waits until PostgreSQL has seen the pool go. */
async function withDb<T>(config: Config, body: (db: Db) => Promise<T>): Promise<T> {
  const database = await openDatabase({ url: config.databaseUrl, dir: pgliteDir(config.dataDir), poolMax: 2 });
  try {
    return await body(database.db);
  } finally {
    await database.close();
    if (PG) await sessionsGone(config.databaseUrl);
  }
}

async function sessionsGone(url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  const client = new pg.Client({ connectionString: PG });
  await client.connect();
  for (let i = 0; i < 100; i++) {
    const { rows } = await client.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
    if (rows[0].n === 0) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  await client.end();
}

/**
 * The whole server on the place, listening on loopback; `found` is what the place held before the server started,
 * stop() closes it like SIGTERM does and answers what it leaves (both read on the server's own connection: every
 * PGlite opening costs seconds).
 */
async function start(config: Config) {
  const database = await openDatabase({ url: config.databaseUrl, dir: pgliteDir(config.dataDir), poolMax: 4 });
  const found = await snapshot(database.db, config);
  const { app } = await buildApp({ config, db: database.db, logger: false });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const login = await app.inject({ method: 'POST', url: `${API}/user/login`, payload: { username: 'admin', password: 'Admin-pass-1' } });
  const token = login.json().data.token as string;
  const call = async (method: string, url: string, body?: unknown) => {
    const res = await app.inject({ method: method as 'POST', url: `${API}${url}`, headers: { token }, ...(body ? { payload: body } : {}) });
    expect(res.json(), `${method} ${url}`).toMatchObject({ code: 200 });
    return res.json().data;
  };
  const upload = async (url: string, name: string, bytes: Uint8Array) => {
    const form = new FormData();
    form.append('file', new Blob([bytes]), name);
    const res = await fetch(`${base}${API}${url}`, { method: 'POST', body: form, headers: { token } });
    const body = (await res.json()) as { code: number; data: { url: string; file_id: string; file_name: string } };
    expect(body, `upload ${name}`).toMatchObject({ code: 200 });
    return body.data;
  };
  return {
    base,
    db: database.db,
    found,
    call,
    upload,
    async stop(): Promise<Snapshot> {
      await app.close();
      try {
        return await snapshot(database.db, config);
      } finally {
        await database.close();
        if (PG) await sessionsGone(config.databaseUrl);
      }
    },
  };
}

interface Snapshot {
  rows: Record<string, string[]>;
  sequences: Record<string, string>;
  files: Record<string, string>;
}

/** Every row of every table (partitions too), every sequence's position and every stored file's SHA-256. */
async function snapshot(db: Db, config: Config): Promise<Snapshot> {
  const rows: Snapshot['rows'] = {};
  const tables = await query<{ name: string }>(
    db,
    `select quote_ident(table_schema) || '.' || quote_ident(table_name) as name from information_schema.tables
      where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE' order by 1`,
  );
  for (const { name } of tables) rows[name] = (await query<{ r: string }>(db, `select row_to_json(t)::text as r from ${name} t`)).map((r) => r.r).sort();
  const sequences = Object.fromEntries(
    (await query<{ name: string; at: string }>(db, `select schemaname || '.' || sequencename as name, coalesce(last_value, 0)::text as at from pg_sequences`)).map(
      (s) => [s.name, s.at],
    ),
  );
  const files: Snapshot['files'] = {};
  for (const folder of ['uploads', 'firmware']) {
    const dir = path.join(config.dataDir, folder);
    for (const rel of await filesUnder(dir)) files[`${folder}/${rel}`] = createHash('sha256').update(readFileSync(path.join(dir, rel))).digest('hex');
  }
  return { rows, sequences, files };
}

const query = <T>(db: Db, text: string) => queryRows<T>(db, sql.raw(text));

afterAll(async () => {
  for (const clean of scratch.reverse()) await clean();
});

// each PGlite opening costs one to several seconds (its first start and migrations many more on a busy machine)
describe(`npm run backup / restore on ${KIND}: a round trip`, { timeout: 180_000 }, () => {
  let source: Config;
  let archive: string;
  let before: Snapshot;
  const picture = randomBytes(50_000);
  const firmware = randomBytes(200_000);

  it('backs up a customer, a user, a box, telemetry, an uploaded file and a firmware release in one archive', async () => {
    source = await place();
    const server = await start(source);
    const [{ id: customerId }] = await server.db.insert(customer).values({ company_name: '备份测试集团' }).returning({ id: customer.id });
    await server.db.insert(adminUser).values({ username: 'backup-user', name: '备份', password_hash: await hashPassword('secret-123'), roles: [], customer_id: customerId });
    const goods = await server.call('POST', GOODS_PATH, { name: '边缘网关 G4', code: 'BK-G4', price: '100' });
    const box = await server.call('POST', DEVICE_PATH, { gateway_id: 'BK-BOX-1', name: '一号箱', goods_id: goods.id });
    await server.call('POST', `${DEVICE_PATH}/assign`, { ids: [box.id], customer_id: customerId });
    await server.db.execute(sql`insert into telemetry (machine_tool_id, ts, values) values (1, now(), '{"spindle": 1200}')`);
    const stored = await server.upload('/tools/upload', '铭牌.png', picture);
    expect(stored.url).toMatch(/^\/custom\/uploads\/\d{6}\//);
    const file = await server.upload(VERSION_FILE_PATH, 'gw-2.0.0.bin', firmware);
    await server.call('POST', VERSION_PATH, { version: '2.0.0', goods_ids: [goods.id], file_id: file.file_id, file_name: file.file_name });
    if (!PG) {
      // PGlite is single-process: the running server (this test's own process) holds it, so a backup is refused
      await expect(createBackup(source, { out: path.join(source.dataDir, 'no.tar.gz') })).rejects.toThrow(/正在使用 PGlite[\s\S]*stop the server first/);
    }
    before = await server.stop();
    expect(before.rows['public.customer'].some((r) => r.includes('备份测试集团'))).toBe(true);
    expect(Object.keys(before.rows).some((t) => /^public\.telemetry_\d{8}$/.test(t))).toBe(true);
    expect(Object.values(before.files).sort()).toEqual(
      [createHash('sha256').update(picture).digest('hex'), createHash('sha256').update(firmware).digest('hex')].sort(),
    );

    const out = path.join(source.dataDir, '..', `${path.basename(source.dataDir)}-archives/`);
    scratch.push(async () => rmSync(out, { recursive: true, force: true }));
    const made = await createBackup(source, { out });
    archive = made.file;
    expect(path.basename(archive)).toMatch(/^gw-backup-\d{8}-\d{6}\.tar\.gz$/);
    expect(made.manifest).toMatchObject({
      format: BACKUP_FORMAT,
      database: { kind: KIND, migration: knownMigrations().at(-1)!.tag },
      files: { uploads: { count: 1, bytes: picture.length }, firmware: { count: 1, bytes: firmware.length } },
    });
    expect(await readManifest(archive)).toEqual(made.manifest);
  });

  it('refuses to restore over data without --force and changes nothing; with --force everything is back exactly', async () => {
    const uploads = path.join(source.dataDir, 'uploads');
    const [picturePath] = await filesUnder(uploads);
    rmSync(path.join(uploads, picturePath));
    writeFileSync(path.join(uploads, 'later.txt'), 'after the backup');
    rmSync(path.join(source.dataDir, 'firmware'), { recursive: true });
    const changed = await withDb(source, async (db) => {
      await db.update(adminUser).set({ name: '改过' }).where(eq(adminUser.username, 'backup-user'));
      await db.delete(adminUser).where(eq(adminUser.username, 'backup-user'));
      await db.insert(customer).values({ company_name: '备份之后' });
      await db.execute(sql`delete from telemetry`);
      return snapshot(db, source);
    });
    expect(changed.rows['public.admin_user']).not.toEqual(before.rows['public.admin_user']);
    expect(changed.rows['public.operation_log']).not.toEqual(before.rows['public.operation_log']);

    // refused before anything is touched: the files of after the backup are still there
    await expect(restoreBackup(source, archive)).rejects.toThrow(/--force/);
    expect(readFileSync(path.join(uploads, 'later.txt'), 'utf8')).toBe('after the backup');

    await restoreBackup(source, archive, { force: true });
    expect(await withDb(source, (db) => snapshot(db, source))).toEqual(before);
    expect(readdirSync(source.dataDir)).toEqual(expect.not.arrayContaining([expect.stringMatching(/^\.(backup|restore)-/)]));
  });

  it('restores into an empty place, and the server runs on it: the box, its customer and both files are there', async () => {
    const target = await place();
    await restoreBackup(target, archive);
    const server = await start(target);
    try {
      expect(server.found).toEqual(before);
      const boxes = await server.call('GET', `${DEVICE_PATH}?limit=100`);
      expect(boxes).toEqual(expect.arrayContaining([expect.objectContaining({ gateway_id: 'BK-BOX-1' })]));
      const [rel] = Object.keys(before.files).filter((f) => f.startsWith('uploads/'));
      const served = await fetch(`${server.base}/custom/${rel.split('/').map(encodeURIComponent).join('/')}`);
      expect(Buffer.from(await served.arrayBuffer()).equals(picture)).toBe(true);
      // not under a running server, even with --force
      await expect(restoreBackup(target, archive, { force: true })).rejects.toThrow(PG ? /其他连接[\s\S]*stop every server node/ : /正在使用 PGlite/);
    } finally {
      await server.stop();
    }
  });

  it('refuses a damaged archive before touching anything', async () => {
    const work = mkdtempSync(path.join(tmpdir(), 'gw-backup-damaged-'));
    scratch.push(async () => rmSync(work, { recursive: true, force: true }));
    await runTool('tar', ['-xzf', archive, '-C', work]);
    const [rel] = await filesUnder(path.join(work, 'files', 'firmware'));
    const damaged = path.join(work, 'files', 'firmware', rel);
    const bytes = readFileSync(damaged);
    bytes[1000] ^= 0xff;
    writeFileSync(damaged, bytes);
    const repacked = path.join(work, 'damaged.tar.gz');
    await runTool('tar', ['-czf', repacked, '-C', work, 'manifest.json', ...(PG ? ['database.pgdump'] : ['pglite']), 'files']);

    const target = await place();
    await expect(restoreBackup(target, repacked)).rejects.toThrow(/已损坏[\s\S]*does not match its SHA-256/);
    expect(existsSync(path.join(target.dataDir, 'firmware'))).toBe(false);
    await expect(restoreBackup(target, path.join(work, 'manifest.json'))).rejects.toThrow(/不是本系统的备份文件/);
  });
});

describe('a backup’s manifest decides whether this code may restore it', () => {
  const newest = knownMigrations().at(-1)!;
  const manifest = (over: Partial<Manifest['database']> = {}, format = BACKUP_FORMAT): Manifest => ({
    format,
    created_at: new Date().toISOString(),
    database: { kind: 'pglite', migration: newest.tag, migration_when: newest.when, version: '17.5', ...over },
    files: { uploads: { count: 0, bytes: 0 }, firmware: { count: 0, bytes: 0 } },
    parts: {},
  });

  it('takes its own kind at a known migration, older ones too (the server migrates them at start)', () => {
    expect(() => checkManifest(manifest(), 'pglite')).not.toThrow();
    const first = knownMigrations()[0];
    expect(() => checkManifest(manifest({ kind: 'postgres', migration: first.tag, migration_when: first.when }), 'postgres')).not.toThrow();
  });

  it('refuses the other kind of database, a newer format and a newer migration, saying why', () => {
    expect(() => checkManifest(manifest(), 'postgres')).toThrow(/PGlite[\s\S]*不能恢复到 PostgreSQL/);
    expect(() => checkManifest(manifest({ kind: 'postgres' }), 'pglite')).toThrow(/请设置 DATABASE_URL/);
    expect(() => checkManifest(manifest({}, BACKUP_FORMAT + 1), 'pglite')).toThrow(/比本程序支持的 \d+ 新/);
    expect(() => checkManifest(manifest({ migration: '0099_future', migration_when: newest.when + 1 }), 'pglite')).toThrow(/比本程序新或未知/);
  });
});
