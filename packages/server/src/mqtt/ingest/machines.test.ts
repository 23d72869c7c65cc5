import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.js';
import { MachineDirectory } from './machines.js';

/** A database whose box reads wait until the test answers them, counting them. */
function heldDatabase() {
  const reads: ((rows: object[]) => void)[] = [];
  const query = { from: () => query, leftJoin: () => query, where: () => new Promise<object[]>((resolve) => reads.push(resolve)) };
  return { db: { select: () => query } as unknown as Db, reads };
}

const row = { deviceId: 7, customerId: 3, machineId: 70, code: 'M1', category: 'fanuc' };

describe('machine directory', () => {
  it('reads a box once for the messages that ask together, and lets them on in the order they came', async () => {
    const { db, reads } = heldDatabase();
    const directory = new MachineDirectory(db);
    const order: number[] = [];
    const asks = [0, 1, 2, 3].map((n) => directory.lookup('GW-1', ['M1']).then((box) => { order.push(n); return box; }));
    expect(reads).toHaveLength(1);
    reads[0]([row]);
    const boxes = await Promise.all(asks);
    expect(order).toEqual([0, 1, 2, 3]);
    expect(boxes.every((box) => box?.machines.get('M1')?.id === 70)).toBe(true);
    // known now: no read for the next message
    await directory.lookup('GW-1', ['M1']);
    expect(reads).toHaveLength(1);
  });

  it('forgets a failed read, so the next message reads again', async () => {
    let fail = true;
    const query = {
      from: () => query,
      leftJoin: () => query,
      where: () => (fail ? Promise.reject(new Error('database gone')) : Promise.resolve([row])),
    };
    const directory = new MachineDirectory({ select: () => query } as unknown as Db);
    await expect(directory.lookup('GW-1', ['M1'])).rejects.toThrow('database gone');
    fail = false;
    expect((await directory.lookup('GW-1', ['M1']))?.deviceId).toBe(7);
  });
});
