import { randomBytes } from 'node:crypto';
import {
  DEVICE_PATH,
  DEVICE_SHORT_URL_PATH,
  LICENSE_PATH,
  ROLLOUT_PATH,
  type RolloutDetail,
  TAG_PATH,
  VERSION_FILE_PATH,
  VERSION_PATH,
  adminUserResource,
  customerResource,
} from '@gw/contracts';
import type { BoxIdentity } from './identity.js';
import { type ApiClient, type CustomerSite, client, login } from './provision.js';

/** A factory of the demo: where it is, and the user name of its operator. */
export interface DemoSite extends CustomerSite {
  /** The operator's user name (letters and digits); the group has none. */
  user?: string;
}

/**
 * The demo's customers: a group in Shanghai and factories in four other provinces, at real industrial addresses
 * with their coordinates and regions (the map places each box at its factory; 客户分布 shades the provinces).
 */
export const DEMO_SITES: DemoSite[] = [
  { name: '演示集团', address: '上海市浦东新区张江高科技园区碧波路 690 号', lng: 121.5907, lat: 31.2041, area_id: 310115 },
  { name: '华东一厂', address: '江苏省苏州市吴中区吴中经济开发区吴中大道 1368 号', lng: 120.6275, lat: 31.2472, area_id: 320506, user: 'huadong1' },
  { name: '华南二厂', address: '广东省深圳市宝安区福永街道凤凰第一工业区', lng: 113.8341, lat: 22.6858, area_id: 440306, user: 'huanan2' },
  { name: '西南三厂', address: '四川省成都市郫都区现代工业港北片区港北六路', lng: 103.9133, lat: 30.8386, area_id: 510117, user: 'xinan3' },
  { name: '华中四厂', address: '湖北省武汉市江夏区藏龙岛科技园九凤街', lng: 114.4318, lat: 30.3984, area_id: 420115, user: 'huazhong4' },
];

/** The built-in 客户 role: what a factory's users hold. */
const CUSTOMER_ROLE_ID = 2;
/** The release the demo publishes and rolls out to one factory's boxes. */
export const DEMO_RELEASE = '2.5.0';

/** A factory's operator as the demo prints it. */
export interface DemoUser {
  username: string;
  password: string;
  company: string;
}

/** What the demo has made so far (kept beside its data, so a second run makes nothing twice). */
export interface DemoDone {
  tags?: boolean;
  links?: boolean;
  expiring?: boolean;
  users?: DemoUser[];
  rollout?: number;
}

export interface Box {
  id: number;
  gateway_id: string;
  customer_id: number;
  company_name: string | null;
}

const day = 86_400_000;

/** The platform's rows of the identities' boxes (id, company), in pages of 1,000. */
export async function boxesOf(api: ApiClient, identities: BoxIdentity[]): Promise<Box[]> {
  const wanted = new Set(identities.map((i) => i.gateway_id));
  const rows: Box[] = [];
  for (let page = 1; rows.length < wanted.size; page++) {
    const batch = await api.must<Box[]>('查询网关', 'GET', `${DEVICE_PATH}?limit=1000&page=${page}`);
    rows.push(...batch.filter((b) => wanted.has(b.gateway_id)));
    if (batch.length < 1000) break;
  }
  return rows;
}

async function customerId(api: ApiClient, name: string): Promise<number | undefined> {
  const rows = await api.must<{ id: number; company_name: string }[]>('查询客户', 'GET', `${customerResource.path}?limit=100&keywords=${encodeURIComponent(name)}`);
  return rows.find((c) => c.company_name === name)?.id;
}

/**
 * Dresses a provisioned demo fleet as a platform in use: per factory tags on its boxes (一号车间, 二号车间, 重点设备),
 * short links for a few boxes, one licence that runs out within 7 days, and one operator per factory holding the
 * built-in 客户 role. Each step is skipped when `done` says it was made; answers what is made now.
 */
