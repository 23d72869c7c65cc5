import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MACHINE_PATH } from '@gw/contracts';
import { type FleetWorld, fleetWorld } from '../../test/fleet.js';
import { type TestApp, createTestApp } from '../../test/harness.js';

describe('机床 本地IP (lan_ip): the address a machine keeps on its own LAN', () => {
  let t: TestApp;
  let w: FleetWorld;
  let id: number;
  const get = async () => (await t.api('GET', `${MACHINE_PATH}/${id}`, { token: w.admin })).json().data;
  const put = (lan_ip: unknown) => t.api('PUT', `${MACHINE_PATH}/${id}`, { token: w.admin, body: { lan_ip } });

  beforeAll(async () => {
    t = await createTestApp();
    w = await fleetWorld(t, 'LN');
    const res = await t.api('POST', MACHINE_PATH, { token: w.admin, body: { device_id: w.boxes.a, code: 'M1', category: 'fanuc', enabled: false, lan_ip: '192.168.0.20' } });
    expect(res.json().code, res.body).toBe(200);
    id = res.json().data.id as number;
  });
  afterAll(() => t.close());

  it('is kept, changed and cleared', async () => {
    expect(await get()).toMatchObject({ lan_ip: '192.168.0.20' });
    expect((await put('10.20.30.40')).json().code).toBe(200);
    expect(await get()).toMatchObject({ lan_ip: '10.20.30.40' });
    expect((await put('')).json().code).toBe(200);
    expect(await get()).toMatchObject({ lan_ip: null });
    expect((await put('172.16.5.6')).json().code).toBe(200);
  });

  it('refuses anything but a private IPv4 host address with a 400 naming the field in Chinese, changing nothing', async () => {
    for (const bad of ['8.8.8.8', '192.168.1.0', '192.168.1.255', '10.0.0.256', '192.168.01.2', 'fanuc', '172.32.0.1', 12]) {
      const res = await put(bad);
      expect(res.statusCode, String(bad)).toBe(400);
      expect(res.json().message, String(bad)).toMatch(/^参数错误 lan_ip: /);
      if (typeof bad === 'string') expect(res.json().message).toContain('本地IP 应为私有 IPv4 地址');
    }
    expect(await get()).toMatchObject({ lan_ip: '172.16.5.6' });
  });

  it('refuses a second machine tool of the same box with the same 本地IP', async () => {
    const res = await t.api('POST', MACHINE_PATH, { token: w.admin, body: { device_id: w.boxes.a, code: 'M2', category: 'fanuc', enabled: false, lan_ip: '172.16.5.6' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('参数错误 lan_ip: 本地IP 172.16.5.6 已被该设备下的机床 M1 使用');
    const other = await t.api('POST', MACHINE_PATH, { token: w.admin, body: { device_id: w.boxes.b, code: 'M2', category: 'fanuc', enabled: false, lan_ip: '172.16.5.6' } });
    expect(other.json().code).toBe(200);
  });
});
