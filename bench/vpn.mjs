// Remote access (the VPN hub) on this machine, entirely inside network namespaces the hub's own lab makes
// (packages/simulator/src/netns, the hub's tests' lab) and removes afterwards, also on Ctrl-C or a failure:
//   1. the hub core (vpn-hub/hub.ts) holding 1,000 boxes, 200 engineers' clients and 200 flows: its first full
//      apply (fail-closed start), a full reconcile with nothing changed, and ONE change (a flow, a peer) — beside
//      the same commands sent bare (nft, wg, ip with the rendered content, no validation, no reads, no diff);
//   2. a session opened → the first byte of a machine tool's TCP 8193 read by the engineer's client, through real
//      tunnels (client → hub → box → LAN), beside the first byte with the flow already in place;
//   3. a session ended → a streaming TCP connection cut, and a new connection left unanswered;
//   4. TCP throughput client → machine tool through the tunnels, beside a bare veth pair between two namespaces.
// The hub's sources run as they are (tsx); `npm run build` first (they import @gw/contracts from its dist).
// Needs root, iproute2, wireguard-tools, nftables and, without kernel WireGuard, wireguard-go: otherwise it says
// so in one line and exits 0.
//   node bench/vpn.mjs [--boxes 1000] [--clients 200] [--flows 200] [--reps 5] [--seconds 4]
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createInterface } from 'node:readline';
import { register } from 'tsx/esm/api';
import { arg, cpuSeconds } from './measure.mjs';
import { LAN_SERVICES, PROBE, SOURCE, STREAM } from './vpn-programs.mjs';

const BOXES = arg('boxes', 1000);
const CLIENTS = arg('clients', 200);
const FLOWS = arg('flows', 200);
const REPS = arg('reps', 5);
const SECONDS = arg('seconds', 4);
const PORT = 51820;
const MACHINE = '10.100.0.10';
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

if (process.getuid?.() !== 0) {
  console.log('bench/vpn.mjs: 需要 root (network namespaces, WireGuard, nftables) — skipped');
  process.exit(0);
}
if (!existsSync(fileURLToPath(new URL('../packages/contracts/dist/index.js', import.meta.url)))) {
  console.log('bench/vpn.mjs: run `npm run build` first (the hub imports @gw/contracts from its dist)');
  process.exit(1);
}
register();
const src = (file) => import(new URL(`../packages/server/src/vpn-hub/${file}`, import.meta.url).href);
const { hostProblem, kernelHasWireGuard } = await src('host.ts');
const problem = hostProblem();
if (problem) {
  console.log(`bench/vpn.mjs: skipped — ${problem.message}`);
  process.exit(0);
}
const [{ createHub }, { generateKeyPair }, { createLab, startTunnel }, { createRunner }, nft, wg, link, iface, { parseHubState }] = await Promise.all([
  src('hub.ts'),
  src('keys.ts'),
  import(new URL('../packages/simulator/src/netns/index.ts', import.meta.url).href),
  src('runner.ts'),
  src('nft.ts'),
  src('wg.ts'),
  src('link.ts'),
  src('interface.ts'),
  import('@gw/contracts'),
]);

// ---- figures -------------------------------------------------------------------------------------------------

