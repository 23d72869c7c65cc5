import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { mpReply } from '../../db/schema.js';
import { bindByCommand } from './bind-command.js';
import type { InboundMessage } from './inbound.js';
import { type Inbound, chooseReply } from './match.js';
import { replyXml, ruleReply } from './reply.js';

export type RuleRow = typeof mpReply.$inferSelect;

/** The enabled rules a message of this kind could hit (none are read for an unfollow or another event). */
export async function candidateRules(db: Db, inbound: Inbound): Promise<RuleRow[]> {
  if (inbound.kind === 'unsubscribe' || inbound.kind === 'event') return [];
  return db.select().from(mpReply).where(eq(mpReply.enabled, true));
}

/**
 * Acts on a message taken for the first time and answers the plain reply XML, or '' for `success`: a bind
 * command binds, a rule hit is counted (the rule's edit time stays).
 */
export async function answerMessage(db: Db, msg: InboundMessage, now: Date, ip: string): Promise<string> {
  const choice = chooseReply(msg.inbound, await candidateRules(db, msg.inbound));
  if (choice.kind === 'bind') {
    const content = await bindByCommand(db, { code: choice.code, openid: msg.parties.user, now, ip });
    return replyXml({ type: 'text', content }, msg.parties, now);
  }
  if (choice.kind === 'none') return '';
  await db
    .update(mpReply)
    .set({ hits: sql`${mpReply.hits} + 1`, last_hit_at: now, updated_at: sql`${mpReply.updated_at}` })
    .where(eq(mpReply.id, choice.rule.id));
  return replyXml(ruleReply(choice.rule), msg.parties, now);
}
