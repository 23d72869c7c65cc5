import { randomBytes } from 'node:crypto';
import { DEVICE_PATH, GOODS_PATH, LICENSE_PATH, LICENSE_PUBLIC_KEY_PATH, MACHINE_PATH, customerResource } from '@gw/contracts';
import { type BoxIdentity, fingerprintOf, iccidOf, imeiOf } from './identity.js';

export interface ProvisionOptions {
  /** the server, e.g. http://127.0.0.1:9527 */
  api: string;
  user: string;
  password: string;
  boxes: number;
  /** gateway ids are `<prefix>-0001`…; by default SIM-<4 random hex> so a second provisioning never collides */
  prefix?: string;
  /** a customer tree to ship the boxes to: the first name is the group, the rest its factories (leaves) */
  customers?: string[];
  log?: (line: string) => void;
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

/** A tiny client of the platform's API: JSON in, the envelope's data out, a Chinese error naming the step. */
function client(base: string) {
  let token = '';
  const call = async <T>(method: string, path: string, body?: unknown): Promise<Envelope<T>> => {
    const res = await fetch(`${base}${API}${path}`, {
      method,
      headers: { ...(token ? { token } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
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

async function login(api: ReturnType<typeof client>, user: string, password: string): Promise<void> {
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
function machinesFor(): { code: string; category: (typeof BRANDS)[number] }[] {
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

  const leaves: number[] = [];
  const [group, ...factories] = options.customers ?? [];
  if (group) {
    const findCustomer = (company_name: string, parent_id: number | null) =>
      findOrCreate<{ id: number; company_name: string }>(
        api,
        customerResource.path,
        company_name,
        (c) => c.company_name === company_name,
        () => api.must(`创建客户 ${company_name} `, 'POST', customerResource.path, { company_name, parent_id, contact: '演示', remark: '模拟器创建' }),
      );
    const root = await findCustomer(group, null);
    for (const name of factories) leaves.push((await findCustomer(name, root.id)).id);
    if (!leaves.length) leaves.push(root.id);
    log(`客户: ${[group, ...factories].join(' / ')}`);
  }

  const prefix = options.prefix ?? `SIM-${randomBytes(2).toString('hex').toUpperCase()}`;
  const identities: BoxIdentity[] = [];
  const shipments = new Map<number, number[]>();
  for (let i = 1; i <= options.boxes; i++) {
    const gateway_id = `${prefix}-${String(i).padStart(4, '0')}`;
    const fingerprint = fingerprintOf(gateway_id);
    const box = await api.must<{ id: number; secret: string }>(`创建网关 ${gateway_id} `, 'POST', DEVICE_PATH, {
      gateway_id,
      name: `模拟网关 ${i}`,
      goods_id: goods.id,
      fingerprint,
      imei: imeiOf(gateway_id),
      iccid: iccidOf(gateway_id),
      firmware_version: '2.4.1-sim',
    });
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
      await api.must(`创建机床 ${gateway_id}/${m.code} `, 'POST', MACHINE_PATH, {
        device_id: box.id,
        code: m.code,
        name: `${m.code} 加工中心`,
        category: m.category,
        model: models[Math.floor(Math.random() * models.length)],
      });
    }
    identities.push({ gateway_id, secret: box.secret, machines, fingerprint, license: license.certificate });
    if (leaves.length) {
      const customer = leaves[(i - 1) % leaves.length];
      shipments.set(customer, [...(shipments.get(customer) ?? []), box.id]);
    }
    if (i % 10 === 0 || i === options.boxes) log(`已创建 ${i}/${options.boxes} 台网关`);
  }
  for (const [customer_id, ids] of shipments) await api.must('分配客户', 'POST', `${DEVICE_PATH}/assign`, { ids, customer_id });

  const publicKeyPem = await api.text(LICENSE_PUBLIC_KEY_PATH);
  if (!publicKeyPem.includes('BEGIN PUBLIC KEY')) throw new Error(`读取平台公钥失败: ${publicKeyPem.slice(0, 200)}`);
  return { identities, publicKeyPem };
}
