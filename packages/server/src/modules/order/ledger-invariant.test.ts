import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUY_ORDER_PATH, DEVICE_PATH, GOODS_PATH, SELL_ORDER_PATH } from '@gw/contracts';
import { device, deviceFlow } from '../../db/schema.js';
import { type TestApp, createTestApp } from '../../test/harness.js';
import { type OrderWorld, line, orderWorld } from '../../test/order.js';

/** mulberry32: a small seeded generator, so a failing history is replayed exactly. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const SEED = 20261123;
const STEPS = 200;

describe('the ledger explains every box (a random history of orders and movements)', () => {
  let t: TestApp;
  let w: OrderWorld;
  let goodsIds: number[];

  beforeAll(async () => {
    t = await createTestApp();
    w = await orderWorld(t, 'L');
    const other = await t.api('POST', GOODS_PATH, { token: w.admin, body: { name: 'L 网关(wifi)', code: 'L-WIFI', price: '800' } });
    goodsIds = [w.goodsId, other.json().data.id as number];
  });
  afterAll(() => t.close());

  it(`holds after ${STEPS} steps (seed ${SEED}): each box's owner and state are its latest ledger row's, and replaying the ledger from the first row gives them`, async () => {
    const random = prng(SEED);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
    const some = <T>(items: readonly T[], max: number): T[] => {
      const pool = [...items];
      return Array.from({ length: Math.min(pool.length, 1 + Math.floor(random() * max)) }, () => pool.splice(Math.floor(random() * pool.length), 1)[0]);
    };
    const boxes = () => t.db.select({ id: device.id, gateway_id: device.gateway_id, customer_id: device.customer_id, state: device.state, goods_id: device.goods_id }).from(device);
    const vendor = (await boxes())[0].customer_id;
    const customers = [w.a, w.a1, w.b];
    const post = async (url: string, body?: unknown) => (await t.api('POST', url, { token: w.admin, body })).json<{ code: number; data: { id: number } }>();
    let serial = 0;
    const done: Record<string, number> = {};

    for (let step = 0; step < STEPS; step++) {
      const all = await boxes();
      // mostly boxes the step may move, sometimes any box: a refused step must leave the ledger as true as a done one
      const among = (eligible: typeof all, max: number) => some(random() < 0.85 && eligible.length ? eligible : all, max);
      const roll = random();
      let kind: string;
      let code: number;
      if (roll < 0.2 || all.length < 4) {
        kind = 'buy';
        const serials = Array.from({ length: 1 + Math.floor(random() * 3) }, () => `L-${++serial}`);
        if (random() < 0.1 && all.length) serials.push(pick(all).gateway_id);
        const order = await post(BUY_ORDER_PATH, { order_date: '2026-11-23', supplier: '工厂', lines: [line(pick(goodsIds), serials)] });
        code = (await post(`${BUY_ORDER_PATH}/${order.data.id}/confirm`)).code;
      } else if (roll < 0.4) {
        kind = 'sell';
        const goodsId = pick(goodsIds);
        const chosen = among(all.filter((b) => b.state === 'in_stock' && b.customer_id === vendor && b.goods_id === goodsId), 3);
        const order = await post(SELL_ORDER_PATH, { order_date: '2026-11-23', customer_id: pick(customers), lines: [line(goodsId, chosen.map((b) => b.gateway_id))] });
        code = (await post(`${SELL_ORDER_PATH}/${order.data.id}/confirm`)).code;
      } else {
        const [name, eligible] = pick([
          ['return', all.filter((b) => b.state === 'shipped')],
          ['repair', all.filter((b) => ['in_stock', 'shipped', 'returned'].includes(b.state))],
          ['repaired', all.filter((b) => b.state === 'repair')],
          ['repaired', all.filter((b) => b.state === 'repair')],
          ['scrap', all.filter((b) => b.state !== 'scrapped')],
          ['assign', all],
          ['assign', all],
        ] as const);
        kind = name;
        const ids = among(eligible, 3).map((b) => b.id);
        code = (await post(`${DEVICE_PATH}/${name}`, { ids, ...(name === 'assign' ? { customer_id: pick([...customers, vendor]) } : { remark: `第 ${step} 步` }) })).code;
      }
      const key = `${kind} ${code === 200 ? 'done' : 'refused'}`;
      done[key] = (done[key] ?? 0) + 1;
    }

    // the history did move boxes every way, and refused some
    for (const kind of ['buy', 'sell', 'return', 'repair', 'repaired', 'scrap', 'assign']) expect(done[`${kind} done`], kind).toBeGreaterThan(0);
    expect(Object.entries(done).filter(([k]) => k.endsWith('refused')).length).toBeGreaterThan(0);

    const flows = await t.db.select().from(deviceFlow).orderBy(asc(deviceFlow.id));
    const replayed = new Map<number, { owner: number | null; state: string }>();
    for (const flow of flows) {
      const before = replayed.get(flow.device_id);
      // each row starts where the box's previous one left it; the first brings it in from nowhere
      expect(flow.from_customer_id, `flow ${flow.id} of ${flow.gateway_id}`).toBe(before ? before.owner : null);
      replayed.set(flow.device_id, { owner: flow.to_customer_id, state: flow.state });
    }
    const now = await boxes();
    expect(now.length).toBeGreaterThan(20);
    for (const box of now) {
      const latest = flows.filter((f) => f.device_id === box.id).at(-1);
      expect(latest, box.gateway_id).toBeDefined();
      expect({ owner: latest!.to_customer_id, state: latest!.state }, box.gateway_id).toEqual({ owner: box.customer_id, state: box.state });
      expect(replayed.get(box.id), box.gateway_id).toEqual({ owner: box.customer_id, state: box.state });
    }
  });
});
