import { type SQL, sql } from 'drizzle-orm';
import { ROLLOUT_TARGET_TITLES, type RolloutTarget } from '@gw/contracts';
import type { Db, Tx } from '../../../db/client.js';
import { customerScope } from '../../../http/scope.js';
import type { SessionUser } from '../../../http/types.js';
import { REASON } from '../../../mqtt/ota/reasons.js';

/** A PostgreSQL integer array literal (`{1,2,3}`), for one parameter instead of one per id. */
export const intArray = (values: readonly number[]) => `{${values.map((v) => Math.trunc(v)).join(',')}}`;

/** Why a box of the target is skipped when the rollout is created: 0 it is not, else the index in SKIP_REASONS. */
export const SKIP_REASONS = ['', REASON.wrongType, REASON.sameVersion, REASON.busyElsewhere] as const;

/** The boxes a target names, before scope and the rollout's own rules: a condition on `device d`. */
function targetCondition(target: RolloutTarget): SQL {
  const ids = sql`${intArray(target.ids)}::int[]`;
  switch (target.type) {
    case 'devices':
      return sql`d.id = any(${ids})`;
    case 'tag':
      return sql`d.id in (select l.device_id from device_tag_link l where l.tag_id = any(${ids}))`;
    case 'customer':
      // each named company with every company below it; UNION stops on a cycle in the tree
      return sql`d.customer_id in (with recursive sub(id) as (select unnest(${ids}) union select c.id from customer c join sub on c.parent_id = sub.id) select id from sub)`;
    case 'goods':
      return sql`d.goods_id = any(${ids})`;
  }
}

export interface TargetBox {
  device_id: number;
  /** 0: the box updates; else why it is skipped (SKIP_REASONS). */
  skip: number;
}

/**
 * The boxes of a target within the caller's scope (never scrapped ones), by gateway id, each with why it is
 * skipped: not a device type the release fits, already on its version, or still open in another unfinished
 * rollout (running, paused or stopped; its row there neither done nor skipped).
 */
export async function resolveTarget(
  tx: Tx,
  user: SessionUser,
  target: RolloutTarget,
  release: { version: string; goods_ids: number[] },
): Promise<TargetBox[]> {
  const { rows } = (await tx.execute<{ id: number; skip: number }>(sql`
    select d.id, case
        when d.goods_id is null or not (d.goods_id = any(${intArray(release.goods_ids)}::int[])) then 1
        when d.firmware_version = ${release.version} then 2
        when exists (
          select 1 from rollout_item ri join rollout r on r.id = ri.rollout_id
           where ri.device_id = d.id and r.state in ('running', 'paused', 'stopped') and ri.state not in ('done', 'skipped')
        ) then 3
        else 0 end as skip
      from device d
     where d.state <> 'scrapped' and ${targetCondition(target)} and ${customerScope(user, sql`d.customer_id`) ?? sql`true`}
     order by d.gateway_id`)) as { rows: { id: number; skip: number }[] };
  return rows.map((r) => ({ device_id: Number(r.id), skip: Number(r.skip) }));
}

/** How many names a target's text shows before `等 N 项`. */
const SHOWN = 5;

/**
 * The targets of a page of rollouts in words (`设备标签: 一车间, 二车间`), one query per kind of target on the page;
 * a name since deleted shows as its id.
 */
export async function targetTexts(db: Db | Tx, targets: readonly RolloutTarget[]): Promise<string[]> {
  const wanted = new Map<RolloutTarget['type'], Set<number>>();
  for (const t of targets) {
    const set = wanted.get(t.type) ?? new Set<number>();
    for (const id of t.ids.slice(0, SHOWN)) set.add(id);
    wanted.set(t.type, set);
  }
  const names = new Map<string, string>();
  const lookups: Record<RolloutTarget['type'], string> = {
    devices: 'select id, gateway_id as name from device',
    tag: 'select id, name from device_tag',
    customer: 'select id, company_name as name from customer',
    goods: 'select id, name from goods',
  };
  for (const [type, ids] of wanted) {
    const { rows } = (await db.execute<{ id: number; name: string }>(
      sql`${sql.raw(lookups[type])} where id = any(${intArray([...ids])}::int[])`,
    )) as { rows: { id: number; name: string }[] };
    for (const r of rows) names.set(`${type}:${r.id}`, r.name);
  }
  return targets.map((t) => {
    const shown = t.ids.slice(0, SHOWN).map((id) => names.get(`${t.type}:${id}`) ?? `#${id}`);
    const more = t.ids.length > SHOWN ? ` 等 ${t.ids.length} ${t.type === 'devices' ? '台' : '项'}` : '';
    return `${ROLLOUT_TARGET_TITLES[t.type]}: ${shown.join(', ')}${more}`;
  });
}
