import { and, eq, inArray, sql } from 'drizzle-orm';
import { CONFIG_KEY, type WechatTemplateMessage } from '@gw/contracts';
import type { Db } from '../../db/client.js';
import { readConfig } from '../../db/config-values.js';
import { wechatNotice } from '../../db/schema.js';
import { REASON } from './messages.js';
import type { SendOutcome, WechatApi, WechatCredentials } from './wechat-api.js';

/** Notices one node takes at a time. */
export const SEND_BATCH = 10;
/** Batches one pass sends at most: a pass ends, and the next tick goes on. */
const MAX_BATCHES = 20;
/**
 * A notice taken by a node that then went away (crash, restart) is taken again after this long. It is well
 * beyond what a batch can take (two calls of 5 s per notice), so a node still sending is never overtaken.
 */
export const SEND_LEASE_MS = 3 * 60_000;

interface Claimed {
  id: number;
  openid: string;
  content: string;
  template: WechatTemplateMessage | null;
}

/** The AppID and AppSecret from 参数设置, or null when either is empty. */
async function credentials(db: Db): Promise<WechatCredentials | null> {
  const values = await readConfig(db, [CONFIG_KEY.wechatAppId, CONFIG_KEY.wechatSecret]);
  const appid = values[CONFIG_KEY.wechatAppId];
  const secret = values[CONFIG_KEY.wechatSecret];
  return appid && secret ? { appid, secret } : null;
}

/**
 * Takes up to a batch of 待发送 notices for this node: each is marked `发送中` with its attempt counted, in one
 * statement with SKIP LOCKED, so two nodes never take the same notice, and no transaction stays open while
 * WeChat answers (on PGlite that would hold the only connection).
 */
async function claim(db: Db, now: Date): Promise<Claimed[]> {
  const leaseEnd = new Date(now.getTime() - SEND_LEASE_MS).toISOString();
  const { rows } = (await db.execute(sql`
    update wechat_notice set reason = ${REASON.sending}, attempts = attempts + 1, updated_at = ${now.toISOString()}::timestamptz
     where id in (
       select id from wechat_notice
        where state = 'pending' and (reason <> ${REASON.sending} or updated_at < ${leaseEnd}::timestamptz)
        order by id limit ${SEND_BATCH}
        for update skip locked)
    returning id, openid, content, template`)) as { rows: Claimed[] };
  return rows.map((r) => ({ ...r, id: Number(r.id) })).sort((a, b) => a.id - b.id);
}

/** Writes what became of a claimed notice (only while it is still this node's claim). */
function decide(db: Db, id: number, values: Partial<typeof wechatNotice.$inferInsert>) {
  return db
    .update(wechatNotice)
    .set(values)
    .where(and(eq(wechatNotice.id, id), eq(wechatNotice.state, 'pending'), eq(wechatNotice.reason, REASON.sending)));
}

/**
 * Sends the 待发送 notices, a batch at a time: without AppID or AppSecret each is 未发送 with that reason (no
 * call to WeChat); otherwise WeChat's errcode 0 makes it 已发送, anything else 未发送 with the reason. A reason
 * that holds for every notice (WeChat unreachable, token refused) ends the batch at once. `stopping` (the app
 * closing) gives the untried notices back. Returns how many notices were decided.
 */
export async function sendPending(db: Db, api: WechatApi, now: () => Date, stopping: () => boolean): Promise<number> {
  let decided = 0;
  for (let b = 0; b < MAX_BATCHES && !stopping(); b++) {
    const batch = await claim(db, now());
    if (!batch.length) break;
    const creds = await credentials(db);
    let whole: string | null = creds ? null : REASON.notConfigured;
    for (const [i, notice] of batch.entries()) {
      if (stopping() && !whole) {
        const ids = batch.slice(i).map((n) => n.id);
        await db.update(wechatNotice).set({ reason: '' }).where(and(inArray(wechatNotice.id, ids), eq(wechatNotice.reason, REASON.sending)));
        return decided;
      }
      const outcome: SendOutcome =
        whole !== null || !creds
          ? { ok: false, reason: whole ?? REASON.notConfigured, whole: true }
          : notice.template
            ? await api.sendTemplate(creds, notice.openid, notice.template)
            : await api.sendText(creds, notice.openid, notice.content);
      const at = now();
      if (outcome.ok) {
        await decide(db, notice.id, { state: 'sent', reason: '', sent_at: at, updated_at: at });
      } else {
        await decide(db, notice.id, { state: 'unsent', reason: outcome.reason.slice(0, 500), updated_at: at });
        if (outcome.whole) whole = outcome.reason;
      }
      decided++;
    }
  }
  return decided;
}
