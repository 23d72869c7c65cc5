import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { REMOTE_SESSION_END_REASON_TITLES, REMOTE_SESSION_STATE_TITLES, remoteSessionResource as resource } from '@gw/contracts';
import type { AppDeps } from '../../app-deps.js';
import { remoteSession } from '../../db/schema.js';
import { registerResource } from '../../http/resource/register.js';
import { zoneTime } from '../../lib/platform-zone.js';
import { publishSession } from '../../remote-access/ending.js';
import { sessionActions } from './actions.js';
import { type Openings, checkOpening, openingColumns } from './rules.js';
import { type SessionView, serializeSession, sessionDerived } from './present.js';

type SessionRow = typeof remoteSession.$inferSelect;

const time = (value: string | null) => (value ? zoneTime(new Date(value)) : '');

/**
 * 远程会话 (/system/remote_session): a user opens a session of one of its clients on a box of its scope (all its
 * machine tools or those chosen, for 5 min to 24 h); it is active at once, or waits for the box's company to
 * approve it. 结束 ends it, 审批通过 / 拒绝 answer one waiting; the platform ends it when its time is up or what
 * allowed it no longer holds (remote-access/sweeper.ts). Never edited nor deleted: the list is the audit.
 */
export default function routes(app: FastifyInstance, deps: AppDeps): void {
  const openings: Openings = new WeakMap();
  /** Sessions this request moved, told to the console's tabs once its transaction has committed. */
  const moved = new WeakMap<object, SessionRow[]>();
  const changed = (req: FastifyRequest, row: SessionRow) => void moved.set(req, [...(moved.get(req) ?? []), row]);
  app.addHook('onResponse', async (req, reply) => {
    const rows = moved.get(req);
    if (!rows || reply.statusCode !== 200) return;
    for (const row of rows) publishSession(deps.live, row, deps.clock.now());
  });

  registerResource(app, deps, {
    resource,
    table: remoteSession,
    scope: 'customer_id',
    keywords: ['gateway_id', 'username', 'client_name', sql`(select name from device where device.id = remote_session.device_id)`],
    checkWrite: checkOpening(openings),
    toColumns: openingColumns(openings, deps.clock, deps.remote.peers),
    afterWrite: async (req, row) => changed(req, row),
    derived: sessionDerived,
    serialize: (row) => serializeSession(row as SessionView, deps.remote.peers),
    actions: sessionActions({ clock: deps.clock, peers: deps.remote.peers, changed }),
    sheet: [
      { key: 'id', width: 8 },
      { key: 'status', value: (row) => REMOTE_SESSION_STATE_TITLES[row.status] },
      { key: 'username', width: 16 },
      { key: 'client_name', width: 20 },
      { key: 'client_address', width: 16 },
      { key: 'gateway_id', width: 20 },
      { key: 'device_name', width: 20 },
      { key: 'company_name', width: 24 },
      { key: 'machines', width: 30 },
      { key: 'targets', width: 36, value: (row) => row.targets.join(' ') },
      { key: 'minutes', width: 10 },
      { key: 'requested_at', width: 20, value: (row) => time(row.requested_at) },
      { key: 'approved_by', width: 16 },
      { key: 'approved_at', width: 20, value: (row) => time(row.approved_at) },
      { key: 'started_at', width: 20, value: (row) => time(row.started_at) },
      { key: 'expires_at', width: 20, value: (row) => time(row.expires_at) },
      { key: 'ended_at', width: 20, value: (row) => time(row.ended_at) },
      { key: 'ended_by', width: 16 },
      { key: 'end_reason', width: 14, value: (row) => (row.end_reason ? REMOTE_SESSION_END_REASON_TITLES[row.end_reason] : '') },
      { key: 'rx_bytes', width: 14 },
      { key: 'tx_bytes', width: 14 },
    ],
  });
}
