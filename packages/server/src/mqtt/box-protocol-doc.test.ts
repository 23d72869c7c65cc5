import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  BOX_API,
  boxVpnConfigSchema,
  wgKeyError,
  BOX_PUBLISH_KINDS,
  BRAND_TABLES,
  CNC_VALUES,
  DEVICE_PATH,
  MACHINE_PATH,
  MACHINE_TOOL_CATEGORIES,
  type MachineRealtime,
  TRAFFIC_PATH,
  boxCommandSchema,
  boxEchoSchema,
  boxInfoSchema,
  boxOtaSchema,
  boxStateSchema,
  boxTrafficSchema,
  boxUpgradeSchema,
  cncValueFault,
  licenseClaimsSchema,
  parseBoxTopic,
  telemetryMessageSchema,
} from '@gw/contracts';
import { ADMIN_PASSWORD, type TestApp, createTestApp } from '../test/harness.js';

/**
 * docs/box-protocol.md is what a box maker builds from, so it is held to the code: its JSON examples are read with
 * the server's schemas, its tables against the contracts' value and brand tables, and its mosquitto examples are
 * run against the embedded broker, each call checked for topic, flags and payload and each effect seen through
 * the API.
 */
const DOC = fileURLToPath(new URL('../../../../docs/box-protocol.md', import.meta.url));
const page = readFileSync(DOC, 'utf8');

/** The page's fenced blocks: the info string (`json data`) and the text. */
const fences = [...page.matchAll(/^```([^\n]*)\n([\s\S]*?)^```$/gm)].map((m) => ({ info: m[1].trim(), body: m[2] }));

/** What each tagged JSON example is: ```json <tag>. */
const SCHEMAS: Record<string, z.ZodType> = {
  data: telemetryMessageSchema,
  state: boxStateSchema,
  command: boxCommandSchema,
  echo: boxEchoSchema,
  traffic: boxTrafficSchema,
  ota: boxOtaSchema,
  info: boxInfoSchema,
  upgrade: boxUpgradeSchema,
  claims: licenseClaimsSchema,
};
/** The schema of what a box publishes on each kind of topic. */
const PUBLISHED: Record<string, z.ZodType> = { data: telemetryMessageSchema, state: boxStateSchema, echo: boxEchoSchema, traffic: boxTrafficSchema, ota: boxOtaSchema };

/** Faults of a data payload's values: names the contracts do not know, values outside their domain. */
function valueFaults(items: z.infer<typeof telemetryMessageSchema>): string[] {
  return items.flatMap((item) =>
    item.values.flatMap(({ name, value }) => {
      const fault = cncValueFault(name, value ?? null);
      return [...(name in CNC_VALUES ? [] : [`unknown name ${name}`]), ...(fault ? [`${name}: ${fault.text}`] : [])];
    }),
  );
}

