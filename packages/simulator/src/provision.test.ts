import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOX_API, BUY_ORDER_PATH, DEVICE_PATH, MACHINE_PATH, SELL_ORDER_PATH, type MachineRealtime, boxEchoSchema, boxTopic } from '@gw/contracts';
// the platform itself, as its own tests build it: a whole server on a fresh database with its embedded broker
import { ADMIN_PASSWORD, type TestApp, createTestApp } from '../../server/src/test/harness.js';
import { startFleet } from './fleet.js';
import { provisionFleet } from './provision.js';

let t: TestApp;
let api: string;

beforeAll(async () => {
  t = await createTestApp({ services: ['mqtt'], env: { LOGIN_CAPTCHA: 'off' } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  api = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(async () => t?.close());

describe('provisioning a fleet through the platform’s API', () => {
  it('makes boxes with licences and machine tools shipped to a customer tree, whose identities then log in to the embedded broker', async () => {
    const { identities, publicKeyPem } = await provisionFleet({ api, user: 'admin', password: ADMIN_PASSWORD, boxes: 3, prefix: 'PRV', customers: ['模拟集团', '模拟一厂', '模拟二厂'] });
    expect(identities.map((i) => i.gateway_id)).toEqual(['PRV-0001', 'PRV-0002', 'PRV-0003']);
    expect(publicKeyPem).toContain('BEGIN PUBLIC KEY');

    const token = await t.login('admin', ADMIN_PASSWORD);
    const list = (await t.api('GET', `${DEVICE_PATH}?keywords=PRV&limit=10`, { token })).json();
    expect(list.data.map((d: { company_name: string }) => d.company_name).sort()).toEqual(['模拟一厂', '模拟一厂', '模拟二厂']);
    for (const box of list.data as { gateway_id: string; license_state: string; machine_count: number }[]) {
      const identity = identities.find((i) => i.gateway_id === box.gateway_id)!;
      expect(box).toMatchObject({ license_state: 'licensed', machine_count: identity.machines.length });
    }

    const fleet = startFleet({ identities, url: `mqtt://127.0.0.1:${t.deps.broker!.port}`, rate: 5, publicKeyPem });
    try {
      await fleet.connected(10_000);
      // the platform sees them online (presence follows the broker's connections)
      const online = async () => ((await t.api('GET', `${DEVICE_PATH}?keywords=PRV&limit=10`, { token })).json().data as { online: boolean }[]).every((d) => d.online);
      await expect.poll(online, { timeout: 10_000, interval: 100 }).toBe(true);
      // and their machine tools' values arrive: each has a state and its brand's values (实时数据)
      const boxId = (list.data as { id: number; gateway_id: string }[]).find((d) => d.gateway_id === 'PRV-0001')!.id;
      const machines = (await t.api('GET', `${MACHINE_PATH}?device_id=${boxId}`, { token })).json().data as { id: number }[];
      expect(machines).toHaveLength(identities[0].machines.length);
      for (const machine of machines) {
        const realtime = async () => (await t.api('GET', `${MACHINE_PATH}/${machine.id}/realtime`, { token })).json().data as MachineRealtime;
        await expect.poll(async () => (await realtime()).state, { timeout: 10_000, interval: 100 }).toMatch(/^(running|idle|alarm)$/);
        expect((await realtime()).values).toMatchObject({ cnc_runstatus: expect.any(Number), cnc_products: expect.any(Number), cnc_mecpos: expect.any(Array) });
      }
      // the licence the platform issued holds on the box, checked offline with the key the platform handed out
      // (the answer to this command: the platform's own licence push to a box that came online answers too)
      const echo = new Promise<unknown>((resolve) => {
        t.deps.broker!.aedes.subscribe(boxTopic('echo', 'PRV-0001'), (packet, done) => {
          const answer = JSON.parse(packet.payload.toString()) as { cmd_id?: unknown };
          if (answer.cmd_id === 'p1') resolve(answer);
          done();
        }, () => undefined);
      });
      t.deps.broker!.aedes.publish(
        { cmd: 'publish', topic: boxTopic('control', 'PRV-0001'), qos: 1, retain: false, dup: false, payload: JSON.stringify({ cmd_id: 'p1', method: 'POST', url: BOX_API.license, data: { license: identities[0].license } }) },
        () => undefined,
      );
      expect(boxEchoSchema.parse(await echo)).toMatchObject({ cmd_id: 'p1', ret: 0 });
    } finally {
      await fleet.stop();
    }
  });

  it('with orders: buys the boxes with one confirmed 进货单 and sells them to the factories with 出货单, each box placed at its factory', async () => {
    const sites = [
      { name: '订单集团', address: '上海市浦东新区碧波路 690 号', lng: 121.59, lat: 31.2, area_id: 310115 },
      { name: '订单一厂', address: '江苏省苏州市吴中区吴中大道 1368 号', lng: 120.63, lat: 31.25, area_id: 320506 },
      { name: '订单二厂', address: '广东省深圳市宝安区凤凰第一工业区', lng: 113.83, lat: 22.69, area_id: 440306 },
    ];
    const { identities } = await provisionFleet({ api, user: 'admin', password: ADMIN_PASSWORD, boxes: 3, prefix: 'ORD', customers: sites, orders: true });
    const token = await t.login('admin', ADMIN_PASSWORD);
    const get = async <T>(path: string) => (await t.api('GET', path, { token })).json().data as T;
    const buys = await get<{ status: string; quantity: number; lines: unknown }[]>(`${BUY_ORDER_PATH}?limit=100`);
    expect(buys.filter((o) => o.status === 'confirmed').map((o) => o.quantity)).toEqual([3]);
    const sells = await get<{ status: string; quantity: number; company_name: string }[]>(`${SELL_ORDER_PATH}?limit=100`);
    expect(sells.map((o) => [o.company_name, o.status, o.quantity]).sort()).toEqual([
      ['订单一厂', 'confirmed', 2],
      ['订单二厂', 'confirmed', 1],
    ]);
    const boxes = await get<{ gateway_id: string; state: string; company_name: string; address: string; area_id: number; fingerprint: string; license_state: string }[]>(
      `${DEVICE_PATH}?keywords=ORD&limit=10`,
    );
    expect(boxes).toHaveLength(3);
    for (const box of boxes) {
      const site = sites.find((s) => s.name === box.company_name)!;
      expect(box).toMatchObject({ state: 'shipped', area_id: site.area_id, license_state: 'licensed', fingerprint: identities.find((i) => i.gateway_id === box.gateway_id)!.fingerprint });
      const [lng, lat] = box.address.split('|').slice(-2).map(Number);
      expect(box.address.startsWith(site.address)).toBe(true);
      expect(Math.hypot(lng - site.lng, lat - site.lat)).toBeLessThan(0.01);
    }
    // the secret each box was given logs it in
    const fleet = startFleet({ identities, url: `mqtt://127.0.0.1:${t.deps.broker!.port}`, rate: 1 });
    try {
      await fleet.connected(10_000);
    } finally {
      await fleet.stop();
    }
  });

  it('says to start the server with LOGIN_CAPTCHA=off when the login asks for a captcha', async () => {
    const guarded = await createTestApp();
    try {
      await guarded.app.listen({ port: 0, host: '127.0.0.1' });
      const address = guarded.app.server.address();
      const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
      await expect(provisionFleet({ api: url, user: 'admin', password: ADMIN_PASSWORD, boxes: 1 })).rejects.toThrow(/LOGIN_CAPTCHA=off/);
    } finally {
      await guarded.close();
    }
    // a second whole server: slow on a loaded machine
  }, 90_000);
});