export async function dressDemo(options: {
  api: string;
  user: string;
  password: string;
  identities: BoxIdentity[];
  done: DemoDone;
  sites?: DemoSite[];
  log?: (line: string) => void;
}): Promise<DemoDone> {
  const log = options.log ?? (() => {});
  const api = client(options.api.replace(/\/$/, ''));
  await login(api, options.user, options.password);
  const done: DemoDone = { ...options.done };
  const boxes = await boxesOf(api, options.identities);
  const byCustomer = new Map<number, Box[]>();
  for (const box of boxes) byCustomer.set(box.customer_id, [...(byCustomer.get(box.customer_id) ?? []), box]);

  if (!done.tags) {
    const colors = { 一号车间: '#1677ff', 二号车间: '#13c2c2', 重点设备: '#fa541c' };
    for (const [customer_id, own] of byCustomer) {
      const tag = async (name: keyof typeof colors) =>
        (await api.must<{ id: number }>(`创建标签 ${name} `, 'POST', TAG_PATH, { name, color: colors[name], customer_id })).id;
      const [one, two, key] = [await tag('一号车间'), await tag('二号车间'), await tag('重点设备')];
      const half = Math.ceil(own.length / 2);
      const ids = own.map((b) => b.id);
      await api.must('打标签', 'POST', `${DEVICE_PATH}/tag`, { ids: ids.slice(0, half), tag_ids: [one], mode: 'add' });
      if (ids.length > half) await api.must('打标签', 'POST', `${DEVICE_PATH}/tag`, { ids: ids.slice(half), tag_ids: [two], mode: 'add' });
      await api.must('打标签', 'POST', `${DEVICE_PATH}/tag`, { ids: ids.slice(0, 1), tag_ids: [key], mode: 'add' });
    }
    done.tags = true;
    log(`标签: 每个工厂 一号车间、二号车间、重点设备`);
  }

  if (!done.links) {
    const ids = [...byCustomer.values()].map((own) => own[0].id);
    await api.must('生成短链接', 'POST', DEVICE_SHORT_URL_PATH, { ids });
    done.links = true;
    log(`短链接: ${ids.length} 台网关`);
  }

  if (!done.expiring && boxes.length) {
    // the last box's licence is replaced by a 测试授权 that runs out in 5 days: 授权生成 shows it 即将过期
    const box = boxes[boxes.length - 1];
    const machines = options.identities.find((i) => i.gateway_id === box.gateway_id)?.machines ?? [];
    const count = [...new Set(machines.map((m) => m.category))].map((model) => ({ model, count: machines.filter((m) => m.category === model).length }));
    await api.must('签发即将到期的授权', 'POST', LICENSE_PATH, {
      device_id: box.id,
      type: 'temp',
      exp: new Date(Date.now() + 5 * day).toISOString(),
      count,
      remark: '演示: 5 天后到期',
    });
    done.expiring = true;
    log(`授权: ${box.gateway_id} 的测试授权 5 天后到期`);
  }

  if (!done.users) {
    const users: DemoUser[] = [];
    for (const site of options.sites ?? DEMO_SITES) {
      if (!site.user) continue;
      const id = await customerId(api, site.name);
      if (id === undefined) continue;
      const password = `Demo-${randomBytes(4).toString('hex')}`;
      const existing = (await api.must<{ id: number; username: string }[]>('查询用户', 'GET', `${adminUserResource.path}?limit=100&keywords=${site.user}`)).find(
        (u) => u.username === site.user,
      );
      if (existing) await api.must(`重置 ${site.user} 的密码`, 'PUT', `${adminUserResource.path}/${existing.id}`, { password });
      else
        await api.must(`创建用户 ${site.user} `, 'POST', adminUserResource.path, {
          username: site.user,
          name: `${site.name}操作员`,
          customer_id: id,
          roles: [CUSTOMER_ROLE_ID],
          password,
        });
      users.push({ username: site.user, password, company: site.name });
    }
    done.users = users;
    log(`客户用户: ${users.map((u) => u.username).join('、')} (客户角色)`);
  }
  return done;
}

/**
 * Publishes the demo's firmware release for the boxes' device type and rolls it out to the boxes of one factory
 * (they must be online: the simulator answers the upgrade), then waits until the rollout is finished. Answers the
 * rollout and the boxes it updated.
 */
export async function demoRollout(options: {
  api: string;
  user: string;
  password: string;
  identities: BoxIdentity[];
  factory: string;
  timeoutMs?: number;
  log?: (line: string) => void;
}): Promise<{ id: number; state: string; updated: string[] }> {
  const log = options.log ?? (() => {});
  const api = client(options.api.replace(/\/$/, ''));
  await login(api, options.user, options.password);
  const boxes = await boxesOf(api, options.identities);
  const factoryId = await customerId(api, options.factory);
  if (!boxes.length || factoryId === undefined) throw new Error(`没有 ${options.factory} 的网关可以升级`);
  const [first] = await api.must<{ goods_id: number }[]>('查询网关', 'GET', `${DEVICE_PATH}?limit=1&keywords=${boxes[0].gateway_id}`);

  const releases = await api.must<{ id: number; version: string; status: string }[]>('查询固件版本', 'GET', `${VERSION_PATH}?limit=100&keywords=${DEMO_RELEASE}`);
  let release = releases.find((r) => r.version === DEMO_RELEASE && r.status !== 'deleted');
  if (!release) {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(randomBytes(256 * 1024))]), `gateway-${DEMO_RELEASE}.bin`);
    const file = await api.must<{ file_id: string }>('上传固件', 'POST', VERSION_FILE_PATH, form);
    release = await api.must<{ id: number; version: string; status: string }>('创建固件版本', 'POST', VERSION_PATH, {
      version: DEMO_RELEASE,
      goods_ids: [first.goods_id],
      file_id: file.file_id,
      file_name: `gateway-${DEMO_RELEASE}.bin`,
      changelog: '- 断网续传: 网关离线期间缓存的数据在恢复连接后按时间顺序补发\n- 优化 4G 信号弱时的重连策略\n- 修复个别 FANUC 控制器报警列表偶尔为空的问题',
    });
  }
  if (release.status !== 'published') await api.must('发布固件版本', 'POST', `${VERSION_PATH}/${release.id}/publish`);

  const created = await api.must<RolloutDetail>('创建固件推送', 'POST', ROLLOUT_PATH, {
    version_id: release.id,
    target: { type: 'customer', ids: [factoryId] },
    batch_size: 10,
    concurrency: 10,
    remark: '演示: 一个工厂的网关升级',
  });
  log(`固件推送: ${DEMO_RELEASE} → ${options.factory} (${created.total} 台)`);
  const until = Date.now() + (options.timeoutMs ?? 180_000);
  for (;;) {
    const detail = await api.must<RolloutDetail>('查询固件推送', 'GET', `${ROLLOUT_PATH}/${created.id}`);
    if (detail.state !== 'running' && detail.state !== 'paused') {
      return { id: detail.id, state: detail.state, updated: detail.items.filter((i) => i.state === 'done').map((i) => i.gateway_id) };
    }
    if (Date.now() > until) throw new Error(`固件推送 ${created.id} 未在时限内完成 (${detail.state})`);
    await new Promise((r) => setTimeout(r, 500));
  }
}
