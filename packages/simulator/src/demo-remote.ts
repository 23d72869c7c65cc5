import { type Device, LICENSE_PATH, MACHINE_PATH } from '@gw/contracts';
import { type Box, boxesOf } from './demo.js';
import type { BoxIdentity } from './identity.js';
import { client, login } from './provision.js';

interface Admin {
  api: string;
  user: string;
  password: string;
  log?: (line: string) => void;
}

/** The engineers' clients (调试代理) and their sessions (远程会话) on the platform's API. */
const DEBUG_CLIENTS = '/system/debug_client';
const REMOTE_SESSIONS = '/system/remote_session';

/** What the demo's remote access made: the boxes given a vpn licence, by gateway id. */
export interface DemoVpnBox {
  id: number;
  gateway_id: string;
}

/**
 * Gives the first `count` boxes (the fleet's order) a business licence with `vpn: true` for exactly their machine
 * tools' brands: the platform then sends each its tunnel. A box that already holds one keeps it (nothing twice).
 */
export async function demoVpnLicences(options: Admin & { identities: BoxIdentity[]; count: number }): Promise<DemoVpnBox[]> {
  const api = client(options.api.replace(/\/$/, ''));
  await login(api, options.user, options.password);
  const chosen = options.identities.slice(0, options.count);
  const rows = await boxesOf(api, chosen);
  const boxes: DemoVpnBox[] = [];
  for (const identity of chosen) {
    // the list's rows carry the box's tunnel state: 未授权 VPN until a licence in force has vpn
    const row: (Box & Partial<Pick<Device, 'tunnel_state'>>) | undefined = rows.find((r) => r.gateway_id === identity.gateway_id);
    if (!row) continue;
    if (row.tunnel_state === 'unlicensed' || row.tunnel_state === undefined) {
      const count = [...new Set(identity.machines.map((m) => m.category))].map((model) => ({ model, count: identity.machines.filter((m) => m.category === model).length }));
      await api.must(`签发 VPN 授权 ${identity.gateway_id} `, 'POST', LICENSE_PATH, { device_id: row.id, type: 'business', vpn: true, count, remark: '演示: 远程访问 (VPN)' });
    }
    boxes.push({ id: row.id, gateway_id: identity.gateway_id });
  }
  options.log?.(`远程访问: ${boxes.length} 台网关持有 VPN 授权 (${boxes.map((b) => b.gateway_id).join('、')})`);
  return boxes;
}

/** An engineer's client as the platform made it: its address and its wg-quick file (with the private key, shown once). */
export interface DemoClient {
  id: number;
  address: string;
  config: string;
}

/**
 * Makes an engineer's client (调试代理) through the platform's API, with a key pair the platform generates; answers
 * it, or a Chinese line saying why not (a platform without the route, or without a hub set up).
 */
export async function demoEngineerClient(options: Admin & { name: string; location: string }): Promise<DemoClient | string> {
  const api = client(options.api.replace(/\/$/, ''));
  await login(api, options.user, options.password);
  const answer = await api.call<Partial<DemoClient>>('POST', DEBUG_CLIENTS, { name: options.name, location: options.location });
  const made = answer.data;
  if (answer.code !== 200 || typeof made?.config !== 'string' || typeof made.id !== 'number' || typeof made.address !== 'string')
    return `创建调试代理失败 (${answer.code}): ${answer.message || '平台的回答中没有 config'}`;
  return { id: made.id, address: made.address, config: made.config };
}

/** Opens a session (远程会话) of `clientId` to a whole box for `minutes`; answers its status, or a Chinese line why not. */
export async function demoSession(options: Admin & { clientId: number; deviceId: number; minutes: number }): Promise<{ id: number; status: string } | string> {
  const api = client(options.api.replace(/\/$/, ''));
  await login(api, options.user, options.password);
  const answer = await api.call<{ id?: number; status?: string }>('POST', REMOTE_SESSIONS, { client_id: options.clientId, device_id: options.deviceId, minutes: options.minutes });
  if (answer.code !== 200 || typeof answer.data?.id !== 'number') return `打开远程会话失败 (${answer.code}): ${answer.message}`;
  return { id: answer.data.id, status: answer.data.status ?? '' };
}

/**
 * Waits until every one of `boxes` is 已连接 (its tunnel acknowledged and its handshake seen by the hub), or
 * `timeoutMs`; answers how many are.
 */
export async function demoTunnelsConnected(options: Admin & { boxes: DemoVpnBox[]; timeoutMs: number }): Promise<number> {
  const api = client(options.api.replace(/\/$/, ''));
  await login(api, options.user, options.password);
  const until = Date.now() + options.timeoutMs;
  for (;;) {
    const rows: (Box & Partial<Pick<Device, 'tunnel_state'>>)[] = await boxesOf(api, options.boxes.map((b) => ({ gateway_id: b.gateway_id, secret: '', machines: [] })));
    const connected = rows.filter((row) => row.tunnel_state === 'connected').length;
    if (connected >= options.boxes.length || Date.now() > until) return connected;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

/** A tunnelled box's machine tools at their platform addresses, what an engineer dials. */
export interface DemoReach {
  gateway_id: string;
  machines: { code: string; ip: string; lan_ip: string | null }[];
}

/** The machine tools of `boxes` as the platform lists them (IP dialog's address, 本地IP). */
export async function demoMachineAddresses(options: Admin & { boxes: DemoVpnBox[] }): Promise<DemoReach[]> {
  const api = client(options.api.replace(/\/$/, ''));
  await login(api, options.user, options.password);
  const reach: DemoReach[] = [];
  for (const box of options.boxes) {
    const rows = await api.must<{ code: string; ip: string; lan_ip: string | null }[]>('查询机床', 'GET', `${MACHINE_PATH}?limit=100&device_id=${box.id}`);
    reach.push({ gateway_id: box.gateway_id, machines: rows.map((m) => ({ code: m.code, ip: m.ip, lan_ip: m.lan_ip })) });
  }
  return reach;
}
