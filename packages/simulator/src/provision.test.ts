import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOX_API, DEVICE_PATH, MACHINE_PATH, type MachineRealtime, boxEchoSchema, boxTopic } from '@gw/contracts';
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
