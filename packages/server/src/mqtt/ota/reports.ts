import { type SQL, sql } from 'drizzle-orm';
import { type BoxOta, type BoxState, type OtaStep, type RolloutItemState, type RolloutState, boxOtaSchema, boxStateSchema } from '@gw/contracts';
import type { Db } from '../../db/client.js';
import type { BoxLink, BoxMessage } from '../link.js';
import { parsePayload } from '../payload.js';
import type { RolloutNews } from './news.js';
import { REASON } from './reasons.js';

/** An `ota` report is a few short fields; anything much longer is a broken or hostile box. */
const MAX_OTA_BYTES = 2048;
const MAX_STATE_BYTES = 4096;

/** The steps in order: a report moves a box forward, never back (a late `downloading` after `installing` changes nothing). */
const ORDER: readonly RolloutItemState[] = ['pending', 'sending', 'downloading', 'verifying', 'installing'];
/** Stands for the release's version in a reason written before the row is read. */
const EXPECTED = '{release}';
const BUSY = sql.raw(`('sending', 'downloading', 'verifying', 'installing')`);

/** The states a report of `step` may move a box from: those before it (itself too, for progress), or any open one when it ends. */
function fromStates(step: OtaStep): SQL {
  const upTo = step === 'done' || step === 'failed' ? ORDER : ORDER.slice(0, ORDER.indexOf(step) + 1);
  return sql.raw(`(${upTo.map((s) => `'${s}'`).join(', ')})`);
}

type Changed = {
  rollout_id: number;
  device_id: number;
  state: RolloutItemState;
  rollout_state: RolloutState;
};

/** The rollout boxes of box `gatewayId` matching `where`, set to `set`: found by the box's id (its own index), whatever their rollout. */
async function updateBox(db: Db, gatewayId: string, set: SQL, where: SQL): Promise<Changed[]> {
  const { rows } = (await db.execute<Changed>(sql`
    update rollout_item i set ${set}
      from rollout r join firmware_version v on v.id = r.version_id
     where r.id = i.rollout_id and i.device_id = (select id from device where gateway_id = ${gatewayId}) and ${where}
    returning i.rollout_id, i.device_id, i.state, r.state as rollout_state`)) as { rows: Changed[] };
  return rows;
}

/** A box's report on `ota/<gw>/v1` applied to its row of that rollout, unless the row is final already. */
export function applyOta(db: Db, gatewayId: string, ota: BoxOta, now: Date): Promise<Changed[]> {
  const at = now.toISOString();
  const where = sql`i.rollout_id = ${ota.rollout_id} and i.state in ${fromStates(ota.state)}`;
  switch (ota.state) {
    case 'downloading':
      return updateBox(db, gatewayId, sql`state = 'downloading', progress = ${Math.round(ota.progress ?? 0)}, error = '', updated_at = ${at}`, where);
    case 'verifying':
    case 'installing':
      return updateBox(db, gatewayId, sql`state = ${ota.state}, progress = 100, error = '', updated_at = ${at}`, where);
    case 'failed':
      return updateBox(db, gatewayId, sql`state = 'failed', error = ${ota.error?.trim() || REASON.failed}, updated_at = ${at}`, where);
    case 'done': {
      // done, unless the box names another version than the release's
      const wrong = ota.version ? sql`${ota.version} <> v.version` : sql`false`;
      return updateBox(
        db,
        gatewayId,
        sql`state = case when ${wrong} then 'failed' else 'done' end,
            error = case when ${wrong} then replace(${REASON.wrongVersion(ota.version ?? '', EXPECTED)}, ${EXPECTED}, v.version) else '' end,
            progress = 100, updated_at = ${at}`,
        where,
      );
    }
  }
}

/**
 * A box back online naming its version (its `state` announce): a busy row of a release of that version is done;
 * a row that was installing, on another version, failed — the box rolled back — but only when the announce is
 * live, so its connection is one made now, after the command (the server's clock, never the box's). A retained
 * copy (a server's restart or reconnect hands it over again) may be of a connection before the command: it only
 * confirms a version.
 */
export function applyState(db: Db, gatewayId: string, state: BoxState, now: Date, retained: boolean): Promise<Changed[]> {
  const version = state.version ?? '';
  if (!state.online || !version) return Promise.resolve([]);
  const at = now.toISOString();
  const rolledBack = retained ? sql`false` : sql`(i.state = 'installing' and v.version <> ${version} and i.sent_at < ${at}::timestamptz)`;
  return updateBox(
    db,
    gatewayId,
    sql`state = case when v.version = ${version} then 'done' else 'failed' end,
        error = case when v.version = ${version} then '' else ${REASON.rolledBack(version)} end,
        progress = 100, updated_at = ${at}`,
    sql`((i.state in ${BUSY} and v.version = ${version}) or ${rolledBack})`,
  );
}

export interface OtaReportStats {
  /** `ota` reports dropped as malformed (too large, not JSON, not the schema). */
  malformed: number;
}

/**
 * The boxes' side of a rollout: `ota` reports and retained `state` messages move their rows; every change is
 * told through `news`, and `settled` hears of a box that finished (done or failed: its slot is free). A malformed
 * report is counted and logged once per box, never thrown.
 */
export function followOtaReports(
  link: BoxLink,
  db: Db,
  news: RolloutNews,
  now: () => Date,
  log: { warn(obj: unknown, msg?: string): void },
  settled: () => void = () => undefined,
): OtaReportStats {
  const stats: OtaReportStats = { malformed: 0 };
  const warned = new Set<string>();
  const tell = (changed: Changed[]) => {
    for (const c of changed) news.box(Number(c.rollout_id), Number(c.device_id), c.state, c.rollout_state);
    if (changed.some((c) => c.state === 'done' || c.state === 'failed')) settled();
  };

  link.onMessage('ota', async (message: BoxMessage) => {
    const parsed = parsePayload(message.payload, MAX_OTA_BYTES, boxOtaSchema);
    if ('malformed' in parsed) {
      stats.malformed += 1;
      if (!warned.has(message.gatewayId)) {
        if (warned.size > 10_000) warned.clear();
        warned.add(message.gatewayId);
        log.warn({ gateway_id: message.gatewayId, reason: parsed.malformed, payload: message.payload.toString('utf8').slice(0, 200) }, '网关升级进度消息格式错误,已忽略');
      }
      return;
    }
    tell(await applyOta(db, message.gatewayId, parsed.value, now()));
  });

  link.onMessage('state', async (message: BoxMessage) => {
    // presence logs a malformed state; here it only has nothing to confirm
    const parsed = parsePayload(message.payload, MAX_STATE_BYTES, boxStateSchema);
    if ('value' in parsed) tell(await applyState(db, message.gatewayId, parsed.value, now(), message.retained === true));
  });

  return stats;
}
