import { sql } from 'drizzle-orm';
import { type BoxState, boxStateSchema } from '@gw/contracts';
import type { AppDeps } from '../../app-deps.js';
import type { BoxLink, BoxMessage } from '../link.js';
import type { KeyedQueue } from './keyed-queue.js';
import { type PresenceLog, announce, applyChange, reconcile } from './transitions.js';

/** How long after start a box marked online may go without a retained online state before it is set offline. */
export const RETAINED_STATE_WAIT_MS = 10_000;

/**
 * Presence through an external broker, which shows a subscriber no connects: the retained `state/<gw>/v1` a
 * box publishes at connect, and the same with online false as its last will. Each is applied only when newer
 * than the box's current state (its `ts` against online_since; session `state:<ts>`), so an old retained or
 * late message never undoes a newer one. Boxes still marked online that no retained online state names within
 * `waitMs` of start are set offline.
 */
export function followRetainedState(
  link: BoxLink,
  deps: AppDeps,
  queue: KeyedQueue,
  log: PresenceLog,
  waitMs = RETAINED_STATE_WAIT_MS,
): { stop(): void; reconciled: Promise<void> } {
  const { db, clock } = deps;
  const heardOnline = new Set<string>();
  const malformed = new Set<string>();

  link.onMessage('state', async (message: BoxMessage) => {
    const state = parseState(message.payload);
    if (!state) {
      if (!malformed.has(message.gatewayId)) {
        malformed.add(message.gatewayId);
        log.warn({ gateway_id: message.gatewayId, payload: message.payload.toString('utf8').slice(0, 200) }, '网关状态消息格式错误,已忽略');
      }
      return;
    }
    if (state.online) heardOnline.add(message.gatewayId);
    await queue.run(message.gatewayId, async () => {
      const session = `state:${state.ts}`;
      const since = new Date(state.ts);
      const at = clock.now();
      const gw = message.gatewayId;
      const transitions = await applyChange(
        db,
        state.online
          ? { online: true, where: sql`gateway_id = ${gw} and (online_since is null or online_since < ${since.toISOString()}::timestamptz)`, session, since, node: link.node, at, reason: 'connect', ip: '', logNode: link.node }
          : {
              online: false,
              // the will carries the ts of the connect it belongs to; a later ts is the box saying goodbye
              where: sql`gateway_id = ${gw} and online and (online_session = ${session} or online_since < ${since.toISOString()}::timestamptz)`,
              session: '',
              since,
              node: '',
              at,
              reason: sql`case when was = ${session} then 'will' else 'disconnect' end`,
              ip: '',
              logNode: link.node,
            },
      );
      announce(deps, transitions);
    });
  });

  let timer: NodeJS.Timeout | undefined;
  let settle = () => undefined as void;
  const reconciled = new Promise<void>((resolve) => {
    settle = resolve;
    timer = setTimeout(() => {
      timer = undefined;
      void reconcile(deps, sql`gateway_id not in (select jsonb_array_elements_text(${JSON.stringify([...heardOnline])}::jsonb))`, link.node, log)
        .finally(resolve);
    }, waitMs);
    timer.unref();
  });

  return {
    reconciled,
    stop() {
      if (!timer) return;
      clearTimeout(timer);
      settle();
    },
  };
}

function parseState(payload: Buffer): BoxState | null {
  try {
    const parsed = boxStateSchema.safeParse(JSON.parse(payload.toString('utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
