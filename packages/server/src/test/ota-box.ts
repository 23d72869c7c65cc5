import { type BoxCommand, type BoxUpgrade, DEVICE_PATH, boxTopic } from '@gw/contracts';
import { buildApp } from '../app.js';
import { type FakeAnswer, type FakeBox, fakeBox } from './fake-box.js';
import { API, type TestApp } from './harness.js';

/**
 * How a fake box goes through one upgrade: all the way (`ok`, rebooting into the new version), refusing the
 * command, failing at a step with a reason, rebooting back into its old version (`rollback`), saying nothing after
 * its echo (`silent`), or not even echoing (`mute`). `hold` keeps it downloading until the promise settles.
 */
export type OtaPlan =
  | { do: 'ok'; hold?: Promise<void> }
  | { do: 'refuse'; ret: number; msg: string }
  | { do: 'fail'; at: 'downloading' | 'verifying' | 'installing'; error: string }
  | { do: 'rollback' }
  | { do: 'silent' }
  | { do: 'mute' };

/**
 * A box that updates its firmware as the platform asks (tests only), over a real MQTT connection: it announces its
 * version in a retained `state` when it connects, answers `POST /system/upgrade` and reports its steps on `ota`
 * as `plan` says. `reconnect` moves it to another server (a restart) and carries on an update under way.
 */
export class OtaBox {
  box: FakeBox | null = null;
  /** Every upgrade order it got, in order. */
  readonly orders: BoxUpgrade[] = [];
  /** Whether it is between an accepted order and its end (done, failed, rolled back). */
  busy = false;
  /** Updates it began (an order again while it runs one is answered 0 and changes nothing). */
  starts = 0;
  private current: BoxUpgrade | null = null;
  /** Bumped by a restart: an update of an earlier one stops at its next step. */
  private generation = 0;
  /** Words waiting for the box's next connection. */
  private waiting: (() => void)[] = [];

  constructor(
    public t: TestApp,
    readonly gatewayId: string,
    private readonly secret: string,
    public version: string,
    public plan: (order: BoxUpgrade, attempt: number) => OtaPlan = () => ({ do: 'ok' }),
  ) {}

  async connect(t: TestApp = this.t): Promise<void> {
    this.t = t;
    this.box = await fakeBox(t, this.gatewayId, this.secret, (command) => this.answer(command));
    await this.box.client.publishAsync(
      boxTopic('state', this.gatewayId),
      JSON.stringify({ online: true, ts: t.clock.now().getTime(), version: this.version }),
      { qos: 1, retain: true },
    );
    for (const wake of this.waiting.splice(0)) wake();
  }

  async end(): Promise<void> {
    await this.box?.end();
    this.box = null;
  }

  /** The server went away (its broker with it): the box's connection is gone; it comes back with `connect`. */
  dropped(): void {
    this.box?.client.end(true);
    this.box = null;
  }

  /** The box restarted while offline: its update under way is gone without a word; it comes back with `connect`. */
  restarted(): void {
    this.dropped();
    this.generation += 1;
    this.busy = false;
    this.current = null;
  }

  private answer(command: BoxCommand): FakeAnswer {
    const order = command.data as BoxUpgrade;
    this.orders.push(order);
    // the same order again while it runs (the platform lost track of it): the box goes on with the one it has
    const running = this.busy ? this.current : null;
    if (running?.rollout_id === order.rollout_id && running.version === order.version) return { ret: 0, msg: '升级进行中' };
    const plan = this.plan(order, this.orders.filter((o) => o.rollout_id === order.rollout_id).length);
    if (plan.do === 'mute') return null;
    if (plan.do === 'refuse') return { ret: plan.ret, msg: plan.msg };
    this.busy = true;
    this.current = order;
    this.starts += 1;
    setTimeout(() => void this.run(order, plan), 5);
    return { ret: 0, msg: '开始升级' };
  }

  /**
   * One word on `ota`, kept until the broker has it: a box whose server is away (or whose link dropped before the
   * acknowledgement) says it again on its next connection. A restart of the box itself forgets it.
   */
  private async report(rollout_id: number, ota: Record<string, unknown>, generation: number): Promise<void> {
    for (;;) {
      while (!this.box) await new Promise<void>((resolve) => this.waiting.push(resolve));
      if (generation !== this.generation) return;
      const box = this.box;
      try {
        return await box.client.publishAsync(boxTopic('ota', this.gatewayId), JSON.stringify({ rollout_id, ...ota }), { qos: 1 }).then(() => undefined);
      } catch (err) {
        if (this.box === box) throw err;
      }
    }
  }

  private async run(order: BoxUpgrade, plan: Exclude<OtaPlan, { do: 'mute' | 'refuse' }>): Promise<void> {
    if (plan.do === 'silent') return;
    const id = order.rollout_id;
    const failAt = plan.do === 'fail' ? plan.at : null;
    const generation = this.generation;
    for (const step of ['downloading', 'verifying', 'installing'] as const) {
      if (generation !== this.generation) return;
      if (failAt === step) {
        // not busy from the moment its last word is on the way: the server cannot have it final any sooner
        this.busy = false;
        return this.report(id, { state: 'failed', error: (plan as { error: string }).error }, generation);
      }
      await this.report(id, step === 'downloading' ? { state: step, progress: 50 } : { state: step }, generation);
      if (step === 'downloading' && plan.do === 'ok' && plan.hold) await plan.hold;
    }
    if (generation !== this.generation) return;
    this.busy = false;
    if (plan.do === 'rollback') return this.reboot(this.version);
    await this.reboot(order.version);
    await this.report(id, { state: 'done', progress: 100, version: order.version }, generation);
  }

  private async reboot(version: string): Promise<void> {
    await this.end();
    this.version = version;
    await this.connect();
  }
}

/** Boxes made through the API (in stock, of `goodsId`, on `version`), each an OtaBox not yet connected. */
export async function otaBoxes(t: TestApp, admin: string, goodsId: number, ids: string[], version: string): Promise<OtaBox[]> {
  const boxes: OtaBox[] = [];
  for (const gatewayId of ids) {
    const res = await t.api('POST', DEVICE_PATH, { token: admin, body: { gateway_id: gatewayId, name: gatewayId, goods_id: goodsId } });
    if (res.json().code !== 200) throw new Error(`create ${gatewayId}: ${res.body}`);
    boxes.push(new OtaBox(t, gatewayId, res.json().data.secret as string, version));
  }
  return boxes;
}

/**
 * The server restarted (tests only): `t`'s app closed — its broker and runner with it — and another built on the
 * same database, config and clock. Close the one returned before `t` (which then only drops the database).
 */
export async function restartTestApp(t: TestApp): Promise<TestApp> {
  await t.app.close();
  const { app, deps } = await buildApp({ config: t.config, db: t.db, clock: t.clock, logger: false });
  await app.ready();
  const api: TestApp['api'] = (method, url, opts = {}) =>
    app.inject({
      method,
      url: `${API}${url}`,
      headers: { ...(opts.token ? { token: opts.token } : {}), ...opts.headers },
      ...(opts.body !== undefined ? { payload: opts.body as never } : {}),
    });
  return { ...t, app, deps, api, close: () => app.close() };
}
