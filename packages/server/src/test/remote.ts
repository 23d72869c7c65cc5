import { generateKeyPairSync } from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  ACTION,
  ALL_ACTIONS,
  DEBUG_CLIENT_PATH,
  DEVICE_PATH,
  type DebugClientCreated,
  HUB_API,
  type HubFeed,
  LICENSE_PATH,
  MACHINE_PATH,
  REMOTE_SESSION_PATH,
  ROLE_CUSTOMER,
} from '@gw/contracts';
import { customer, device, role } from '../db/schema.js';
import { type FleetWorld, fleetWorld } from './fleet.js';
import { API, type TestApp } from './harness.js';

/** A WireGuard public key as a box or `wg pubkey` makes one: X25519, the raw 32 bytes in base64. */
export const wgPublicKey = () => Buffer.from(generateKeyPairSync('x25519').publicKey.export({ format: 'jwk' }).x!, 'base64url').toString('base64');

export const HUB_TOKEN = 'hub-secret-0123456789abcdefghijklmnop';
/** The settings of a platform with remote access set up (createTestApp's env). */
export const HUB_ENV = { VPN_HUB_TOKEN: HUB_TOKEN, VPN_ENDPOINT: 'vpn.example.com:51820', VPN_HUB_PUBLIC_KEY: wgPublicKey() };

type Box = 'a' | 'a1' | 'b';

export interface RemoteWorld extends FleetWorld {
  /** Boxes A, A1 and B: keys bound, licences in force with vpn (their ids), addresses as stored. */
  keys: Record<Box, string>;
  licences: Record<Box, number>;
  vpnIp: Record<Box, string>;
  machineNet: Record<Box, string>;
  /** Two machine tools of A1 and one of B: ids and platform addresses. */
  machines: { a1: { id: number; ip: string }[]; b: { id: number; ip: string }[] };
  /** A vendor engineer (every bit on 调试代理 and 远程会话, 查询 on 网关设备), and a second one. */
  engineer: { id: number; token: string };
  engineer2: { id: number; token: string };
  /** Users of A and of B holding the built-in 客户 role (approve included). */
  approverA: { id: number; token: string };
  customerB: { id: number; token: string };
}

/**
 * The fleet world with remote access: boxes A, A1 and B licensed with vpn and their keys bound (as their announce
 * would), machine tools on A1 and B, engineers of the vendor and the built-in 客户 role's users of A and B.
 */
export async function remoteWorld(t: TestApp, prefix: string): Promise<RemoteWorld> {
  const w = await fleetWorld(t, prefix);
  const [vendor] = await t.db.select({ id: customer.id }).from(customer).where(eq(customer.is_vendor, true));
  const [{ id: engineerRole }] = await t.db
    .insert(role)
    .values({
      name: `${prefix} 工程师`,
      menus: [
        { menu: DEVICE_PATH, action: ACTION.query },
        { menu: DEBUG_CLIENT_PATH, action: ALL_ACTIONS },
        { menu: REMOTE_SESSION_PATH, action: ALL_ACTIONS },
      ],
    })
    .returning({ id: role.id });
  const user = async (name: string, roles: number[], customerId: number) => {
    const id = await t.createUser({ username: `${prefix.toLowerCase()}-${name}`, roles, customer_id: customerId });
    return { id, token: await t.login(`${prefix.toLowerCase()}-${name}`, 'secret-123') };
  };
  const engineer = await user('engineer', [engineerRole], vendor.id);
  const engineer2 = await user('engineer2', [engineerRole], vendor.id);
  const approverA = await user('approver-a', [ROLE_CUSTOMER], w.a);
  const customerB = await user('customer-b', [ROLE_CUSTOMER], w.b);

  const ids: Record<Box, number> = { a: w.boxes.a, a1: w.boxes.a1, b: w.boxes.b };
  const keys = { a: wgPublicKey(), a1: wgPublicKey(), b: wgPublicKey() };
  const licences = {} as Record<Box, number>;
  for (const box of ['a', 'a1', 'b'] as const) {
    await t.db.update(device).set({ wg_public_key: keys[box] }).where(eq(device.id, ids[box]));
    const body = { device_id: ids[box], finger_print: `fp-${prefix}-${box}`, type: 'business', vpn: true, count: [{ model: 'all', count: 5 }] };
    const res = await t.api('POST', LICENSE_PATH, { token: w.admin, body });
    if (res.json().code !== 200) throw new Error(`licence ${box}: ${res.body}`);
    licences[box] = res.json().data.id as number;
  }
  const machine = async (box: Box, code: string) => {
    const res = await t.api('POST', MACHINE_PATH, { token: w.admin, body: { device_id: ids[box], code, name: `${prefix} ${code}`, category: 'fanuc', enabled: false } });
    if (res.json().code !== 200) throw new Error(`machine ${code}: ${res.body}`);
    return { id: res.json().data.id as number, ip: res.json().data.ip as string };
  };
  const machines = { a1: [await machine('a1', 'M1'), await machine('a1', 'M2')], b: [await machine('b', 'M1')] };
  const vpnIp = {} as Record<Box, string>;
  const machineNet = {} as Record<Box, string>;
  for (const box of ['a', 'a1', 'b'] as const) {
    const [row] = await t.db.select().from(device).where(eq(device.id, ids[box]));
    vpnIp[box] = row.vpn_ip!;
    machineNet[box] = row.machine_net!;
  }
  return { ...w, keys, licences, vpnIp, machineNet, machines, engineer, engineer2, approverA, customerB };
}

/** The hub's state as the hub reads it (GET /vpn/hub/state with its token). */
export async function hubState(t: TestApp): Promise<HubFeed> {
  const res = await t.app.inject({ method: 'GET', url: `${API}${HUB_API.state}`, headers: { authorization: `Bearer ${HUB_TOKEN}` } });
  if (res.statusCode !== 200) throw new Error(`hub state: ${res.body}`);
  return res.json<{ data: HubFeed }>().data;
}

/** The hub's report of its peers' handshakes and counters (POST /vpn/hub/status). */
export async function hubReport(t: TestApp, peers: { public_key: string; latest_handshake: string | null; rx_bytes: number; tx_bytes: number }[]): Promise<void> {
  const res = await t.app.inject({ method: 'POST', url: `${API}${HUB_API.status}`, headers: { authorization: `Bearer ${HUB_TOKEN}` }, payload: { peers } });
  if (res.statusCode !== 200) throw new Error(`hub report: ${res.body}`);
}

/** A client of `token`'s user (a key pair made by the platform unless `public_key` is given). */
export async function makeClient(t: TestApp, token: string, body: { name: string; location?: string; public_key?: string }): Promise<DebugClientCreated> {
  const res = await t.api('POST', DEBUG_CLIENT_PATH, { token, body });
  if (res.json().code !== 200) throw new Error(`client ${body.name}: ${res.body}`);
  return res.json().data as DebugClientCreated;
}

/** Waits until `check` holds (the sweep runs every second while sessions are open). */
export async function eventually<T>(read: () => Promise<T>, check: (value: T) => boolean, ms = 3000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (check(value) || Date.now() > until) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
