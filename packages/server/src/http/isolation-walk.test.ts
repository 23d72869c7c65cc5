import mqtt from 'mqtt';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_PATH, type ExportJob, type LiveEvent, boxTopic } from '@gw/contracts';
import { rawRows } from '../db/raw.js';
import { liveChannelOf } from '../live/channel.js';
import { API, type TestApp, createTestApp } from '../test/harness.js';
import { operationsOf, sampleOf } from '../test/hostile.js';
import { liveTab } from '../test/live.js';
import { line } from '../test/order.js';
import { MARK, type Trees, twoTrees } from '../test/trees.js';
import { sheetRows } from '../test/xlsx.js';

type Doc = Parameters<typeof operationsOf>[0];
type Op = ReturnType<typeof operationsOf>[number];

/**
 * The operations of a logged-in user's own account and session: no id of anyone else's in them, and calling them
 * as B (log out, switch role, change the password) would end the walk's own session.
 */
const OWN_ACCOUNT = /^\/user\//;

/**
 * Rows no customer owns: the vendor's catalogue, stock, firmware, settings and roles. A customer's id never
 * names one, so there is no foreign id to try on them (whether a customer's role may hold these menus at all is
 * the vendor's choice; the permission walk checks the bits).
 */
const VENDOR_ROWS = ['/manager/goods', '/manager/buy_order', '/device/traffic/plan', '/system/role', '/system/config', '/system/version', '/system/rollout', '/system/box_flasher', '/system/mp_reply'];

/** Values of the fields whose format a generic sample gets wrong, so that writes reach their handlers. */
const validOf = (w: Trees): Record<string, unknown> => ({
  date: '2026-11-23',
  order_date: '2026-11-23',
  color: '#1677ff',
  url: '/api/config',
  method: 'GET',
  nbf: '2026-01-01T00:00:00.000Z',
  exp: '2099-01-01T00:00:00.000Z',
  shifts: null,
  lines: [line(w.goods, ['BETA-NEW'])],
});

/** A list's 导出 (not the export jobs' own resource, /manager/export). */
const isExport = (op: Op) => op.method === 'POST' && op.path.endsWith('/export');

/** A search that finds A's rows by name. */
const SEARCH = MARK.slice(0, -1);

/** Which of tree A's rows a path id of each resource names (the longest prefix wins). */
const pathIdOf = (a: Trees['a']): Record<string, number> => ({
  '/manager/custom': a.child,
  '/system/admin_user': a.user,
  '/device/device': a.box,
  '/device/machine': a.machine,
  '/device/traffic': a.box,
  '/manager/tag': a.tag,
  '/manager/device_flow': a.flow,
  '/system/license': a.licence,
  '/manager/sell_order': a.sellOrder,
  '/manager/export': a.exportJob,
  '/device/debug_session': a.debugSession,
  '/system/debug_client': a.debugClient,
  '/system/remote_session': a.remoteSession,
  '/system/wechat_notice': a.notice,
  '/system/short_url': a.shortUrl,
  '/system/log': a.operationLog,
  '/system/login_log': a.loginLog,
});

/** Which of tree A's rows a body or query field of this name names; `ids`/`id` take the resource's own. */
const fieldIdOf = (a: Trees['a'], field: string, own: number | undefined): number | undefined =>
  ({
    id: own,
    ids: own,
    customer_id: a.child,
    parent_id: a.customer,
    device_id: a.box,
    device_ids: a.box,
    machine_id: a.machine,
    machine_tool_id: a.machine,
    tag_id: a.tag,
    tag_ids: a.tag,
    user_id: a.user,
    client_id: a.debugClient,
  })[field];

