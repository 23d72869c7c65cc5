import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_ACTIONS, DEVICE_PATH, VERSION_PATH, deviceFirmwarePath } from '@gw/contracts';
import { device, firmwareVersion, role, rollout, rolloutItem } from '../../db/schema.js';
import { type FleetWorld, fleetWorld } from '../../test/fleet.js';
import { type TestApp, createTestApp } from '../../test/harness.js';

describe('the device drawer’s 固件 tab (GET /device/device/{id}/firmware)', () => {
  let t: TestApp;
  let w: FleetWorld;
  const get = async (id: number, token: string) => t.api('GET', deviceFirmwarePath(id), { token });

  beforeAll(async () => {
    t = await createTestApp();
    w = await fleetWorld(t, 'D');
    await t.db.update(device).set({ firmware_version: '1.1.0' }).where(eq(device.id, w.boxes.a));
    // two releases rolled out to box A: 1.0.0 failed, then 1.1.0 done (the rollout routes are not needed here)
    const release = async (version: string) =>
      (
        await t.db
          .insert(firmwareVersion)
          .values({ version, goods_ids: [w.goodsId], file_name: `${version}.bin`, size: 10, sha256: createHash('sha256').update(randomBytes(8)).digest('hex'), status: 'published' })
          .returning({ id: firmwareVersion.id })
      )[0].id;
    const run = async (versionId: number) =>
      (
        await t.db
          .insert(rollout)
          .values({ version_id: versionId, target: { type: 'devices', ids: [w.boxes.a] }, batch_size: 1, concurrency: 1, stop_failure_percent: 20, offline_deadline_minutes: 30, batches: 1, state: 'done' })
          .returning({ id: rollout.id })
      )[0].id;
    const first = await run(await release('1.0.0'));
    const second = await run(await release('1.1.0'));
    await t.db.insert(rolloutItem).values([
      { rollout_id: first, device_id: w.boxes.a, gateway_id: 'D-A', batch: 1, state: 'failed', error: 'SHA-256 校验失败', from_version: '0.9.0' },
      { rollout_id: second, device_id: w.boxes.a, gateway_id: 'D-A', batch: 1, state: 'done', from_version: '0.9.0' },
    ]);
  });
  afterAll(() => t.close());

  it('shows the vendor the version a box runs and its rollouts, latest first', async () => {
    const res = await get(w.boxes.a, w.admin);
    expect(res.json()).toMatchObject({
      code: 200,
      data: {
        firmware_version: '1.1.0',
        history: [
          { version: '1.1.0', state: 'done', error: '', from_version: '0.9.0', updated_at: expect.any(String) },
          { version: '1.0.0', state: 'failed', error: 'SHA-256 校验失败', from_version: '0.9.0' },
        ],
      },
    });
    expect((await get(w.boxes.b, w.admin)).json().data).toEqual({ firmware_version: '', history: [] });
  });

  it('shows a customer’s user its own box without the history unless it may query 版本管理, and another’s box as missing', async () => {
    expect((await get(w.boxes.a, w.userA)).json()).toMatchObject({ code: 200, data: { firmware_version: '1.1.0', history: [] } });
    const foreign = await get(w.boxes.a, w.userB);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('网关设备不存在');

    await t.db.insert(role).values({ name: 'D 固件查看', menus: [DEVICE_PATH, VERSION_PATH].map((menu) => ({ menu, action: ALL_ACTIONS })) });
    const [viewer] = await t.db.select({ id: role.id }).from(role).where(eq(role.name, 'D 固件查看'));
    await t.createUser({ username: 'd-viewer', password: 'secret-123', roles: [viewer.id], customer_id: w.a });
    const token = await t.login('d-viewer', 'secret-123');
    expect((await get(w.boxes.a, token)).json().data.history).toHaveLength(2);
    expect((await get(w.boxes.b, token)).statusCode).toBe(404);
  });
});
