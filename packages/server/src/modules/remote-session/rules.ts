import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { remoteSessionResource } from '@gw/contracts';
import type { Tx } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';
import { debugClient, device, machineTool, type remoteSession } from '../../db/schema.js';
import { badRequest, notFound } from '../../http/errors.js';
import type { ResourceHooks } from '../../http/resource/types.js';
import { customerScope, customerSubtree } from '../../http/scope.js';
import type { Clock } from '../../lib/clock.js';
import { licenseInForce } from '../../db/license-in-force.js';
import { trafficBase } from '../../remote-access/bytes.js';
import type { HubPeers } from '../../remote-access/peers.js';
import { MSG } from './messages.js';

type Hooks = ResourceHooks<typeof remoteSession, typeof remoteSessionResource>;

/** What an opening found once checked: the client, the box, and whether the box's company must approve. */
interface Opening {
  client: typeof debugClient.$inferSelect;
  box: { id: number; gateway_id: string; customer_id: number };
  needsApproval: boolean;
}

export type Openings = WeakMap<object, Opening>;

/**
 * Whether a session on a box of `boxCompany` by `req.user` waits for approval: when that company or one above it
 * requires approval (客户管理: 远程访问需审批) and the caller's company is not inside the tree of the one that
 * requires it. The vendor's staff are always outside: a factory decides who enters its network.
 */
async function needsApproval(tx: Tx, req: FastifyRequest, boxCompany: number): Promise<boolean> {
  const requiring = await queryRows<{ id: number }>(
    tx,
    sql`with recursive up(id, parent_id, remote_approval) as (
          select id, parent_id, remote_approval from customer where id = ${boxCompany}
          union select c.id, c.parent_id, c.remote_approval from customer c join up on c.id = up.parent_id)
        select id from up where remote_approval`,
  );
  if (!requiring.length) return false;
  const caller = req.user.customerId;
  if (req.user.scope === 'all' || caller === null) return true;
  for (const { id } of requiring) {
    const [inside] = await queryRows<{ inside: boolean }>(tx, sql`select ${caller}::integer in (${customerSubtree(Number(id))}) as inside`);
    if (!inside.inside) return true;
  }
  return false;
}

/**
 * A session may open when the box is in the caller's scope (else 404, like any row outside it, whatever else the
 * request says), the caller owns the client, the box is not scrapped and is licensed with vpn, and the machine
 * tools chosen are that box's.
 */
export const checkOpening =
  (openings: Openings): NonNullable<Hooks['checkWrite']> =>
  async (req, values, _current, tx) => {
    const [box] = await tx
      .select({
        id: device.id,
        gateway_id: device.gateway_id,
        customer_id: device.customer_id,
        state: device.state,
        // named in full: the ORM writes a lone column of the outer table unqualified, which the subquery would read as its own
        vpn: sql<boolean>`coalesce((select license.vpn from license where license.device_id = device.id and ${licenseInForce}
                                    order by license.iat desc, license.id desc limit 1), false)`,
      })
      .from(device)
      .where(and(eq(device.id, values.device_id!), customerScope(req.user, device.customer_id)));
    if (!box) throw notFound(MSG.box);
    const [client] = await tx.select().from(debugClient).where(eq(debugClient.id, values.client_id!));
    if (!client || client.user_id !== req.user.id) throw badRequest(MSG.notOwnClient);
    if (box.state === 'scrapped') throw badRequest(`device_id: ${MSG.scrapped}`);
    if (!box.vpn) throw badRequest(`device_id: ${MSG.unlicensed}`);
    const ids = values.machine_ids ?? [];
    if (ids.length) {
      const found = await tx
        .select({ id: machineTool.id })
        .from(machineTool)
        .where(and(inArray(machineTool.id, ids), eq(machineTool.device_id, box.id)));
      if (found.length !== ids.length) throw badRequest(MSG.notBoxMachines);
    }
    openings.set(req, { client, box, needsApproval: await needsApproval(tx, req, box.customer_id) });
  };

/**
 * The new session's columns: what it copies of its client, user and box (its record outlives them), and either
 * 待审批 or 进行中 from now for its minutes, with the client's counters now as its bytes' baseline.
 */
export const openingColumns =
  (openings: Openings, clock: Clock, peers: HubPeers): NonNullable<Hooks['toColumns']> =>
  (values, req) => {
    const { client, box, needsApproval: waits } = openings.get(req)!;
    const now = clock.now();
    const minutes = values.minutes!;
    return {
      status: waits ? 'pending' : 'active',
      client_id: client.id,
      client_name: client.name,
      client_address: String(client.address),
      client_public_key: client.public_key,
      user_id: req.user.id,
      username: req.user.username,
      device_id: box.id,
      gateway_id: box.gateway_id,
      customer_id: box.customer_id,
      machine_ids: values.machine_ids ?? [],
      minutes,
      needs_approval: waits,
      requested_at: now,
      ...(waits ? {} : { started_at: now, expires_at: new Date(now.getTime() + minutes * 60_000), ...trafficBase(peers, client.public_key) }),
    };
  };
