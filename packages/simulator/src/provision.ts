import { randomBytes } from 'node:crypto';
import {
  BUY_ORDER_PATH,
  DEVICE_PATH,
  GOODS_PATH,
  LICENSE_PATH,
  LICENSE_PUBLIC_KEY_PATH,
  MACHINE_PATH,
  SELL_ORDER_PATH,
  customerResource,
  formatAddress,
} from '@gw/contracts';
import { type BoxIdentity, fingerprintOf, iccidOf, imeiOf } from './identity.js';
import { newWgKeyPair } from './wireguard.js';

export interface ProvisionOptions {
  /** the server, e.g. http://127.0.0.1:9527 */
  api: string;
  user: string;
  password: string;
  boxes: number;
  /** gateway ids are `<prefix>-0001`…; by default SIM-<4 random hex> so a second provisioning never collides */
  prefix?: string;
  /** a customer tree to ship the boxes to: the first is the group, the rest its factories (leaves) */
  customers?: (string | CustomerSite)[];
  /**
   * Bring the boxes in as the vendor's staff do: bought with a confirmed 进货单 and sold to the factories with
   * confirmed 出货单 (库存 then says 已出货), instead of created one by one and assigned.
   */
  orders?: boolean;
  log?: (line: string) => void;
}

/** A customer with where it is: its address and coordinates (the map places its boxes there) and its region. */
export interface CustomerSite {
  name: string;
  address?: string;
  lng?: number;
  lat?: number;
  /** The region's id in the area dictionary (客户分布 counts customers per province by it). */
  area_id?: number;
}

interface Envelope<T> {
  code: number;
  message: string;
  data: T;
}

const BRANDS = ['fanuc', 'mitsubishi', 'siemens_cnc'] as const;
const MODELS: Record<(typeof BRANDS)[number], string[]> = {
  fanuc: ['0i-MF', '31i-B'],
  mitsubishi: ['M80', 'M70V'],
  siemens_cnc: ['828D', '840D sl'],
};
const GOODS_CODE = 'SIM-GW-4G';
const API = '/custom/api/v1';
/** What the vendor pays its supplier for a box, and what a factory pays the vendor (元). */
const COST = '1280';
const PRICE = '1680';

const siteOf = (customer: string | CustomerSite): CustomerSite => (typeof customer === 'string' ? { name: customer } : customer);

/** A box's place at its factory: the factory's address, a few hundred metres apart so the map shows each. */
function placeAt(site: CustomerSite | undefined, index: number): { address?: string; area_id?: number } {
  if (!site?.address || site.lng === undefined || site.lat === undefined) return {};
  const angle = index * 2.399963; // the golden angle: points spread evenly around the factory
  const radius = 0.002 * Math.sqrt(index + 1);
  const lng = Number((site.lng + radius * Math.cos(angle)).toFixed(6));
  const lat = Number((site.lat + radius * Math.sin(angle)).toFixed(6));
  return { address: formatAddress({ address: site.address, lng, lat }), ...(site.area_id ? { area_id: site.area_id } : {}) };
}

/** Today in China time, as an order's date. */
const chinaToday = () => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);

