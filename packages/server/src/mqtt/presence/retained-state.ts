import { sql } from 'drizzle-orm';
import { type BoxState, boxStateSchema } from '@gw/contracts';
import type { CoreDeps } from '../../app-deps.js';
import type { BoxLink, BoxMessage } from '../link.js';
import type { KeyedQueue } from './keyed-queue.js';
import { connSession, stateChange } from './state-change.js';
import { type PresenceLog, afterTransitions, applyChange, reconcile } from './transitions.js';

/** How long after start a box marked online may go without a retained online state before it is set offline. */
export const RETAINED_STATE_WAIT_MS = 10_000;

/**
 * Presence through an external broker, which shows a subscriber no connects: the `state/<gw>/v1` a box publishes
 * (retained) when it connects, and the same with online false as its last will. The broker's order of arrival
 * decides, never the box's clock: each message is applied as it comes (stateChange: a will matches the
 * announce of its connection by `conn`). A retained copy, handed over when the link (re)subscribes, is the
 * broker's last word at that moment — unless a live state of that box came first in the same subscription,
 * then it is older than what was heard and ignored. Boxes still marked online that no online state names within
 * `waitMs` of start are set offline.
 */
export function followRetainedState(
  link: BoxLink,
  deps: CoreDeps,
  queue: KeyedQueue,
  log: PresenceLog,
  waitMs = RETAINED_STATE_WAIT_MS,
): { stop(): void; reconciled: Promise<void> } {
  const { db, clock } = deps;
  const heardOnline = new Set<string>();
  const malformed = new Set<string>();
  /** Per box: the subscription in which its last live (not retained) state was heard. */
  const heardLive = new Map<string, number>();
  /** Tells apart the sessions of announces without `conn` heard in the same millisecond. */
  let arrivals = 0;

  link.onMessage('state', async (message: BoxMessage) => {
    const gw = message.gatewayId;
    const state = parseState(message.payload);
    if (!state) {
      if (!malformed.has(gw)) {
        malformed.add(gw);
        log.warn({ gateway_id: gw, payload: message.payload.toString('utf8').slice(0, 200) }, '网关状态消息格式错误,已忽略');
      }
      return;
    }
    const subscription = message.subscription ?? 0;
    if (!message.retained) heardLive.set(gw, subscription);
    else if (heardLive.get(gw) === subscription) return;
    if (state.online) heardOnline.add(gw);
    const at = clock.now();
    const session = state.conn ? connSession(state.conn) : `at:${link.node}:${at.getTime().toString(36)}:${++arrivals}`;
    await queue.run(gw, async () => afterTransitions(deps, await applyChange(db, stateChange(gw, state, session, at, link.node)), log));
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
