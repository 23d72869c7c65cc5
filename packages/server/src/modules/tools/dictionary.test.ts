import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { AreaNode } from '@gw/contracts';
import { config, dictCategory, dictItem } from '../../db/schema.js';
import { ADMIN_PASSWORD, type TestApp, createTestApp } from '../../test/harness.js';

// one server for the file: the dictionary, the public config and the download zone change no setting
let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login('admin', ADMIN_PASSWORD);
});
afterAll(() => t.close());

describe('dictionary and public config', () => {

  it('needs a session: body code 401 without a token', async () => {
    const res = await t.api('GET', '/tools/dictionary');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 401, data: null });
  });

  it('serves the region tree under area: 32 top-level entries, each city repeating itself first', async () => {
    const res = await t.api('GET', '/tools/dictionary', { token });
    expect(res.json().code).toBe(200);
    const area = res.json().data.area as AreaNode[];
    expect(area).toHaveLength(32);
    expect(area[0]).toMatchObject({ id: 1, title: '北京市', p_id: null });
    const city = area[0].children![0];
    expect(city.p_id).toBe(1);
    expect(city.children![0]).toMatchObject({ id: city.id, title: city.title });
    expect(city.children!.length).toBeGreaterThan(1);
    const suzhou = area.flatMap((p) => p.children ?? []).find((c) => c.title === '苏州市');
    expect(suzhou?.children?.[0]).toMatchObject({ id: suzhou!.id, title: '苏州市' });
  });

  it('serves the operation-log actions with numeric values', async () => {
    const data = (await t.api('GET', '/tools/dictionary', { token })).json().data;
    expect(data.logaction).toEqual([
      { value: 1, title: '增加', code: 'add' },
      { value: 2, title: '删除', code: 'delete' },
      { value: 3, title: '修改', code: 'modify' },
    ]);
  });

  it('serves a new category in item order, keeping text values (and leading zeros) as text', async () => {
    await t.db.insert(dictCategory).values({ key: 'parktype', name: '停车类型' });
    await t.db.insert(dictItem).values([
      { category: 'parktype', value: 'b', title: '室外', code: 'outdoor', sort: 2 },
      { category: 'parktype', value: 'a', title: '室内', code: 'indoor', sort: 1 },
      { category: 'parktype', value: '010', title: '区号', code: 'zero', sort: 3 },
      { category: 'parktype', value: '90071992547409931', title: '大数', code: 'big', sort: 4 },
    ]);
    await t.db.insert(dictCategory).values({ key: 'empty', name: '空分类' });
    const data = (await t.api('GET', '/tools/dictionary', { token })).json().data;
    expect(data.parktype).toEqual([
      { value: 'a', title: '室内', code: 'indoor' },
      { value: 'b', title: '室外', code: 'outdoor' },
      { value: '010', title: '区号', code: 'zero' },
      { value: '90071992547409931', title: '大数', code: 'big' },
    ]);
    expect(data.empty).toEqual([]);
  });

  it('serves public config without a token and never a private key', async () => {
    await t.db.insert(config).values({ key: 'mqtt_password', value: 'top-secret', public: false });
    await t.db.insert(config).values({ key: 'support_phone', value: '400-000-0000', public: true });
    for (const headers of [{}, { token }]) {
      const res = await t.app.inject({ method: 'GET', url: '/custom/api/v1/tools/config', headers });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ code: 200, data: { site_title: '智能网关管理系统', support_phone: '400-000-0000' } });
      expect(res.json().data).not.toHaveProperty('mqtt_password');
      expect(res.body).not.toContain('top-secret');
    }
  });
});

describe('download zone', () => {
  it('lists what administrators publish in the downloads config item, and nothing when it is not valid', async () => {
    expect((await t.api('GET', '/tools/downloads', { token })).json().data).toEqual([]);
    const items = [{ title: 'VPN 配置文件', url: '/custom/uploads/202611/vpn.ovpn', description: 'OpenVPN' }];
    await t.db.update(config).set({ value: JSON.stringify(items) }).where(eq(config.key, 'downloads'));
    expect((await t.api('GET', '/tools/downloads', { token })).json().data).toEqual(items);
    await t.db.update(config).set({ value: '{not json' }).where(eq(config.key, 'downloads'));
    expect((await t.api('GET', '/tools/downloads', { token })).json()).toMatchObject({ code: 200, data: [] });
    expect((await t.api('GET', '/tools/downloads')).json().code).toBe(401);
  });
});