/** A tiny client of the platform's API: JSON in, the envelope's data out, a Chinese error naming the step. */
export function client(base: string) {
  let token = '';
  const call = async <T>(method: string, path: string, body?: unknown): Promise<Envelope<T>> => {
    const form = body instanceof FormData;
    const res = await fetch(`${base}${API}${path}`, {
      method,
      headers: { ...(token ? { token } : {}), ...(body === undefined || form ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : form ? body : JSON.stringify(body),
    });
    const text = await res.text();
    try {
      return JSON.parse(text) as Envelope<T>;
    } catch {
      return { code: res.status, message: text.slice(0, 200), data: null as T };
    }
  };
  const must = async <T>(step: string, method: string, path: string, body?: unknown): Promise<T> => {
    const answer = await call<T>(method, path, body);
    if (answer.code !== 200) throw new Error(`${step}失败 (${answer.code}): ${answer.message}`);
    return answer.data;
  };
  return {
    call,
    must,
    setToken: (value: string) => (token = value),
    text: async (path: string) => (await fetch(`${base}${API}${path}`)).text(),
  };
}

export type ApiClient = ReturnType<typeof client>;

export async function login(api: ReturnType<typeof client>, user: string, password: string): Promise<void> {
  const answer = await api.call<{ token: string }>('POST', '/user/login', { username: user, password });
  if (answer.code === 200) return void api.setToken(answer.data.token);
  if (/验证码/.test(answer.message))
    throw new Error(`登录需要验证码: 脚本无法登录。请以 LOGIN_CAPTCHA=off 启动服务器后再运行 --provision (the server asks for a captcha: start it with LOGIN_CAPTCHA=off)`);
  throw new Error(`登录失败 (${answer.code}): ${answer.message}`);
}

async function findOrCreate<T extends { id: number }>(
  api: ReturnType<typeof client>,
  path: string,
  keywords: string,
  match: (row: T) => boolean,
  create: () => Promise<T>,
): Promise<T> {
  const rows = await api.must<T[]>(`查询 ${path} `, 'GET', `${path}?limit=100&keywords=${encodeURIComponent(keywords)}`);
  return rows.find(match) ?? (await create());
}

/** 1–3 machine tools of mixed brands. */
function machinesFor(): { code: string; category: (typeof BRANDS)[number]; ip?: string }[] {
  const count = 1 + Math.floor(Math.random() * 3);
  return Array.from({ length: count }, (_, i) => ({ code: `M${i + 1}`, category: BRANDS[Math.floor(Math.random() * BRANDS.length)] }));
}

/**
 * Makes a fleet through the API as the vendor's staff would: a device type, `boxes` boxes (each answers its
 * secret once), shipped round-robin to the leaves of a customer tree, a business licence each for exactly its
 * machine tools' brands, and those machine tools. Answers the identities to write and the licence public key.
 */
export async function provisionFleet(options: ProvisionOptions): Promise<{ identities: BoxIdentity[]; publicKeyPem: string }> {
  const log = options.log ?? (() => {});
  const api = client(options.api.replace(/\/$/, ''));
  await login(api, options.user, options.password);
  log(`已登录 ${options.api} (${options.user})`);

  const goods = await findOrCreate<{ id: number; code: string }>(
    api,
    GOODS_PATH,
    GOODS_CODE,
    (g) => g.code === GOODS_CODE,
    () => api.must('创建设备类型', 'POST', GOODS_PATH, { name: '模拟网关 (4G)', code: GOODS_CODE, price: '1280', spec: '4G / 4 网口', description: '模拟器创建' }),
  );

  const leaves: { id: number; site: CustomerSite }[] = [];
  const [group, ...factories] = (options.customers ?? []).map(siteOf);
  if (group) {
    const findCustomer = (site: CustomerSite, parent_id: number | null) =>
      findOrCreate<{ id: number; company_name: string }>(
        api,
        customerResource.path,
        site.name,
        (c) => c.company_name === site.name,
        () =>
          api.must(`创建客户 ${site.name} `, 'POST', customerResource.path, {
            company_name: site.name,
            parent_id,
            contact: '演示',
            remark: '模拟器创建',
            ...(site.address ? { address: formatAddress({ address: site.address, lng: site.lng ?? null, lat: site.lat ?? null }) } : {}),
            ...(site.area_id ? { area_id: site.area_id } : {}),
          }),
      );
    const root = await findCustomer(group, null);
    for (const site of factories) leaves.push({ id: (await findCustomer(site, root.id)).id, site });
    if (!leaves.length) leaves.push({ id: root.id, site: group });
    log(`客户: ${[group, ...factories].map((c) => c.name).join(' / ')}`);
  }

  const prefix = options.prefix ?? `SIM-${randomBytes(2).toString('hex').toUpperCase()}`;
  const gatewayIds = Array.from({ length: options.boxes }, (_, i) => `${prefix}-${String(i + 1).padStart(4, '0')}`);
  /** The factory each box goes to, round-robin. */
  const leafOf = (i: number) => (leaves.length ? leaves[(i - 1) % leaves.length] : undefined);
  const bought = options.orders ? await buy(api, goods.id, gatewayIds, log) : null;
  const identities: BoxIdentity[] = [];
  const deviceIds: number[] = [];
  /** Each factory's boxes, as indexes into gatewayIds. */
  const shipments = new Map<number, number[]>();
  for (let i = 1; i <= options.boxes; i++) {
    const gateway_id = gatewayIds[i - 1];
    const fingerprint = fingerprintOf(gateway_id);
    const fields = {
      name: `模拟网关 ${i}`,
      fingerprint,
      imei: imeiOf(gateway_id),
      iccid: iccidOf(gateway_id),
      firmware_version: '2.4.1-sim',
      ...placeAt(leafOf(i)?.site, Math.floor((i - 1) / Math.max(leaves.length, 1))),
    };
    let box: { id: number; secret: string };
    if (bought) {
      // a bought box is in stock under its serial: its label's fingerprint typed in, a secret of its own issued
      const id = bought.get(gateway_id)!;
      await api.must(`登记网关 ${gateway_id} `, 'PUT', `${DEVICE_PATH}/${id}`, fields);
      box = { id, secret: (await api.must<{ secret: string }>(`生成密钥 ${gateway_id} `, 'POST', `${DEVICE_PATH}/${id}/secret`)).secret };
    } else {
      box = await api.must<{ id: number; secret: string }>(`创建网关 ${gateway_id} `, 'POST', DEVICE_PATH, { gateway_id, goods_id: goods.id, ...fields });
    }
    const machines = machinesFor();
    const counts = BRANDS.map((model) => ({ model, count: machines.filter((m) => m.category === model).length })).filter((c) => c.count > 0);
    const license = await api.must<{ certificate: string }>(`签发授权 ${gateway_id} `, 'POST', LICENSE_PATH, {
      device_id: box.id,
      type: 'business',
      vpn: false,
      count: counts,
      remark: '模拟器签发',
    });
    for (const m of machines) {
      const models = MODELS[m.category];
      // the address the platform gave it: where a --vpn box's LAN puts this machine tool
      ({ ip: m.ip } = await api.must<{ ip: string }>(`创建机床 ${gateway_id}/${m.code} `, 'POST', MACHINE_PATH, {
        device_id: box.id,
        code: m.code,
        name: `${m.code} 加工中心`,
        category: m.category,
        model: models[Math.floor(Math.random() * models.length)],
      }));
    }
    identities.push({ gateway_id, secret: box.secret, machines, fingerprint, license: license.certificate, wg_private_key: newWgKeyPair().privateKey });
    deviceIds.push(box.id);
    const leaf = leafOf(i);
    if (leaf) shipments.set(leaf.id, [...(shipments.get(leaf.id) ?? []), i - 1]);
    if (i % 10 === 0 || i === options.boxes) log(`已创建 ${i}/${options.boxes} 台网关`);
  }
  for (const [customer_id, indexes] of shipments) {
    if (bought) await sell(api, goods.id, customer_id, indexes.map((i) => gatewayIds[i]));
    else await api.must('分配客户', 'POST', `${DEVICE_PATH}/assign`, { ids: indexes.map((i) => deviceIds[i]), customer_id });
  }
  if (bought && shipments.size) log(`出货单: ${shipments.size} 张已确认 (${[...shipments.values()].reduce((n, s) => n + s.length, 0)} 台已出货)`);

  const publicKeyPem = await api.text(LICENSE_PUBLIC_KEY_PATH);
  if (!publicKeyPem.includes('BEGIN PUBLIC KEY')) throw new Error(`读取平台公钥失败: ${publicKeyPem.slice(0, 200)}`);
  return { identities, publicKeyPem };
}

/** One confirmed order of `kind`: drafted, then confirmed (the boxes move in the platform's one transaction). */
async function confirmedOrder(api: ReturnType<typeof client>, path: string, body: Record<string, unknown>, what: string): Promise<number> {
  const order = await api.must<{ id: number }>(`创建${what}`, 'POST', path, { order_date: chinaToday(), ...body });
  await api.must(`确认${what}`, 'POST', `${path}/${order.id}/confirm`);
  return order.id;
}

/** The boxes bought with one confirmed 进货单 (each serial a box in stock), by gateway id. */
async function buy(api: ReturnType<typeof client>, goodsId: number, serials: string[], log: (line: string) => void): Promise<Map<string, number>> {
  await confirmedOrder(api, BUY_ORDER_PATH, { supplier: '模拟网关制造厂', remark: '模拟器创建', lines: [{ goods_id: goodsId, quantity: serials.length, unit_price: COST, serials }] }, '进货单');
  const ids = new Map<string, number>();
  for (let i = 0; i < serials.length; i += 100) {
    const part = serials.slice(i, i + 100);
    const rows = await api.must<{ id: number; gateway_id: string }[]>('查询进货的网关', 'GET', `${DEVICE_PATH}?limit=1000&keywords=${encodeURIComponent(commonPrefix(part))}`);
    for (const row of rows) if (part.includes(row.gateway_id)) ids.set(row.gateway_id, row.id);
  }
  const missing = serials.filter((s) => !ids.has(s));
  if (missing.length) throw new Error(`进货单确认后找不到网关: ${missing.slice(0, 5).join(', ')}`);
  log(`进货单: ${serials.length} 台已入库`);
  return ids;
}

/** A factory's boxes sold to it with one confirmed 出货单. */
async function sell(api: ReturnType<typeof client>, goodsId: number, customerId: number, serials: string[]): Promise<void> {
  await confirmedOrder(api, SELL_ORDER_PATH, { customer_id: customerId, remark: '模拟器创建', lines: [{ goods_id: goodsId, quantity: serials.length, unit_price: PRICE, serials }] }, '出货单');
}

/** The longest start the texts share (a search keyword that finds them all). */
function commonPrefix(texts: string[]): string {
  let prefix = texts[0] ?? '';
  for (const t of texts) while (!t.startsWith(prefix)) prefix = prefix.slice(0, -1);
  return prefix;
}
