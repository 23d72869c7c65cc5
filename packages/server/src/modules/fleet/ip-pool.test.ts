import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customer, device, machineTool } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import { type TestApp, createTestApp } from '../../test/harness.js';
import { parseCidr } from '@gw/contracts';
import { allocateMachineIp, allocateMachineNet, allocateVpnIp, allocateVpnIps, machineNetwork } from './ip-pool.js';

describe('address pools', () => {
  let t: TestApp;
  let vendor: number;
  let serial = 0;

  beforeAll(async () => {
    t = await createTestApp();
    [{ id: vendor }] = await t.db.select({ id: customer.id }).from(customer).where(eq(customer.is_vendor, true));
  });
  afterAll(() => t.close());

  /** Creates a box in its own transaction with an address from `pool`, as a create route does. */
  const createBox = (pool: string) =>
    t.db.transaction(async (tx) => {
      const vpn_ip = await allocateVpnIp(tx, pool);
      const [row] = await tx
        .insert(device)
        .values({ gateway_id: `pool-${++serial}`, customer_id: vendor, secret_hash: 'x', vpn_ip })
        .returning({ id: device.id, vpn_ip: device.vpn_ip });
      return row;
    });

  it('reads IPv4 networks and refuses anything else', () => {
    expect(parseCidr('10.8.0.0/16')).toEqual({ base: 10 * 2 ** 24 + 8 * 2 ** 16, bits: 16 });
    for (const bad of ['10.8.0.1/16', '10.8.0.0', '300.1.1.0/24', '10.8.0.0/33', 'fe80::/10']) expect(parseCidr(bad), bad).toBeNull();
  });

  it('derives a machine tool network from its address: the box is the gateway', () => {
    expect(machineNetwork('10.100.3.17')).toEqual({ netmask: '255.255.255.0', gateway: '10.100.3.1', broadcast: '10.100.3.255' });
  });

  it('never gives two boxes created at the same time the same VPN address', async () => {
    const boxes = await Promise.all(Array.from({ length: 24 }, () => createBox('10.8.0.0/16')));
    const ips = boxes.map((b) => b.vpn_ip);
    expect(new Set(ips).size).toBe(24);
    expect(ips).toContain('10.8.0.2');
    expect(ips).not.toContain('10.8.0.1');
  });

  it('refuses when the pool is used up with a message naming it, and gives a freed address again', async () => {
    const pool = '10.9.0.0/29';
    const boxes = [];
    for (let i = 0; i < 5; i++) boxes.push(await createBox(pool));
    expect(boxes.map((b) => b.vpn_ip)).toEqual(['10.9.0.2', '10.9.0.3', '10.9.0.4', '10.9.0.5', '10.9.0.6']);
    const full = await createBox(pool).catch((e: unknown) => e);
    expect(full).toBeInstanceOf(AppError);
    expect((full as AppError).message).toBe('VPN 地址池 10.9.0.0/29 已用完,请在通用配置中扩大 vpn_pool');
    await t.db.delete(device).where(eq(device.id, boxes[1].id));
    expect((await createBox(pool)).vpn_ip).toBe('10.9.0.3');
  });

  it('takes addresses for a batch of boxes in one go: after the highest held, else from the gaps, all or none', async () => {
    const pool = '10.10.0.0/28';
    const take = (count: number) =>
      t.db.transaction(async (tx) => {
        const ips = await allocateVpnIps(tx, pool, count);
        for (const vpn_ip of ips) await tx.insert(device).values({ gateway_id: `pool-${++serial}`, customer_id: vendor, secret_hash: 'x', vpn_ip });
        return ips;
      });
    expect(await take(4)).toEqual(['10.10.0.2', '10.10.0.3', '10.10.0.4', '10.10.0.5']);
    await t.db.delete(device).where(inArray(device.vpn_ip, ['10.10.0.2', '10.10.0.4']));
    expect(await take(9)).toEqual(['10.10.0.6', '10.10.0.7', '10.10.0.8', '10.10.0.9', '10.10.0.10', '10.10.0.11', '10.10.0.12', '10.10.0.13', '10.10.0.14']);
    const tooMany = await take(3).catch((e: unknown) => e);
    expect((tooMany as AppError).message).toBe('VPN 地址池 10.10.0.0/28 已用完,请在通用配置中扩大 vpn_pool');
    expect(await take(2)).toEqual(['10.10.0.2', '10.10.0.4']);
  });

  it('gives parallel boxes distinct /24s and parallel machine tools of one box distinct hosts from .2', async () => {
    const boxes = await Promise.all(
      Array.from({ length: 6 }, async () => {
        const box = await createBox('10.8.0.0/16');
        return t.db.transaction(async (tx) => {
          const machine_net = await allocateMachineNet(tx, '10.100.0.0/16');
          await tx.update(device).set({ machine_net }).where(eq(device.id, box.id));
          return { id: box.id, machine_net };
        });
      }),
    );
    expect(new Set(boxes.map((b) => b.machine_net)).size).toBe(6);
    expect(boxes.map((b) => b.machine_net)).toContain('10.100.0.0/24');

    const box = boxes[0];
    const ips = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        t.db.transaction(async (tx) => {
          const ip = await allocateMachineIp(tx, box.id, box.machine_net);
          await tx.insert(machineTool).values({ device_id: box.id, code: `M${i}`, category: 'fanuc', ip });
          return ip;
        }),
      ),
    );
    expect(new Set(ips).size).toBe(12);
    const prefix = box.machine_net.replace(/0\/24$/, '');
    expect(ips).toContain(`${prefix}2`);
    expect(ips.every((ip) => ip.startsWith(prefix))).toBe(true);
  });
});
