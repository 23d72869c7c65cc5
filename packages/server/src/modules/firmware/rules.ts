import { and, arrayOverlaps, eq, inArray, ne, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Tx } from '../../db/client.js';
import { firmwareVersion, goods, rollout } from '../../db/schema.js';
import { badRequest } from '../../http/errors.js';
import type { Row, WriteHooks } from '../../http/resource/types.js';
import { requireVendorScope } from '../../http/scope.js';
import { MSG } from './messages.js';
import { storedSize } from './store.js';

/** The fields a published release may still change: its file and fit are what boxes got. */
const PUBLISHED_EDITABLE = new Set(['changelog']);
/** Rollouts that have not ended: their release stays until they are cancelled or done. */
const UNFINISHED = ['running', 'paused', 'stopped'] as const;

/** The names of a release's device types in the order it lists them (a deleted type drops out): one subquery of the page's query. */
export const goodsNamesSql = sql<string[]>`array(select g.name from unnest(firmware_version.goods_ids) with ordinality as u(id, n) join goods g on g.id = u.id order by u.n)`;

const idSet = (ids: unknown) => [...new Set(ids as number[])].sort((x, y) => x - y).join(',');
const sameIds = (a: unknown, b: unknown) => idSet(a) === idSet(b);

/** Whether write value `key` differs from the stored release (the file is named by `file_id`, stored as its hash). */
function changes(key: string, value: unknown, current: Row): boolean {
  if (key === 'file_id') return value !== current.sha256;
  if (key === 'goods_ids') return !sameIds(value, current.goods_ids);
  return value !== current[key];
}

/**
 * 版本管理's write rules: vendor staff only; a draft may change anything, a published release only its
 * changelog, a deleted one nothing; the file must be in the store, every device type must exist, and a version
 * is unique among the releases (not deleted) that share a device type with it.
 */
export function versionWriteRules(dataDir: string): Required<Pick<WriteHooks, 'checkWrite' | 'toColumns' | 'checkDelete' | 'markDeleted'>> {
  return {
    async checkWrite(req, values, current, tx) {
      requireVendorScope(req, MSG.vendorOnly);
      if (current?.status === 'deleted') throw badRequest(MSG.deletedReadOnly);
      if (current?.status === 'published') {
        const changed = Object.entries(values).filter(([key, value]) => value !== undefined && !PUBLISHED_EDITABLE.has(key) && changes(key, value, current));
        if (changed.length) throw badRequest(MSG.publishedChangelogOnly);
      }
      if (values.file_id !== undefined && (await storedSize(dataDir, values.file_id as string)) === null) throw badRequest(MSG.fileMissing);
      if (values.goods_ids !== undefined) await checkGoods(tx, values.goods_ids as number[]);
      if (!current || values.version !== undefined || values.goods_ids !== undefined) {
        await checkUnique(tx, (values.version ?? current?.version) as string, (values.goods_ids ?? current?.goods_ids) as number[], current);
      }
    },

    async toColumns(values, req) {
      const { file_id, goods_ids, ...columns } = values;
      if (goods_ids !== undefined) columns.goods_ids = [...new Set(goods_ids as number[])];
      if (file_id !== undefined) {
        const size = await storedSize(dataDir, file_id as string);
        if (size === null) throw badRequest(MSG.fileMissing);
        Object.assign(columns, { sha256: file_id, size });
      }
      if (req.method === 'POST') Object.assign(columns, { status: 'draft', created_by: req.user.id });
      return columns;
    },

    async checkDelete(req, current, tx) {
      requireVendorScope(req, MSG.vendorOnly);
      const [open] = await tx
        .select({ id: rollout.id })
        .from(rollout)
        .where(and(eq(rollout.version_id, current.id as number), inArray(rollout.state, [...UNFINISHED])))
        .limit(1);
      if (open) throw badRequest(MSG.rolloutUnfinished);
    },

    // a release is never removed: it stays listed as 已删除 for the history of the boxes it went to
    async markDeleted(_req, rows, tx) {
      const ids = rows.filter((r) => r.status !== 'deleted').map((r) => r.id as number);
      if (ids.length) await tx.update(firmwareVersion).set({ status: 'deleted' }).where(inArray(firmwareVersion.id, ids));
    },
  };
}

/** `publish`: a draft becomes rollable. */
export async function publishVersion(req: FastifyRequest, row: Row, tx: Tx, now: Date): Promise<void> {
  requireVendorScope(req, MSG.vendorOnly);
  if (row.status !== 'draft') throw badRequest(MSG.draftOnlyPublish);
  await tx.update(firmwareVersion).set({ status: 'published', published_at: now }).where(eq(firmwareVersion.id, row.id as number));
}

async function checkGoods(tx: Tx, ids: number[]): Promise<void> {
  const wanted = [...new Set(ids)];
  const found = new Set((await tx.select({ id: goods.id }).from(goods).where(inArray(goods.id, wanted))).map((g) => g.id));
  const missing = wanted.filter((id) => !found.has(id));
  if (missing.length) throw badRequest(MSG.goodsMissing(missing));
}

/** Refuses a version another live release already has for one of the same device types; creates take turns. */
async function checkUnique(tx: Tx, version: string, goodsIds: number[], current: Row | null): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('firmware_version_unique'))`);
  const clashes = await tx
    .select({ goods_ids: firmwareVersion.goods_ids })
    .from(firmwareVersion)
    .where(
      and(
        eq(firmwareVersion.version, version),
        ne(firmwareVersion.status, 'deleted'),
        arrayOverlaps(firmwareVersion.goods_ids, goodsIds),
        current ? ne(firmwareVersion.id, current.id as number) : undefined,
      ),
    );
  if (!clashes.length) return;
  const shared = [...new Set(clashes.flatMap((c) => c.goods_ids).filter((id) => goodsIds.includes(id)))];
  const names = await tx.select({ name: goods.name }).from(goods).where(inArray(goods.id, shared)).orderBy(goods.id);
  throw badRequest(MSG.versionTaken(version, names.map((n) => n.name)));
}