/** Tree A's rows, table by table, as the database holds them: read before and after the walk. */
function snapshotQueries(a: Trees['a']): Record<string, string> {
  const companies = `(${a.customer}, ${a.child})`;
  const boxes = `(${a.box}, ${a.childBox})`;
  return {
    customer: `select * from customer where id in ${companies} or parent_id in ${companies}`,
    admin_user: `select * from admin_user where customer_id in ${companies} or id = ${a.user}`,
    session: `select id, user_id, revoked_at from session where user_id = ${a.user}`,
    device: `select * from device where id in ${boxes} or customer_id in ${companies}`,
    device_tag: `select * from device_tag where customer_id in ${companies} or id = ${a.tag}`,
    device_tag_link: `select * from device_tag_link where device_id in ${boxes} or tag_id = ${a.tag}`,
    machine_tool: `select * from machine_tool where device_id in ${boxes} or id = ${a.machine}`,
    machine_plan: `select * from machine_plan where machine_tool_id = ${a.machine}`,
    machine_scrap: `select * from machine_scrap where machine_tool_id = ${a.machine}`,
    device_flow: `select * from device_flow where device_id in ${boxes} or to_customer_id in ${companies} or from_customer_id in ${companies}`,
    license: `select * from license where device_id in ${boxes} or id = ${a.licence}`,
    sell_order: `select * from sell_order where customer_id in ${companies}`,
    sell_order_line: `select * from sell_order_line where order_id = ${a.sellOrder}`,
    export_job: `select id, user_id, customer_id, resource, filters from export_job where customer_id in ${companies} or user_id = ${a.user}`,
    debug_session: `select * from debug_session where customer_id in ${companies}`,
    debug_client: `select * from debug_client where customer_id in ${companies}`,
    remote_session: `select * from remote_session where customer_id in ${companies}`,
    wechat_notice: `select * from wechat_notice where user_id = ${a.user}`,
    short_url: `select * from short_url where device_id in ${boxes}`,
    traffic_plan_box: `select * from traffic_plan_box where device_id in ${boxes}`,
    box_grant: `select * from box_grant where device_id in ${boxes}`,
  };
}

/**
 * Isolation on every operation of the OpenAPI document: a user of tree B holding every bit of every menu names
 * tree A's rows by their real ids — in the path, in the body (`id`, `ids`, `*_id`) and in the query — on reads,
 * writes, deletes, bulk operations, actions and exports. Nothing of A comes back (no response and no exported
 * file holds A's names) and nothing of A changes (A's rows read straight from the database before and after).
 * Then the live channel and the MQTT broker: B's tab hears nothing of A's boxes, and A's box can neither read
 * nor write B's topics (nor B's box A's).
 */