/** The cells of the table rows of `section` (from its heading to the next) whose first cell is code; no cell holds a `|`. */
function rows(section: string): string[][] {
  const start = page.indexOf(section);
  expect(start, `section ${section}`).toBeGreaterThanOrEqual(0);
  const rest = page.slice(start + section.length);
  const end = rest.search(/\n(#{2,3} |\*\*[A-Z])/);
  return (end < 0 ? rest : rest.slice(0, end))
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .map((line) =>
      line
        .slice(1, -1)
        .split('|')
        .map((cell) => cell.trim()),
    );
}

describe('docs/box-protocol.md against the code', () => {
  it('every JSON example is tagged with what it is and passes the server’s schema; telemetry examples hold known values in their domains', () => {
    const json = fences.filter((f) => f.info.split(' ')[0] === 'json');
    expect(json.length).toBeGreaterThan(10);
    for (const { info, body } of json) {
      const tag = info.split(' ')[1] ?? '';
      expect(Object.keys(SCHEMAS), `a \`\`\`json block tagged "${tag}"`).toContain(tag);
      const parsed = SCHEMAS[tag].safeParse(JSON.parse(body));
      expect(parsed.error?.issues ?? [], `${tag}: ${body}`).toEqual([]);
      // the state's key is read on its own (a malformed one is ignored): an example's must be a real key
      if (tag === 'state' && 'wg_public_key' in (parsed.data as object)) expect(wgKeyError((parsed.data as { wg_public_key: unknown }).wg_public_key, '公钥')).toBeNull();
      if (tag === 'data') expect(valueFaults(parsed.data as z.infer<typeof telemetryMessageSchema>)).toEqual([]);
      if (tag === 'command') {
        const command = parsed.data as z.infer<typeof boxCommandSchema>;
        expect(Object.values(BOX_API)).toContain(command.url);
        if (command.url === BOX_API.upgrade) expect(boxUpgradeSchema.safeParse(command.data).error?.issues ?? []).toEqual([]);
        if (command.url === BOX_API.vpn && command.method === 'POST') expect(boxVpnConfigSchema.safeParse(command.data).error?.issues ?? []).toEqual([]);
        if (command.url === BOX_API.license && command.method === 'POST') {
          // the pushed certificate carries the page's example claims
          const [header, claims] = (command.data as { license: string }).license.split('.').slice(0, 2).map((part) => JSON.parse(Buffer.from(part, 'base64url').toString()) as unknown);
          expect(header).toEqual({ alg: 'EdDSA', typ: 'JWT' });
          expect(claims).toEqual(JSON.parse(json.find((f) => f.info === 'json claims')!.body));
        }
      }
    }
  });

  it('its topic table names every topic, and its command table every API the platform calls', () => {
    const topics = rows('## 1. Topics').map((cells) => cells[0]);
    expect(topics.sort()).toEqual([...BOX_PUBLISH_KINDS, 'control'].map((kind) => `\`${kind}/<gw>/v1\``).sort());
    const commands = rows('### What the platform sends').map((cells) => cells[0]);
    for (const url of Object.values(BOX_API)) expect(commands.some((c) => c.endsWith(` ${url}\``)), url).toBe(true);
  });

  it('its value table lists every value the console knows, with its title and unit', () => {
    const table = new Map(rows('### Values').map(([name, title, , unit]) => [name.replaceAll('`', ''), { title, unit }]));
    expect([...table.keys()].sort()).toEqual(Object.keys(CNC_VALUES).sort());
    for (const [name, info] of Object.entries(CNC_VALUES)) {
      expect(table.get(name), name).toEqual({ title: info.title, unit: 'unit' in info ? info.unit : '' });
    }
  });

  it('its brand tables are the contracts’ codes, and it names every brand without one', () => {
    const titles: Record<string, string> = { fanuc: '**FANUC**', mitsubishi: '**Mitsubishi**', siemens_cnc: '**Siemens**' };
    expect(Object.keys(BRAND_TABLES).sort()).toEqual(Object.keys(titles).sort());
    for (const [brand, tables] of Object.entries(BRAND_TABLES)) {
      const expected = [
        ...tables!.runStatus.map((c) => ['`cnc_runstatus`', String(c.code), `\`${c.name}\``, c.title, c.running ? 'running' : '']),
        ...tables!.emergency.map((c) => ['`cnc_emer`', String(c.code), `\`${c.name}\``, c.title, c.emergency ? 'emergency' : '']),
        ...tables!.mode.map((c) => ['`cnc_mode`', String(c.code), `\`${c.name}\``, c.title, '']),
      ];
      expect(rows(`${titles[brand]} (\`${brand}\``), brand).toEqual(expected);
    }
    const others = MACHINE_TOOL_CATEGORIES.map(([code]) => code).filter((code) => !(code in BRAND_TABLES));
    const named = page.match(/Brands without a table \(([^)]*)\)/)?.[1] ?? '';
    expect(named.split(/,\s+/).map((b) => b.replaceAll('`', ''))).toEqual(others);
  });
});

/** Where the real mosquitto clients are, or why the examples cannot run here. */
function mosquittoClients(): { dir: string } | { missing: string } {
  const found = spawnSync('sh', ['-c', 'command -v mosquitto_pub && command -v mosquitto_sub'], { encoding: 'utf8' });
  const [pub, sub] = found.stdout.trim().split('\n');
  if (found.status === 0 && pub && sub && path.dirname(pub) === path.dirname(sub)) return { dir: path.dirname(pub) };
  return { missing: 'the mosquitto examples need mosquitto_pub and mosquitto_sub: apt-get install mosquitto-clients' };
}
const clients = mosquittoClients();
// on CI a missing package is a broken machine, not a reason to skip
if ('missing' in clients && process.env.CI) throw new Error(clients.missing);
if ('missing' in clients) console.warn(`skipped: ${clients.missing}`);

/** One call of mosquitto_pub or mosquitto_sub an example made, as the shell expanded it. */
interface Call {
  tool: string;
  args: string[];
}
const VALUED = new Set(['-h', '-p', '-i', '-u', '-P', '-t', '-m', '-q', '-V', '-C', '-W', '--will-topic', '--will-payload', '--will-qos']);
const FLAGS = new Set(['-r', '--will-retain']);

/** A call's options; an option this test does not know fails it (the page must stay within what is checked). */
function optionsOf(call: Call): Map<string, string> {
  const options = new Map<string, string>();
  for (let i = 0; i < call.args.length; i++) {
    const arg = call.args[i];
    if (FLAGS.has(arg)) options.set(arg, 'yes');
    else if (VALUED.has(arg)) options.set(arg, call.args[++i]);
    else throw new Error(`${call.tool}: an option the page should not need: ${arg}`);
  }
  return options;
}

describe.skipIf('missing' in clients)('docs/box-protocol.md: the mosquitto examples, run against the embedded broker', () => {
  const gw = 'DOC-GW-1';
  let t: TestApp;
  let admin: string;
  let deviceId: number;
  let machineId: number;
  let secret: string;
  let dir: string;
  const env = () => ({ HOST: '127.0.0.1', PORT: String(t.deps.broker!.port), GW: gw, SECRET: secret });

  beforeAll(async () => {
    t = await createTestApp({ services: ['mqtt'] });
    admin = await t.login('admin', ADMIN_PASSWORD);
    const box = await t.api('POST', DEVICE_PATH, { token: admin, body: { gateway_id: gw, name: gw } });
    ({ id: deviceId, secret } = box.json().data as { id: number; secret: string });
    // not enabled: a machine tool the box reports needs no licence to be stored
    const machine = await t.api('POST', MACHINE_PATH, { token: admin, body: { device_id: deviceId, code: 'M1', category: 'fanuc', enabled: false } });
    expect(machine.json().code, machine.body).toBe(200);
    machineId = machine.json().data.id as number;
    // the real clients behind recorders that note each call as the shell expanded it
    dir = mkdtempSync(path.join(tmpdir(), 'gw-doc-'));
    for (const tool of ['mosquitto_pub', 'mosquitto_sub']) {
      const recorder = `#!${process.execPath}
const { appendFileSync } = require('node:fs');
const { spawnSync } = require('node:child_process');
appendFileSync(process.env.RECORD, JSON.stringify({ tool: ${JSON.stringify(tool)}, args: process.argv.slice(2) }) + '\\n');
process.exit(spawnSync(${JSON.stringify(path.join((clients as { dir: string }).dir, tool))}, process.argv.slice(2), { stdio: 'inherit' }).status ?? 1);
`;
      writeFileSync(path.join(dir, tool), recorder, { mode: 0o755 });
    }
  });
  afterAll(async () => {
    await t?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** Runs one example in bash with the page's variables set; its exit code, output and the calls it made. */
  const run = (body: string, record: string) =>
    new Promise<{ code: number | null; output: string; calls: Call[] }>((resolve) => {
      writeFileSync(record, '');
      const child = spawn('bash', ['-euo', 'pipefail', '-c', body], { env: { ...process.env, ...env(), PATH: `${dir}:${process.env.PATH}`, RECORD: record } });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.on('exit', (code) => {
        const calls = readFileSync(record, 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line) as Call);
        resolve({ code, output, calls });
      });
    });

  /** What is wrong with a call against the protocol: identity, MQTT version, topic, QoS, retain, will, payload. */
  function faults(call: Call, refused: string | null): string[] {
    const o = optionsOf(call);
    const wrong: string[] = [];
    const want = (option: string, value: string | undefined) => o.get(option) !== value && wrong.push(`${option} ${o.get(option)} (want ${value})`);
    const { HOST, PORT, GW, SECRET } = env();
    want('-V', 'mqttv311');
    want('-h', HOST);
    want('-p', PORT);
    want('-i', GW);
    want('-u', GW);
    want('-P', SECRET);
    const topic = parseBoxTopic(o.get('-t') ?? '');
    if (!topic || topic.gatewayId !== GW) return [...wrong, `topic ${o.get('-t')}`];
    if (call.tool === 'mosquitto_sub') {
      if (topic.kind !== 'control') wrong.push(`a box subscribes only to control, not ${topic.kind}`);
      want('-q', '1');
      want('--will-topic', `state/${GW}/v1`);
      want('--will-qos', '1');
      want('--will-retain', 'yes');
      const will = boxStateSchema.safeParse(JSON.parse(o.get('--will-payload') ?? 'null'));
      if (!will.success || will.data.online || !will.data.conn) wrong.push(`will ${o.get('--will-payload')}`);
      return wrong;
    }
    if (topic.kind === 'control') return [...wrong, 'a box does not publish on control'];
    want('-r', topic.kind === 'state' ? 'yes' : undefined);
    if (topic.kind !== 'traffic') want('-q', '1');
    const payload = PUBLISHED[topic.kind].safeParse(JSON.parse(o.get('-m') ?? 'null'));
    if (!payload.success) return [...wrong, `${topic.kind} payload: ${JSON.stringify(payload.error.issues)}`];
    if (topic.kind === 'data') {
      const values = valueFaults(payload.data as z.infer<typeof telemetryMessageSchema>);
      // the example of a refused value refuses exactly the value it names
      if (refused) expect(values.map((v) => v.split(':')[0])).toEqual([refused]);
      else wrong.push(...values);
    }
    return wrong;
  }

  // one scenario: every example of the page runs as its own shell and MQTT processes, one after another (each a
  // second or two, more on a busy machine), so it has the time of all of them, not of one test
  it('each example runs, each call is the protocol, and what it did shows in the console’s API', async () => {
    const shell = fences.filter((f) => f.info === 'sh');
    const identity = shell.find((f) => !f.body.includes('mosquitto_'));
    for (const name of ['HOST', 'PORT', 'GW', 'SECRET']) expect(identity?.body, `the page sets ${name}`).toMatch(new RegExp(`^${name}=`, 'm'));
    const examples = shell.filter((f) => f.body.includes('mosquitto_'));
    expect(examples.length).toBeGreaterThanOrEqual(6);
    const api = (url: string) => t.api('GET', url, { token: admin });
    let refreshed: { code: number; data: { fingerprint: string } } | null = null;

    for (const [i, { body }] of examples.entries()) {
      const waiting = run(body, path.join(dir, `calls-${i}.jsonl`));
      if (body.includes('mosquitto_sub')) {
        // the example waits for a command: click 刷新 as a user would, once the box shows online, and again while
        // no answer came (on a busy machine a click can land after the connection but before its subscription,
        // and that command reaches nobody) — until the example has taken one and answered it
        let exited = false;
        void waiting.then(() => (exited = true));
        for (let click = 0; click < 5 && !exited && refreshed?.code !== 200; click++) {
          for (let tries = 0; tries < 300 && !(await api(`${DEVICE_PATH}/${deviceId}`)).json().data.online; tries++) await new Promise((r) => setTimeout(r, 50));
          refreshed = (await t.api('POST', `${DEVICE_PATH}/${deviceId}/refresh`, { token: admin })).json();
        }
      }
      const { code, output, calls } = await waiting;
      expect(code, `example ${i + 1}:\n${body}\n${output}`).toBe(0);
      expect(calls.length, `example ${i + 1} calls mosquitto`).toBeGreaterThan(0);
      const refused = body.match(/^# refused: (\S+)/m)?.[1] ?? null;
      for (const call of calls) expect(faults(call, refused), `example ${i + 1}: ${call.tool} ${call.args.join(' ')}`).toEqual([]);
    }

    expect(refreshed).toMatchObject({ code: 200, data: { fingerprint: 'FP-DEMO-0001' } });
    const device = async () => (await api(`${DEVICE_PATH}/${deviceId}`)).json().data as { firmware_version: string; fingerprint: string; rejected_reason?: string };
    expect(await device()).toMatchObject({ firmware_version: '1.0.0', fingerprint: 'FP-DEMO-0001' });
    const poll = async <T>(read: () => Promise<T>, done: (value: T) => boolean) => {
      for (let tries = 0; tries < 100; tries++) {
        const value = await read();
        if (done(value)) return value;
        await new Promise((r) => setTimeout(r, 50));
      }
      return read();
    };
    const realtime = await poll(async () => (await api(`${MACHINE_PATH}/${machineId}/realtime`)).json().data as MachineRealtime, (r) => r.values.cnc_products !== undefined);
    expect(realtime.values).toMatchObject({ cnc_runstatus: 3, cnc_products: 1287 });
    const traffic = await poll(
      async () => ((await api(TRAFFIC_PATH)).json().data as { gateway_id: string; up_bytes: number; down_bytes: number }[]).find((r) => r.gateway_id === gw),
      (r) => Boolean(r?.up_bytes),
    );
    expect(traffic).toMatchObject({ up_bytes: 918222, down_bytes: 52340 });
    // 数据格式错误 in the box's drawer names the refused value
    const refusal = await poll(device, (d) => Boolean(d.rejected_reason));
    expect(refusal.rejected_reason).toContain('cnc_products = -1');
  }, 120_000);
});