const median = (list) => {
  const sorted = [...list].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const ms = (n) => (n === null || n === undefined || Number.isNaN(n) ? '—' : `${n < 10 ? n.toFixed(1) : Math.round(n).toLocaleString('en')} ms`);
const spread = (list) => (list.length === 1 ? ms(list[0]) : `${ms(median(list))} (max ${ms(Math.max(...list))})`);
async function timed(task) {
  const began = performance.now();
  const value = await task();
  return { ms: performance.now() - began, value };
}
const rows = [];
const row = (section, what, ours, bare, goal = '') => {
  rows.push({ section, what, ours, bare, goal });
  console.error(`  ${what}: ${ours}${bare ? ` | bare ${bare}` : ''}`);
};

// ---- the state: real keys, valid non-overlapping addresses ---------------------------------------------------

const host = (pool, n) => `${pool}.${n >> 8}.${n & 255}`;
const boxVpn = (i) => host('10.8', i + 2); // 10.8.0.1 is the hub
const machineNet = (i) => `10.${100 + (i >> 8)}.${i & 255}.0/24`; // 10.100.0.0/24 … 10.103.231.0/24
const clientAddress = (j) => host('10.9', j + 2);
const hubKeys = generateKeyPair();
const boxes = Array.from({ length: BOXES }, (_, i) => ({ id: `b${i}`, keys: generateKeyPair(), vpn: boxVpn(i), net: machineNet(i) }));
const clients = Array.from({ length: CLIENTS + REPS }, (_, j) => ({ id: `c${j}`, keys: generateKeyPair(), address: clientAddress(j) }));
// a session as the platform's feed writes it: the box's machine /24 and the box's own ports 80, 443
const flowTo = (clientIndex, boxIndex, id) => ({
  id,
  client: clients[clientIndex].address,
  to: [{ address: boxes[boxIndex].net }, { address: boxes[boxIndex].vpn, ports: [80, 443] }],
});
// box 0 and client 0 are real (namespaces, tunnels); the background flows leave them out
const background = Array.from({ length: FLOWS }, (_, k) => flowTo(1 + (k % (CLIENTS - 1)), 1 + (k % (BOXES - 1)), `s${k}`));
const sessionFlow = flowTo(0, 0, 'session');
let interfaceName = '';
const stateOf = ({ flows = [], extraClients = 0 } = {}) => ({
  interface: { name: interfaceName, private_key: hubKeys.privateKey, listen_port: PORT, address: '10.8.0.1/16' },
  boxes: boxes.map((b) => ({ id: b.id, public_key: b.keys.publicKey, vpn_ip: `${b.vpn}/32`, machine_net: b.net })),
  clients: clients.slice(0, CLIENTS + extraClients).map((c) => ({ id: c.id, public_key: c.keys.publicKey, address: `${c.address}/32` })),
  flows: [...background, ...flows],
});

// ---- the lab, removed on every way out -----------------------------------------------------------------------

const lab = await createLab('gwb', { log: (line) => process.stderr.write(`[netns] ${line}\n`), runner: createRunner });
const children = new Set();
let stopping = false;
async function stop(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill('SIGKILL');
  await lab.cleanup();
  process.exit(code);
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => void stop(130));

/** A program in a namespace, its JSON lines read as they come: `next(match, timeoutMs)` waits for one. */
function program(ns, script, args) {
  const child = ns.spawn([process.execPath, '-e', script, ...args.map(String)]);
  children.add(child);
  child.on('exit', () => children.delete(child));
  const heard = [];
  const waiters = new Set();
  createInterface({ input: child.stdout }).on('line', (line) => {
    heard.push(JSON.parse(line));
    for (const wake of waiters) wake();
  });
  let errors = '';
  child.stderr.setEncoding('utf8').on('data', (text) => (errors += text));
  const next = (match, timeoutMs) =>
    new Promise((resolve, reject) => {
      const check = () => {
        const found = heard.find(match);
        if (!found) return false;
        waiters.delete(check);
        clearTimeout(timer);
        resolve(found);
        return true;
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`no answer from a program in ${ns.name} within ${timeoutMs} ms ${errors.trim()}`));
      }, timeoutMs);
      if (!check()) waiters.add(check);
    });
  return { child, heard, next, kill: () => child.kill('SIGKILL') };
}

async function eventually(check, timeoutMs, what) {
  for (const end = Date.now() + timeoutMs; ; await sleep(50)) {
    const value = await check();
    if (value) return value;
    if (Date.now() > end) throw new Error(`${what}: timed out after ${timeoutMs} ms`);
  }
}

