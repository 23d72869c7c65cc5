import { and, eq, inArray, ne, or } from 'drizzle-orm';
import { BOX_API } from '@gw/contracts';
import type { CoreDeps } from '../../app-deps.js';
import { device } from '../../db/schema.js';
import type { BoxCommands } from '../commands/types.js';
import type { BoxLink } from '../link.js';
import { KeyedQueue } from '../presence/keyed-queue.js';
import { type TunnelPlan, nextStep, tunnelPlans } from './plan.js';
import type { BoxTunnels } from './types.js';


type TunnelLog = { warn(obj: unknown, msg?: string): void; error(obj: unknown, msg?: string): void };

/** How often the tunnels of online boxes are checked against their plans: licences expire by the clock. */
export const TUNNEL_SWEEP_MS = 60_000;

/**
 * The box side of remote access. A box that may tunnel (licence in force with vpn, its key bound, the hub set
 * up) is sent `POST /api/vpn` with its config whenever that differs from what it last acknowledged (the hash on
 * `device.vpn_acked`): after each announce, after a change here, and in a sweep every minute (a licence expiring
 * has no event). A box that may no longer tunnel but holds a config is sent `DELETE /api/vpn` once, and its
 * acknowledgement cleared. One box's sends take turns, each deciding on the state it reads then, so two
 * triggers never send the same config twice. A refusal or no answer is logged and tried again later.
 */
export function startTunnels(link: BoxLink, deps: CoreDeps, commands: BoxCommands, log: TunnelLog): BoxTunnels & { stop(): Promise<void> } {
  const hub = deps.config.vpnHub;
  const queue = new KeyedQueue((err, gatewayId) => log.error({ err, gateway_id: gatewayId }, '下发网关隧道配置失败'));

  async function settle(plan: TunnelPlan, reachable: boolean): Promise<void> {
    const step = nextStep(plan);
    if (!step || (!plan.online && !reachable)) return;
    const command = step === 'post' ? { method: 'POST' as const, url: BOX_API.vpn, data: plan.config } : { method: 'DELETE' as const, url: BOX_API.vpn };
    let ret: number;
    try {
      ret = (await commands.send(plan.gateway_id, command, { reachable })).ret;
    } catch (error) {
      log.warn({ gateway_id: plan.gateway_id, step }, `隧道配置未送达设备 ${plan.gateway_id}: ${(error as Error).message}`);
      return;
    }
    if (ret !== 0) {
      log.warn({ gateway_id: plan.gateway_id, step, ret }, `设备 ${plan.gateway_id} 拒绝了隧道配置: ret ${ret}`);
      return;
    }
    // only over the acknowledgement the plan was made on: a reset meanwhile is not overwritten
    await deps.db
      .update(device)
      .set({ vpn_acked: step === 'post' ? plan.hash : '' })
      .where(and(eq(device.id, plan.device_id), eq(device.vpn_acked, plan.acked)));
  }

  const settleBox = (gatewayId: string, reachable: boolean) =>
    queue.run(gatewayId, async () => {
      const [plan] = await tunnelPlans(deps.db, hub, eq(device.gateway_id, gatewayId));
      if (plan) await settle(plan, reachable);
    });

  /** Online boxes whose tunnel differs from their plan, those this node holds when it knows which. */
  async function sweep(): Promise<void> {
    const held = link.connectedBoxes();
    if (held && !held.size) return;
    const plans = await tunnelPlans(deps.db, hub, and(eq(device.online, true), or(ne(device.vpn_acked, ''), ne(device.wg_public_key, '')))!);
    for (const plan of plans) {
      if (nextStep(plan) && (!held || held.has(plan.gateway_id))) void settleBox(plan.gateway_id, false);
    }
  }
  const timer = setInterval(() => void sweep().catch((err: unknown) => log.error({ err }, '检查网关隧道失败')), TUNNEL_SWEEP_MS);
  timer.unref();
  // what decides boxes' tunnels changed on this node (a write, a key bound): the hub's state may be different now
  const changed = () => deps.remote.changed();

  return {
    // an announce may have bound the box's first key: a new peer for the hub
    announced: (gatewayId) => settleBox(gatewayId, true).finally(changed),
    syncDevices(deviceIds) {
      if (!deviceIds.length) return;
      changed();
      deps.db
        .select({ gateway_id: device.gateway_id })
        .from(device)
        .where(and(inArray(device.id, deviceIds), eq(device.online, true)))
        .then((rows) => rows.forEach((r) => void settleBox(r.gateway_id, false)))
        .catch((err: unknown) => log.error({ err, device_ids: deviceIds }, '检查网关隧道失败'));
    },
    async stop() {
      clearInterval(timer);
      await queue.close();
    },
  };
}
