import { and, eq, ne, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { CONFIG_KEY, FLEET_DICT, type WriteValues, type machineToolResource } from '@gw/contracts';
import type { Tx } from '../../db/client.js';
import { device, dictItem, machineTool } from '../../db/schema.js';
import { badRequest, refused } from '../../http/errors.js';
import type { ColumnValues, ResourceRequest, Stored } from '../../http/resource/types.js';
import { customerScope } from '../../http/scope.js';
import { allocateMachineIp, allocateMachineNet, machineNetwork } from '../fleet/ip-pool.js';
import { MSG } from '../fleet/messages.js';
import { configValue } from '../../db/config-values.js';
import { checkLicensedEnable } from '../license/enforce.js';

type Machine = Stored<typeof machineTool>;
type MachineValues = WriteValues<typeof machineToolResource>;

/** Machine tools are seen through their box: those of boxes in the caller's scope. */
export const machineScope = (req: ResourceRequest) =>
  customerScope(req.user, sql`(select ${device.customer_id} from ${device} where ${device.id} = ${machineTool.device_id})`);

/** The box a machine tool is written under, locked for the write, or a 404-like refusal outside the scope. */
async function boxOf(req: FastifyRequest, tx: Tx, deviceId: number) {
  const [box] = await tx
    .select({ id: device.id, machine_net: device.machine_net })
    .from(device)
    .where(and(eq(device.id, deviceId), customerScope(req.user, device.customer_id)))
    .for('update');
  if (!box) throw refused(MSG.deviceMissing);
  return box;
}

/**
 * The brand a write enables, counted against the box's licence: a new machine tool enabled (the default), a
 * disabled one turned on, or an enabled one changing brand. Null for writes that enable nothing.
 */
function enabledCategory(values: MachineValues, current: Machine | null): string | null {
  const enabled = values.enabled ?? current?.enabled ?? true;
  // a create names it (its schema requires a category), an update may keep the stored one
  const category = (values.category ?? current?.category) as string;
  if (!enabled) return null;
  if (!current || !current.enabled) return category;
  return category !== current.category ? category : null;
}

/**
 * A category from the dictionary, a code no other machine tool of the same box has, and an enable within the
 * box's licence.
 */
export async function checkMachineWrite(req: FastifyRequest, values: MachineValues, current: Machine | null, tx: Tx): Promise<void> {
  // a create names the box (its schema requires it), an update keeps the stored one
  const deviceId = (current?.device_id ?? values.device_id) as number;
  if (!current) await boxOf(req, tx, deviceId);
  if (values.category !== undefined) {
    const [known] = await tx
      .select({ id: dictItem.id })
      .from(dictItem)
      .where(and(eq(dictItem.category, FLEET_DICT.machineToolCategory), eq(dictItem.value, values.category)));
    if (!known) throw badRequest(MSG.categoryUnknown(values.category));
  }
  if (values.code !== undefined && values.code !== current?.code) {
    const [taken] = await tx
      .select({ id: machineTool.id })
      .from(machineTool)
      .where(and(eq(machineTool.device_id, deviceId), eq(machineTool.code, values.code), current ? ne(machineTool.id, current.id) : undefined));
    if (taken) throw refused(MSG.machineCodeTaken(values.code));
  }
  if (values.lan_ip) {
    // two machine tools of one box with the same LAN address: the box's 1:1 NAT could not tell them apart
    const [taken] = await tx
      .select({ code: machineTool.code })
      .from(machineTool)
      .where(and(eq(machineTool.device_id, deviceId), sql`${machineTool.lan_ip} = ${values.lan_ip}::inet`, current ? ne(machineTool.id, current.id) : undefined));
    if (taken) throw badRequest(`参数错误 lan_ip: 本地IP ${values.lan_ip} 已被该设备下的机床 ${taken.code} 使用`);
  }
  const enabling = enabledCategory(values, current);
  if (enabling !== null) await checkLicensedEnable(tx, deviceId, enabling, current?.id);
}

/**
 * A new machine tool's address under its box `deviceId`: the next free host of the box's /24, the box getting its
 * /24 the first time.
 */
export async function newMachineColumns(req: FastifyRequest, values: MachineValues, deviceId: number, tx: Tx): Promise<ColumnValues<typeof machineTool>> {
  const box = await boxOf(req, tx, deviceId);
  const net = box.machine_net ?? (await giveMachineNet(tx, box.id));
  return { ...values, ip: await allocateMachineIp(tx, box.id, net) };
}

/**
 * The box's machine /24, taken from machine_pool now if it has none: with its first machine tool, or with a
 * licence that lets it tunnel (the tunnel routes that /24, so the box needs one before any machine is added).
 */
export async function giveMachineNet(tx: Tx, deviceId: number): Promise<string> {
  const [box] = await tx.select({ machine_net: device.machine_net }).from(device).where(eq(device.id, deviceId)).for('update');
  if (box?.machine_net) return box.machine_net;
  const net = await allocateMachineNet(tx, await configValue(tx, CONFIG_KEY.machinePool, '10.100.0.0/16'));
  await tx.update(device).set({ machine_net: net }).where(eq(device.id, deviceId));
  return net;
}

/** A machine tool as the API shows it: its address with what a controller is set up with. */
export const withNetwork = <R extends { ip: string }>(row: R) => ({ ...row, ...machineNetwork(row.ip) });