try {
  const kernel = kernelHasWireGuard();
  const load = (await import('node:os')).loadavg().map((n) => n.toFixed(1)).join(' ');
  console.error(`namespaces ${lab.prefix}-*; WireGuard: ${kernel ? 'the kernel’s' : 'wireguard-go (userspace; no kernel module)'}; load average ${load}`);
  const hubNs = await lab.namespace('hub');
  const [boxNs, lanNs, clientNs, bareNs] = await Promise.all(['box', 'lan', 'client', 'bare'].map((short) => lab.namespace(short)));
  await lab.link(hubNs, '198.18.1.1/30', boxNs, '198.18.1.2/30');
  await lab.link(hubNs, '198.18.2.1/30', clientNs, '198.18.2.2/30');
  await lab.link(boxNs, '10.100.0.1/24', lanNs, `${MACHINE}/24`);
  await lanNs.run(['ip', 'route', 'add', 'default', 'via', '10.100.0.1']);
  await boxNs.run(['sysctl', '-q', '-w', 'net.ipv4.ip_forward=1']);
  interfaceName = lab.interfaceName('hub');
  const hubLog = [];
  const hub = createHub({ run: hubNs.run, log: (line) => hubLog.push(line) });

  // ---- 1. the hub at 1,000 boxes ----
  const section1 = `1. hub: ${BOXES.toLocaleString('en')} boxes, ${CLIENTS} clients, ${FLOWS} flows`;
  console.error(section1);
  const full = stateOf();
  const validation = [];
  for (let i = 0; i < 3; i++) validation.push((await timed(async () => parseHubState(full))).ms);
  const start = await timed(() => hub.start(full));
  const reconciles = [];
  for (let i = 0; i < 3; i++) reconciles.push((await timed(() => hub.reconcile())).ms);

  // bare: the same content as bare commands, in a namespace of its own (no validation, no reads, no diffs)
  const bareName = lab.interfaceName('bare');
  const rendered = { ...full, interface: { ...full.interface, name: bareName } };
  const peers = wg.peersOf(rendered);
  const routes = link.routesOf(rendered, peers);
  const bareApply = async () => {
    await bareNs.run(['nft', '-f', '-'], { input: nft.tableScript(bareName, nft.allowedElements(rendered)) });
    await iface.ensureInterface(bareNs.run, bareName, () => {});
    await iface.setKeyAndPort(bareNs.run, bareName, hubKeys.privateKey, PORT);
    await bareNs.run(wg.peerChanges(bareName, new Map(), peers));
    await bareNs.run(['ip', 'addr', 'replace', '10.8.0.1/16', 'dev', bareName]);
    await bareNs.run(['ip', 'link', 'set', 'dev', bareName, 'up']);
    await bareNs.run(['ip', '-batch', '-'], { input: `${link.routeChanges(bareName, [], routes).join('\n')}\n` });
  };
  const bareStart = await timed(bareApply);
  const bareAgain = [];
  for (let i = 0; i < 3; i++) bareAgain.push((await timed(bareApply)).ms);
  row(section1, 'first full apply (fail-closed start, interface made)', ms(start.ms), ms(bareStart.ms));
  row(section1, 'full reconcile, nothing changed', spread(reconciles), `${spread(bareAgain)} (everything sent again)`);
  row(section1, 'validation of the state (parseHubState), in every apply', spread(validation), '');

  const flowAdds = [];
  const flowRemoves = [];
  const peerAdds = [];
  const peerRemoves = [];
  const bareFlow = [];
  const barePeer = [];
  for (let r = 0; r < REPS; r++) {
    // one flow: a client of the background to a box no flow names yet
    const extra = flowTo(1 + r, BOXES - 1 - r, `x${r}`);
    flowAdds.push((await timed(() => hub.apply(stateOf({ flows: [extra] })))).ms);
    const element = `${extra.client} . ${extra.to[0].address}`;
    await hubNs.run(['nft', 'get', 'element', 'inet', 'gw_hub', 'pairs', `{ ${element} }`]); // in force, or this throws
    flowRemoves.push((await timed(() => hub.apply(stateOf()))).ms);
    bareFlow.push((await timed(() => bareNs.run(['nft', 'add', 'element', 'inet', 'gw_hub', 'pairs', `{ ${element} }`]))).ms);
    await bareNs.run(['nft', 'delete', 'element', 'inet', 'gw_hub', 'pairs', `{ ${element} }`]);
    // one peer: a new engineer's client
    const client = clients[CLIENTS + r];
    peerAdds.push((await timed(() => hub.apply(stateOf({ extraClients: r + 1 })))).ms);
    const listed = (await hubNs.run(['wg', 'show', interfaceName, 'allowed-ips'])).stdout;
    if (!listed.includes(`${client.keys.publicKey}\t${client.address}/32`)) throw new Error(`peer ${client.id} not on the interface after apply`);
    await hubNs.run(['ip', 'route', 'get', client.address]);
    peerRemoves.push((await timed(() => hub.apply(stateOf({ extraClients: r })))).ms);
    barePeer.push(
      (
        await timed(async () => {
          await bareNs.run(['wg', 'set', bareName, 'peer', client.keys.publicKey, 'allowed-ips', `${client.address}/32`]);
          await bareNs.run(['ip', 'route', 'replace', client.address, 'dev', bareName]);
        })
      ).ms,
    );
    await bareNs.run(['wg', 'set', bareName, 'peer', client.keys.publicKey, 'remove']);
    await bareNs.run(['ip', 'route', 'del', client.address, 'dev', bareName]);
  }
  // the last peer added stays: put the hub back at the base state for what follows
  await hub.apply(stateOf());
  const goal1 = (list) => (Math.max(...list) <= 1000 ? '≤ 1 s: met' : '≤ 1 s: MISSED');
  row(section1, `one flow added (${REPS}×)`, spread(flowAdds), `${spread(bareFlow)} (nft add element)`, goal1(flowAdds));
  row(section1, 'one flow removed', spread(flowRemoves), '', goal1(flowRemoves));
  row(section1, `one peer added (${REPS}×)`, spread(peerAdds), `${spread(barePeer)} (wg set peer + ip route)`, goal1(peerAdds));
  row(section1, 'one peer removed', spread(peerRemoves), '', goal1(peerRemoves));

  // ---- the real tunnels: box 0 and client 0 of that same hub ----
  const toHub = (underlay, allowedIps) => ({ publicKey: hubKeys.publicKey, endpoint: `${underlay}:${PORT}`, allowedIps });
  const boxIps = ['10.8.0.0/16', '10.9.0.0/16'];
  const clientIps = ['10.8.0.0/16', '10.100.0.0/14'];
  await startTunnel(boxNs, { interfaceName: lab.interfaceName('box'), privateKey: boxes[0].keys.privateKey, address: `${boxes[0].vpn}/32`, peer: toHub('198.18.1.1', boxIps), routes: boxIps });
  await startTunnel(clientNs, { interfaceName: lab.interfaceName('client'), privateKey: clients[0].keys.privateKey, address: `${clients[0].address}/32`, peer: toHub('198.18.2.1', clientIps), routes: clientIps });
  const lan = program(lanNs, LAN_SERVICES, ['cnc-1']);
  await lan.next((m) => m.ready, 15_000);
  const real = [boxes[0].keys.publicKey, clients[0].keys.publicKey];
  await eventually(async () => (await hub.status()).peers.filter((p) => real.includes(p.publicKey) && p.latestHandshake).length === 2, 15_000, 'box and client shake hands with the hub');

  /** A prober in the client's namespace: resolves its first byte's time (null if none within giveUp). */
  const probe = async (giveUp) => {
    const p = program(clientNs, PROBE, [MACHINE, 8193, 20, giveUp]);
    const { started } = await p.next((m) => m.started, 10_000);
    return { started, answer: p.next((m) => 'at' in m, giveUp + 5000).then((m) => m.at) };
  };

  // ---- 2. session opened → first byte ----
  const section2 = '2. session opened → first byte (client → hub → box → machine TCP 8193)';
  console.error(section2);
  const opened = [];
  const openApply = [];
  const inPlace = [];
  for (let r = 0; r < REPS; r++) {
    const { answer } = await probe(5000);
    await sleep(100); // the prober's first SYNs are dropped: the rule is what is timed, not its start
    const t0 = Date.now();
    openApply.push((await timed(() => hub.apply(stateOf({ flows: [sessionFlow] })))).ms);
    const at = await answer;
    if (at === null) throw new Error('no first byte within 5 s of the flow being added');
    opened.push(at - t0);
    // bare: the same connection with the flow already in place (the path's own round trips)
    const again = await probe(3000);
    inPlace.push((await again.answer) - again.started);
    await hub.apply(stateOf());
    await sleep(200);
  }
  const goal2 = (list) => (Math.max(...list) <= 2000 ? '≤ 2 s: met' : '≤ 2 s: MISSED');
  row(section2, `apply called → first byte read (${REPS}×)`, spread(opened), `${spread(inPlace)} (flow already there: connect → first byte)`, goal2(opened));
  row(section2, 'of which the hub’s apply', spread(openApply), '');

  // ---- 3. session ended → traffic cut ----
  const section3 = '3. session ended → traffic cut (a TCP stream of a line every 5 ms)';
  console.error(section3);
  const cuts = [];
  const closeApply = [];
  let refused = 0;
  const CUT_REPS = Math.min(REPS, 3);
  for (let r = 0; r < CUT_REPS; r++) {
    await hub.apply(stateOf({ flows: [sessionFlow] }));
    const stream = program(clientNs, STREAM, [MACHINE, 8193]);
    await eventually(() => stream.heard.length >= 10, 5000, 'the stream flows');
    const t0 = Date.now();
    closeApply.push((await timed(() => hub.apply(stateOf()))).ms);
    const fresh = await probe(1500);
    await sleep(t0 + 2500 - Date.now());
    const last = stream.heard.at(-1).at;
    if (stream.heard.some((m) => m.at > t0 + 2000)) throw new Error('bytes still arriving 2 s after the flow was removed');
    cuts.push(Math.max(0, last - t0));
    if ((await fresh.answer) === null) refused++;
    stream.kill();
  }
  row(section3, `flow removed → last byte received (${CUT_REPS}×)`, spread(cuts), '', goal2(cuts));
  row(section3, 'of which the hub’s apply', spread(closeApply), '');
  row(section3, 'a new connection after removal', `${refused}/${CUT_REPS} got no answer (dropped; 1.5 s timeout)`, '', refused === CUT_REPS ? 'met' : 'MISSED');

  // ---- 4. throughput ----
  const kind = kernel ? 'kernel WireGuard' : 'wireguard-go, userspace';
  const section4 = `4. TCP throughput, ${SECONDS} s each (${kind}: client → hub → box, two tunnels; 3 encryptions a packet)`;
  console.error(section4);
  const [bareA, bareB] = await Promise.all(['vetha', 'vethb'].map((short) => lab.namespace(short)));
  await lab.link(bareA, '198.18.9.1/30', bareB, '198.18.9.2/30');
  const bareSink = program(bareB, LAN_SERVICES, ['bare']);
  await bareSink.next((m) => m.ready, 15_000);
  await hub.apply(stateOf({ flows: [sessionFlow] }));
  const hubSink = program(hubNs, LAN_SERVICES, ['hub']);
  await hubSink.next((m) => m.ready, 15_000);
  // CPU seconds of this run's wireguard-go processes (userspace: every packet costs them CPU)
  const wireguardGoCpu = () =>
    readdirSync('/proc')
      .filter((pid) => /^\d+$/.test(pid))
      .filter((pid) => {
        try {
          return readFileSync(`/proc/${pid}/cmdline`, 'utf8').startsWith(`wireguard-go\0${lab.prefix}`);
        } catch {
          return false;
        }
      })
      .reduce((total, pid) => total + (cpuSeconds(Number(pid)) || 0), 0);
  const send = async (ns, target) => {
    const result = await program(ns, SOURCE, [target, 5001, SECONDS]).next((m) => 'ms' in m || 'error' in m, SECONDS * 1000 + 30_000);
    if (result.error || result.received !== result.sent) throw new Error(`transfer to ${target}: ${JSON.stringify(result)}`);
    return result.received / 1e6 / (result.ms / 1000);
  };
  const tunnel = [];
  const oneTunnel = [];
  const bare = [];
  let cpu = 0;
  let wall = 0;
  for (let r = 0; r < 2; r++) {
    const before = [wireguardGoCpu(), performance.now()];
    tunnel.push(await send(clientNs, MACHINE));
    cpu += wireguardGoCpu() - before[0];
    wall += (performance.now() - before[1]) / 1000;
    oneTunnel.push(await send(clientNs, '10.8.0.1'));
    bare.push(await send(bareA, '198.18.9.2'));
  }
  const mbs = (list) => `${list.map((n) => n.toFixed(1)).join(', ')} MB/s`;
  const avg = (list) => list.reduce((a, b) => a + b, 0) / list.length;
  row(section4, 'client → machine tool through the tunnels', mbs(tunnel), `${mbs(bare)} (bare veth pair)`, `ratio ${(avg(tunnel) / avg(bare)).toFixed(3)}`);
  row(section4, 'client → the hub’s own address (one tunnel, not forwarded)', mbs(oneTunnel), `${mbs(bare)} (bare veth pair)`, `ratio ${(avg(oneTunnel) / avg(bare)).toFixed(3)}`);
  row(section4, 'wireguard-go CPU during the two-tunnel transfers', `${(cpu / wall).toFixed(2)} cores busy`, '', '');

  // ---- the table ----
  console.log(`Remote access on this machine (${(await import('node:os')).cpus().length} cores, load average ${load} at the start); WireGuard: ${kernel ? 'the kernel’s' : 'wireguard-go (userspace)'}`);
  for (const section of [...new Set(rows.map((r) => r.section))]) {
    console.log(`\n${section}`);
    console.log(`  ${'what'.padEnd(56)} ${'hub / tunnel'.padEnd(26)} ${'bare'.padEnd(48)} goal`);
    for (const r of rows.filter((entry) => entry.section === section)) console.log(`  ${r.what.padEnd(56)} ${r.ours.padEnd(26)} ${r.bare.padEnd(48)} ${r.goal}`);
  }
  if (hubLog.length) console.log(`\nthe hub said: ${[...new Set(hubLog)].join(' | ')}`);
  await stop(0);
} catch (error) {
  // after Ctrl-C the lab's cleanup kills commands under way: their failure is not news
  if (!stopping) console.error(error instanceof Error ? error.stack : error);
  await stop(1);
}
