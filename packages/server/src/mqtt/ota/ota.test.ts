import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GOODS_PATH, type LiveEvent, ROLLOUT_PATH, type RolloutDetail, boxTopic } from '@gw/contracts';
import { firmwareVersion } from '../../db/schema.js';
import { ADMIN_PASSWORD, type TestApp, createTestApp } from '../../test/harness.js';
import { type OtaBox, otaBoxes, restartTestApp } from '../../test/ota-box.js';
import { otaOf } from './index.js';

const SHA = 'b'.repeat(64);

describe('firmware rollouts to boxes (runner, ota reports, confirmation by state)', () => {
  let t: TestApp;
  let admin: string;
  let goodsId: number;
  let release: number;
  let serial = 0;
  const events: LiveEvent[] = [];

  /** Boxes on 1.0.0, online. */
  const online = async (n: number, prefix: string) => {
    const boxes = await otaBoxes(t, admin, goodsId, Array.from({ length: n }, (_, i) => `${prefix}-${i + 1}`), '1.0.0');
    for (const box of boxes) await box.connect();
    return boxes;
  };
  const start = async (boxes: OtaBox[], plan: Record<string, unknown>) => {
    const ids = [];
    for (const box of boxes) ids.push(await deviceId(box.gatewayId));
    const res = await t.api('POST', ROLLOUT_PATH, { token: admin, body: { version_id: release, target: { type: 'devices', ids }, ...plan } });
    expect(res.json().code, res.body).toBe(200);
    return res.json().data as RolloutDetail;
  };
  const deviceId = async (gatewayId: string) => {
    const res = await t.api('GET', `/device/device?keywords=${gatewayId}`, { token: admin });
    return (res.json().data as { id: number; gateway_id: string }[]).find((d) => d.gateway_id === gatewayId)!.id;
  };
  const detail = async (id: number) => (await t.api('GET', `${ROLLOUT_PATH}/${id}`, { token: admin })).json().data as RolloutDetail;
  const act = async (id: number, action: string) => (await t.api('POST', `${ROLLOUT_PATH}/${id}/${action}`, { token: admin })).json();
  const states = (d: RolloutDetail) => Object.fromEntries(d.items.map((i) => [i.gateway_id, i.error ? `${i.state}: ${i.error}` : i.state]));
  /** Ticks the runner until `check` holds on the rollout's detail (10 s at most). */
  const driveUntil = async (id: number, check: (d: RolloutDetail) => boolean, what: string) => {
    for (let i = 0; i < 200; i++) {
      await otaOf(t.deps)!.runner.tick();
      const d = await detail(id);
      if (check(d)) return d;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`timed out waiting for ${what}: ${JSON.stringify(states(await detail(id)))}`);
  };

  beforeAll(async () => {
    t = await createTestApp({ services: ['mqtt'], env: { BOX_COMMAND_TIMEOUT_SECONDS: '1' } });
    admin = await t.login('admin', ADMIN_PASSWORD);
    t.deps.live.subscribe((e) => events.push(e));
    const goods = await t.api('POST', GOODS_PATH, { token: admin, body: { name: 'O 网关', code: 'O-G', price: '1' } });
    goodsId = goods.json().data.id as number;
    [{ id: release }] = await t.db
      .insert(firmwareVersion)
      .values({ version: '2.0.0', goods_ids: [goodsId], file_name: 'fw.bin', size: 1024, sha256: SHA, status: 'published' })
      .returning({ id: firmwareVersion.id });
  });
  afterAll(() => t.close());

  it('batches go in gateway id order, never more boxes busy than the concurrency; each box gets a signed link and the file facts', async () => {
    const boxes = await online(6, `O${++serial}`);
    const arrivals: string[] = [];
    for (const b of boxes) b.plan = () => (arrivals.push(b.gatewayId), { do: 'ok' });
    let busiest = 0;
    const watch = setInterval(() => (busiest = Math.max(busiest, boxes.filter((b) => b.busy).length)), 2);
    const r = await start(boxes, { batch_size: 3, concurrency: 2 });
    const done = await driveUntil(r.id, (d) => d.state === 'done', 'done');
    clearInterval(watch);
    expect(Object.values(states(done))).toEqual(Array(6).fill('done'));
    expect(busiest).toBeLessThanOrEqual(2);
    expect(busiest).toBeGreaterThan(0);
    // one order each; batch 1 (the first three gateway ids) before batch 2
    expect(boxes.map((b) => b.orders.length)).toEqual(Array(6).fill(1));
    expect(new Set(arrivals.slice(0, 3))).toEqual(new Set(boxes.slice(0, 3).map((b) => b.gatewayId)));
    expect(done.items.map((i) => [i.gateway_id, i.batch])).toEqual(boxes.map((b, i) => [b.gatewayId, i < 3 ? 1 : 2]));
    const [o] = boxes[0].orders;
    expect(o).toMatchObject({ rollout_id: r.id, version: '2.0.0', sha256: SHA, size: 1024 });
    expect(o.url).toMatch(new RegExp(`/custom/api/v1/system/version/${release}/download\\?gw=${boxes[0].gatewayId}&exp=\\d+&token=`));
    expect(boxes.every((b) => b.version === '2.0.0')).toBe(true);
    const rolloutEvents = events.filter((e) => e.type === 'rollout' && e.rollout_id === r.id);
    expect(rolloutEvents.some((e) => e.type === 'rollout' && e.device_id === null && e.state === 'done')).toBe(true);
    for (const b of boxes) await b.end();
  });

  it('batch 2 starts only when batch 1 is over', async () => {
    const boxes = await online(4, `O${++serial}`);
    let release1!: () => void;
    const hold = new Promise<void>((resolve) => (release1 = resolve));
    boxes[0].plan = () => ({ do: 'ok', hold });
    const r = await start(boxes, { batch_size: 2, concurrency: 10 });
    await driveUntil(r.id, (d) => d.items.find((i) => i.gateway_id === boxes[1].gatewayId)?.state === 'done', 'box 2 done');
    // box 1 still downloading: batch 2 waits
    for (let i = 0; i < 3; i++) await otaOf(t.deps)!.runner.tick();
    expect(boxes[2].orders.length + boxes[3].orders.length).toBe(0);
    expect((await detail(r.id)).batch).toBe(1);
    release1();
    const done = await driveUntil(r.id, (d) => d.state === 'done', 'done');
    expect(done.batch).toBe(2);
    for (const b of boxes) await b.end();
  });

  it('failures carry the box’s words; a batch failing past the threshold stops the rollout; retry sends the failed boxes again and it finishes', async () => {
    const boxes = await online(6, `O${++serial}`);
    const [busyBox, shaBox] = boxes;
    busyBox.plan = (_order, attempt) => (attempt === 1 ? { do: 'refuse', ret: 409, msg: '正在升级到 9.9.9, 请稍后再试' } : { do: 'ok' });
    shaBox.plan = (_order, attempt) => (attempt === 1 ? { do: 'fail', at: 'verifying', error: 'SHA-256 校验失败' } : { do: 'ok' });
    const r = await start(boxes, { batch_size: 3, concurrency: 3, stop_failure_percent: 20 });
    const stopped = await driveUntil(r.id, (d) => d.state === 'stopped', 'stopped');
    expect(stopped.stop_reason).toBe('第 1 批失败 2/3 (67%), 超过阈值 20%');
    expect(states(stopped)).toEqual({
      [boxes[0].gatewayId]: 'failed: 正在升级到 9.9.9, 请稍后再试',
      [boxes[1].gatewayId]: 'failed: SHA-256 校验失败',
      [boxes[2].gatewayId]: 'done',
      [boxes[3].gatewayId]: 'pending',
      [boxes[4].gatewayId]: 'pending',
      [boxes[5].gatewayId]: 'pending',
    });
    expect(boxes.slice(3).every((b) => b.orders.length === 0)).toBe(true);

    const retried = await act(r.id, 'retry');
    expect(retried.message).toBe('已重试 2 台失败的设备');
    const done = await driveUntil(r.id, (d) => d.state === 'done', 'done after retry');
    expect(Object.values(states(done))).toEqual(Array(6).fill('done'));
    expect(done.counts).toMatchObject({ done: 6, failed: 0 });
    expect(busyBox.orders.length).toBe(2);
    for (const b of boxes) await b.end();
  });

  it('a box back on its old version failed (rolled back); silence, no echo and staying offline each end the box’s turn with a reason', async () => {
    const boxes = await online(4, `O${++serial}`);
    const [rollback, silent, mute] = boxes;
    rollback.plan = () => ({ do: 'rollback' });
    silent.plan = () => ({ do: 'silent' });
    mute.plan = () => ({ do: 'mute' });
    const [offline] = await otaBoxes(t, admin, goodsId, [`O${serial}-off`], '1.0.0');
    const r = await start([...boxes, offline], { batch_size: 10, concurrency: 10, stop_failure_percent: 100 });
    let d = await driveUntil(
      r.id,
      (x) => x.items.find((i) => i.gateway_id === rollback.gatewayId)?.state === 'failed' && x.items.find((i) => i.gateway_id === boxes[3].gatewayId)?.state === 'done',
      'rollback failed',
    );
    expect(states(d)[rollback.gatewayId]).toBe('failed: 升级失败, 设备已回滚到 1.0.0');
    // no echo: one more try (the command may have been lost with a node), then 设备无响应
    t.clock.advance(3_000);
    d = await driveUntil(r.id, (x) => states(x)[mute.gatewayId] === 'failed: 设备无响应', 'no echo');
    expect(mute.orders.length).toBe(2);
    expect(states(d)[silent.gatewayId]).toBe('sending');
    expect(states(d)[offline.gatewayId]).toBe('pending');

    // half an hour later: the silent box timed out, the offline one is skipped, and the rollout is over
    t.clock.advance(31 * 60_000);
    d = await driveUntil(r.id, (x) => x.state === 'done', 'done');
    expect(states(d)).toMatchObject({ [silent.gatewayId]: 'failed: 升级超时', [offline.gatewayId]: 'skipped: 设备离线超时', [boxes[3].gatewayId]: 'done' });
    for (const b of boxes) await b.end();
  });

  it('pause holds new commands, resume goes on; cancel skips the boxes not started while a busy box still reports done', async () => {
    const boxes = await online(3, `O${++serial}`);
    let go!: () => void;
    const hold = new Promise<void>((resolve) => (go = resolve));
    boxes[0].plan = () => ({ do: 'ok', hold });
    const r = await start(boxes, { batch_size: 1, concurrency: 1 });
    await driveUntil(r.id, (d) => d.items[0].state === 'downloading', 'box 1 downloading');
    expect((await act(r.id, 'pause')).code).toBe(200);
    go();
    await driveUntil(r.id, (d) => d.items[0].state === 'done', 'box 1 done while paused');
    for (let i = 0; i < 3; i++) await otaOf(t.deps)!.runner.tick();
    expect(boxes[1].orders.length).toBe(0);

    let go2!: () => void;
    boxes[1].plan = () => ({ do: 'ok', hold: new Promise<void>((resolve) => (go2 = resolve)) });
    expect((await act(r.id, 'resume')).code).toBe(200);
    await driveUntil(r.id, (d) => d.items[1].state === 'downloading', 'box 2 downloading');
    expect((await act(r.id, 'cancel')).code).toBe(200);
    go2();
    const d = await driveUntil(r.id, (x) => x.items[1].state === 'done', 'box 2 done after the cancel');
    expect(d.state).toBe('cancelled');
    expect(states(d)[boxes[2].gatewayId]).toBe('skipped: 推送已取消');
    expect(boxes[2].orders.length).toBe(0);
    for (const b of boxes) await b.end();
  });

  it('malformed ota reports are counted and dropped', async () => {
    const [box] = await online(1, `O${++serial}`);
    const before = otaOf(t.deps)!.reports.malformed;
    await box.box!.client.publishAsync(boxTopic('ota', box.gatewayId), 'not json', { qos: 1 });
    await box.box!.client.publishAsync(boxTopic('ota', box.gatewayId), JSON.stringify({ rollout_id: 'x', state: 'done' }), { qos: 1 });
    expect(otaOf(t.deps)!.reports.malformed).toBe(before + 2);
    await box.end();
  });

  it('a busy box back on another connection gets its order again once it is quiet: one still at it goes on, one that lost its update starts over, one that does not answer is 设备无响应', async () => {
    const boxes = await online(3, `O${++serial}`);
    const [going, lost, dumb] = boxes;
    let go!: () => void;
    const hold = new Promise<void>((resolve) => (go = resolve));
    const forever = new Promise<void>(() => undefined);
    going.plan = () => ({ do: 'ok', hold });
    // the first update hangs until the box restarts; the order again goes through (lost) or is never answered (dumb)
    lost.plan = (_order, attempt) => (attempt === 1 ? { do: 'ok', hold: forever } : { do: 'ok' });
    dumb.plan = (_order, attempt) => (attempt === 1 ? { do: 'ok', hold: forever } : { do: 'mute' });
    const r = await start(boxes, { batch_size: 3, concurrency: 3, stop_failure_percent: 100 });
    await driveUntil(r.id, (d) => d.items.every((i) => i.state === 'downloading'), 'all downloading');

    // every connection drops; lost and dumb restart meanwhile and forget their update (a failure report went nowhere)
    going.dropped();
    lost.restarted();
    dumb.restarted();
    for (const b of boxes) await b.connect();
    // not at once: what a box had queued comes first, so a few passes change nothing
    for (let i = 0; i < 5; i++) await otaOf(t.deps)!.runner.tick();
    expect(boxes.map((b) => b.orders.length)).toEqual([1, 1, 1]);
    expect(Object.values(states(await detail(r.id)))).toEqual(['downloading', 'downloading', 'downloading']);

    t.clock.advance(6_000);
    await driveUntil(r.id, () => boxes.every((b) => b.orders.length === 2), 'the orders again');
    go();
    await driveUntil(r.id, (d) => states(d)[going.gatewayId] === 'done' && states(d)[lost.gatewayId] === 'done', 'two done');
    // the order again unanswered is a lost command: once more, then 设备无响应 — not 30 minutes of 下载中
    t.clock.advance(3_000);
    const done = await driveUntil(r.id, (d) => d.state === 'done', 'done');
    expect(Object.values(states(done))).toEqual(['done', 'done', 'failed: 设备无响应']);
    // one update each for the first two: the box still at it answered the order again with 升级进行中
    expect([going.starts, lost.starts]).toEqual([1, 2]);
    expect(boxes.map((b) => b.orders.length)).toEqual([2, 2, 3]);
    for (const b of boxes) await b.end();
  });

  it('a server restart in the middle of a rollout: the next server carries on', async () => {
    const boxes = await online(4, `O${++serial}`);
    let go!: () => void;
    const hold = new Promise<void>((resolve) => (go = resolve));
    for (const b of boxes) b.plan = () => ({ do: 'ok', hold });
    const r = await start(boxes, { batch_size: 2, concurrency: 2 });
    await driveUntil(r.id, (d) => d.items.filter((i) => i.state === 'downloading').length === 2, 'batch 1 downloading');

    const t2 = await restartTestApp(t);
    const first = t;
    t = t2;
    try {
      for (const b of boxes) b.dropped();
      for (const b of boxes) await b.connect(t2);
      go();
      const done = await driveUntil(r.id, (d) => d.state === 'done', 'done on the second server');
      expect(Object.values(states(done))).toEqual(Array(4).fill('done'));
      expect(boxes.map((b) => b.starts)).toEqual([1, 1, 1, 1]);
      for (const b of boxes) await b.end();
    } finally {
      await t2.close();
      t = first;
    }
  });
});
