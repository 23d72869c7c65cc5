import { eq, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { wechatMessage } from '../../db/schema.js';
import type { InboundMessage } from './inbound.js';

/** How long a message is remembered: WeChat's retries come within seconds, a replay after this is ignored. */
export const DEDUPE_WINDOW_MS = 24 * 60 * 60 * 1000;
/** Old rows are removed at most this often. */
const PURGE_EVERY_MS = 60 * 60 * 1000;

/** The first delivery of a message, or a repeat with the stored reply (null while the first is being answered). */
export type Claim = { first: true } | { first: false; reply: string | null };

/** Takes the message for answering, unless a delivery of it was taken before. */
export async function claimMessage(db: Db, msg: InboundMessage, now: Date): Promise<Claim> {
  const [taken] = await db
    .insert(wechatMessage)
    .values({ key: msg.key, openid: msg.parties.user, msg_type: msg.msgType, content: msg.content.slice(0, 2048), created_at: now })
    .onConflictDoNothing()
    .returning({ key: wechatMessage.key });
  if (taken) return { first: true };
  const [row] = await db.select({ reply: wechatMessage.reply }).from(wechatMessage).where(eq(wechatMessage.key, msg.key));
  return { first: false, reply: row?.reply ?? null };
}

/** Keeps the plain reply XML ('' for `success`) for the repeats. */
export async function storeReply(db: Db, key: string, reply: string): Promise<void> {
  await db.update(wechatMessage).set({ reply }).where(eq(wechatMessage.key, key));
}

/** Gives a message back when answering it failed, so WeChat's retry may try again. */
export async function releaseClaim(db: Db, key: string): Promise<void> {
  await db.delete(wechatMessage).where(eq(wechatMessage.key, key));
}

/** Removes the messages older than the window, at most once an hour per server. */
export function messagePurger(db: Db): (now: Date) => Promise<void> {
  let last = 0;
  return async (now) => {
    if (now.getTime() - last < PURGE_EVERY_MS) return;
    last = now.getTime();
    await db.delete(wechatMessage).where(lt(wechatMessage.created_at, new Date(now.getTime() - DEDUPE_WINDOW_MS)));
  };
}