describe('isolation of two customer trees on every route', () => {
  let t: TestApp;
  let w: Trees;
  let ops: Op[];

  beforeAll(async () => {
    t = await createTestApp({ services: ['mqtt', 'live', 'jobs'] });
    w = await twoTrees(t);
    ops = operationsOf(t.app.swagger() as unknown as Doc, API);
    // two trees made through the API: on a loaded 2-core machine more than the default minute
  }, 120_000);
  afterAll(() => t.close());

  const snapshot = async () => {
    const out: Record<string, unknown> = {};
    for (const [table, query] of Object.entries(snapshotQueries(w.a))) out[table] = await rawRows(t.db, { text: `${query} order by 1`, params: [] });
    return JSON.parse(JSON.stringify(out)) as Record<string, unknown[]>;
  };

  /** The export job an export answered, once it has run; its file's rows. */
  const exportedRows = async (job: ExportJob): Promise<unknown[][]> => {
    let done = job;
    for (let i = 0; i < 500 && done.state !== 'done' && done.state !== 'failed'; i++) {
      await new Promise((r) => setTimeout(r, 20));
      done = (await t.api('GET', `${EXPORT_PATH}/${job.id}`, { token: w.tokenB })).json<{ data: ExportJob }>().data;
    }
    expect(done.state, `export ${job.resource}`).toBe('done');
    const file = await t.api('GET', `${EXPORT_PATH}/${job.id}/download`, { token: w.tokenB });
    return sheetRows(file.rawPayload);
  };

  it('answers B about A as about nothing, on every operation, and changes none of A', async () => {
    const before = await snapshot();
    expect(before.device).toHaveLength(2);
    expect(before.export_job).toHaveLength(1);
    const pathIds = pathIdOf(w.a);
    const ownOf = (path: string) => {
      const prefix = Object.keys(pathIds)
        .filter((p) => path === p || path.startsWith(`${p}/`))
        .sort((x, y) => y.length - x.length)[0];
      return prefix === undefined ? undefined : pathIds[prefix];
    };
    const valid = validOf(w);
    const isVendor = (path: string) => VENDOR_ROWS.some((p) => path === p || path.startsWith(`${p}/`));

    const leaks: string[] = [];
    const answered: string[] = [];
    const unmapped: string[] = [];
    const counts = { operations: 0, requests: 0, pathId: 0, bodyId: 0, queryId: 0, exports: 0, exportedRows: 0, vendor: 0, ownAccount: 0, notReached: [] as string[] };

    const send = async (op: Op, what: string, url: string, body?: unknown) => {
      const res = await t.app.inject({
        method: op.method as 'GET',
        url,
        headers: { token: w.tokenB, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
        ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
      });
      counts.requests++;
      const where = `${op.method} ${op.path.slice(API.length)} ${what}`;
      const text = res.body;
      if (text.toUpperCase().includes(MARK)) leaks.push(`${where}: ${res.statusCode} ${text.slice(0, 300)}`);
      let envelope: { code?: number; data?: unknown } = {};
      try {
        envelope = JSON.parse(text) as typeof envelope;
      } catch {
        /* a file or a page: only the MARK check applies */
      }
      if (envelope.code === 401 && res.statusCode === 200) throw new Error(`${where}: B's session ended — the walk cannot go on`);
      // an export that started: its file must not hold A's rows either
      const job = envelope.data as ExportJob | undefined;
      if (envelope.code === 200 && isExport(op) && job && typeof job === 'object' && 'state' in job) {
        const rows = await exportedRows(job);
        counts.exports++;
        counts.exportedRows += rows.length - 1;
        if (rows.some((r) => JSON.stringify(r).toUpperCase().includes(MARK))) leaks.push(`${where}: the exported file holds A's rows`);
      }
      return { res, envelope, where };
    };

    for (const op of ops) {
      const path = op.path.slice(API.length);
      counts.operations++;
      if (OWN_ACCOUNT.test(path)) {
        counts.ownAccount++;
        continue;
      }
      const pathParams = (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name);
      const own = ownOf(path.replace(/\/\{\w+\}.*$/, ''));
      if (pathParams.length && isVendor(path)) {
        counts.vendor++;
        continue;
      }
      if (pathParams.length && own === undefined) {
        unmapped.push(`${op.method} ${path}`);
        continue;
      }
      const url = op.path.replace(/\{\w+\}/g, String(own));

      // the body a client would send, with every id-bearing field naming A's row; when the whole sample does not
      // validate, only its required fields (a write must reach the handler's scope check, not stop at the schema)
      const schema = op.requestBody?.content['application/json']?.schema;
      const bodies: Record<string, unknown>[] = [];
      let bodyIds = 0;
      if (schema) {
        const full = { ...(sampleOf(schema) as Record<string, unknown>), ...valid };
        const required = new Set(schema.required ?? []);
        for (const [field, fieldSchema] of Object.entries(schema.properties ?? {})) {
          const id = fieldIdOf(w.a, field, own);
          if (id === undefined) continue;
          full[field] = fieldSchema.type === 'array' ? [id] : id;
          required.add(field);
          bodyIds++;
        }
        // A's names start so (an export echoes its filters: the MARK itself would read as a leak)
        if (full.filters !== undefined || isExport(op)) full.filters = { customer_id: w.a.child, keywords: SEARCH };
        for (const field of Object.keys(full)) if (!(field in (schema.properties ?? {}))) delete full[field];
        bodies.push(full, Object.fromEntries(Object.entries(full).filter(([k]) => required.has(k))));
        // B's own whole export: it must hold B's rows and none of A's
        if (isExport(op)) bodies.push({});
      }
      let res: Awaited<ReturnType<typeof send>>['res'] | undefined;
      let envelope: Awaited<ReturnType<typeof send>>['envelope'] = {};
      let where = '';
      if (op.method === 'GET' || !bodies.length) ({ res, envelope, where } = await send(op, 'with A ids', url, op.method === 'GET' ? undefined : {}));
      for (const [i, body] of bodies.entries()) {
        if (i === 1 && res?.statusCode !== 400) continue;
        ({ res, envelope, where } = await send(op, i ? (i === 1 ? 'with A ids, required fields only' : 'without filters') : 'with A ids', url, body));
      }
      if (res?.statusCode === 400 && !isVendor(path) && (pathParams.length || bodyIds)) counts.notReached.push(`${where}: ${res.body.slice(0, 120)}`);
      if (pathParams.length) {
        counts.pathId++;
        // a read or a write of A's row by its path id: answered as a missing row, never done
        if (envelope.code === 200 || (res?.statusCode === 200 && envelope.code === undefined)) answered.push(`${where}: ${res?.statusCode} ${res?.body.slice(0, 200)}`);
      } else if (bodyIds) counts.bodyId++;

      // lists and reads with A's ids (and A's name) as query filters
      const query = (op.parameters ?? []).filter((p) => p.in === 'query');
      for (const p of query) {
        const id = fieldIdOf(w.a, p.name, own);
        const value = id ?? (p.name === 'keywords' ? SEARCH : undefined);
        if (value === undefined) continue;
        counts.queryId++;
        await send(op, `?${p.name}=${value}`, `${url}?${p.name}=${encodeURIComponent(value)}`);
      }
    }

    console.info(
      `isolation walk: ${counts.operations} operations (${counts.ownAccount} own account, ${counts.vendor} with vendor rows' ids), ${counts.requests} requests as B: ` +
        `${counts.pathId} with A's path id, ${counts.bodyId} with A's ids in the body, ${counts.queryId} with A's ids or name as a filter, ` +
        `${counts.exports} exports (${counts.exportedRows} rows); ${counts.notReached.length} answered 400 (the body did not validate): ${counts.notReached.join('; ')}`,
    );
    expect(unmapped, 'operations with a path id of a resource this walk has no row of A for').toEqual([]);
    expect(leaks).toEqual([]);
    expect(answered).toEqual([]);
    expect(await snapshot()).toEqual(before);
    // the walk reached the handlers: every write with A's ids got past the schema, and B's own exports hold B's rows
    expect(counts.notReached).toEqual([]);
    expect(counts.exports).toBeGreaterThan(10);
    expect(counts.exportedRows).toBeGreaterThan(10);
  });

  it("keeps A's boxes out of B's live tab, while A's own tab hears them", async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `ws://127.0.0.1:${(t.app.server.address() as { port: number }).port}/custom/api/v1/live`;
    const channel = liveChannelOf(t.deps)!;
    const tabA = await liveTab(url, w.tokenA);
    const tabB = await liveTab(url, w.tokenB);
    // B asks for A's boxes' realtime values by their ids, as a console tab would for its own
    tabB.send({ watch: [w.a.box, w.a.childBox] });
    tabA.send({ watch: [w.a.box, w.a.childBox] });
    await expect.poll(() => [...channel.tabs].filter((tab) => tab.socket.readyState === WebSocket.OPEN).length).toBeGreaterThanOrEqual(2);
    await new Promise((r) => setTimeout(r, 100));

    // a real box of A online and away, then every kind of event about A's boxes, A's user and a rollout of A's box
    const box = await mqtt.connectAsync(`mqtt://127.0.0.1:${t.deps.broker!.port}`, { clientId: w.gateways.a, username: w.gateways.a, password: w.secrets[w.gateways.a], reconnectPeriod: 0 });
    await expect.poll(() => tabA.events.some((e) => e.type === 'presence' && e.device_id === w.a.box && e.online)).toBe(true);
    await box.endAsync();
    const at = new Date().toISOString();
    const ofA = { customer_id: w.a.child, device_id: w.a.childBox, machine_id: w.a.machine };
    const events: LiveEvent[] = [
      { type: 'machine_state', ...ofA, state: 'running', at },
      { type: 'alarm', ...ofA, alarm_no: '1', alarm_msg: `${MARK} 报警`, active: true, at },
      { type: 'realtime', ...ofA, ts: at, values: { speed: 1 } },
      { type: 'realtime', customer_id: w.a.customer, device_id: w.a.box, machine_id: w.a.machine, ts: at, values: { speed: 2 } },
      { type: 'job', user_id: w.a.user, job_id: w.a.exportJob, status: 'running', progress: 50 },
      { type: 'debug', user_id: w.a.user, session_id: w.a.debugSession, command_id: 1, ret: 0, msg: MARK },
    ];
    for (const e of events) t.deps.live.publish(e);
    // a rollout moving A's box: the vendor's staff only, neither customer
    t.deps.live.publish({ type: 'rollout', rollout_id: 1, device_id: w.a.box, state: 'running', at });
    // a marker of B's own: B's tab has had everything published before it
    t.deps.live.publish({ type: 'presence', customer_id: w.b.customer, device_id: w.b.box, gateway_id: w.gateways.b, online: true, at });
    await expect.poll(() => tabB.events.some((e) => e.type === 'presence' && e.device_id === w.b.box)).toBe(true);
    await expect.poll(() => tabA.events.length).toBeGreaterThanOrEqual(2 + events.length);

    const aBoxes = new Set([w.a.box, w.a.childBox]);
    const ofTreeA = (e: LiveEvent) =>
      ('customer_id' in e && [w.a.customer, w.a.child].includes(e.customer_id)) ||
      ('user_id' in e && e.user_id === w.a.user) ||
      ('device_id' in e && e.device_id !== null && aBoxes.has(e.device_id)) ||
      JSON.stringify(e).toUpperCase().includes(MARK);
    expect(tabB.events.filter(ofTreeA)).toEqual([]);
    expect(tabB.events).toHaveLength(1);
    tabA.socket.close();
    tabB.socket.close();
  });

  it("lets neither tree's box read or write the other's topics on the broker", async () => {
    const port = t.deps.broker!.port;
    const seen: string[] = [];
    t.deps.broker!.aedes.subscribe('+/+/v1', (packet, cb) => {
      seen.push(packet.topic);
      cb();
    }, () => {});
    for (const [mine, theirs] of [
      [w.gateways.a, w.gateways.b],
      [w.gateways.b, w.gateways.a],
    ]) {
      const box = await mqtt.connectAsync(`mqtt://127.0.0.1:${port}`, { clientId: mine, username: mine, password: w.secrets[mine], reconnectPeriod: 0, connectTimeout: 5000 });
      // mqtt.js turns a SUBACK holding 128 into an error that carries the packet
      const refused = await box.subscribeAsync([boxTopic('control', theirs), `+/${theirs}/v1`, 'control/+/v1', '#']).then(
        () => null,
        (e: { packet?: { granted?: number[] } }) => e.packet?.granted,
      );
      expect(refused, `${mine} subscribing to ${theirs}`).toEqual([128, 128, 128, 128]);
      for (const kind of ['data', 'state', 'echo', 'traffic', 'ota'] as const) {
        const other = await mqtt.connectAsync(`mqtt://127.0.0.1:${port}`, { clientId: mine, username: mine, password: w.secrets[mine], reconnectPeriod: 0, connectTimeout: 5000 });
        const closed = new Promise<void>((r) => other.once('close', () => r()));
        other.publish(boxTopic(kind, theirs), '{}', { qos: 1 });
        await closed;
        await other.endAsync(true);
      }
      expect(seen.filter((topic) => topic.includes(theirs)), `${mine} publishing as ${theirs}`).toEqual([]);
      await box.endAsync(true);
    }
  });
});
