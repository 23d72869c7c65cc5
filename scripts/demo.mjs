#!/usr/bin/env node
// `npm run demo`: the whole platform with a live simulated fleet in one command. Builds what is missing, starts
// the built server on its embedded defaults (PGlite in data/demo, embedded MQTT broker, LOGIN_CAPTCHA=off so the
// fleet can be provisioned by script), and the first time makes a platform in use: factories in five provinces
// at real addresses, 50 boxes bought with a 进货单 and sold to them with 出货单, machine tools and licences (one
// running out within 7 days), tags, short links and one 客户-role user per factory (identities kept in
// data/demo/identities.json). Then it runs the simulated boxes, which first deliver through MQTT the 7 days of
// history they "kept" (states, parts, alarms, traffic), and rolls a firmware release out to one factory. Run as
// root it also shows remote access (demo-remote.mjs): a WireGuard hub in a network namespace, 5 boxes with a vpn
// licence and real tunnels, and a wg-quick file for an engineer's namespace; as a normal user it says so in one
// line and goes on. Ctrl-C takes the boxes offline, removes the namespaces and stops the server. A second run
// reuses everything and delivers no history twice.
//
//   npm run demo [-- --boxes 50] [--rate 0.5] [--port 9527] [--mqtt-port N] [--build]
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { freePort } from './built-server.mjs';
import { prepareRemoteAccess } from './demo-remote.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const { values: args } = parseArgs({
  options: {
    boxes: { type: 'string', default: '50' },
    rate: { type: 'string', default: '0.5' },
    port: { type: 'string', default: process.env.DEMO_PORT ?? '9527' },
    'mqtt-port': { type: 'string', default: process.env.DEMO_MQTT_PORT ?? '' },
    'data-dir': { type: 'string', default: path.join(root, 'data/demo') },
    build: { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (args.help) {
  console.log(`npm run demo -- [--boxes 50] [--rate 0.5 (条/秒/台)] [--port 9527] [--mqtt-port 空闲端口] [--data-dir data/demo] [--build (强制重新构建)]
演示数据在 data/demo;删除该目录即可从头开始。`);
  process.exit(0);
}

const dataDir = path.resolve(args['data-dir']);
const identities = path.join(dataDir, 'identities.json');
const stateFile = path.join(dataDir, 'demo.json');
const publicKeyFile = identities.replace(/\.json$/, '.public-key.pem');
mkdirSync(dataDir, { recursive: true });

const run = (label, cmd, cmdArgs) => {
  console.log(`[demo] ${label}: ${cmd} ${cmdArgs.join(' ')}`);
  // a production build whatever started the demo: under a test runner NODE_ENV is 'test', and Vite would build the
  // console in that mode, with React's and antd's development warnings in it
  const result = spawnSync(cmd, cmdArgs, { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  if (result.status !== 0) {
    console.error(`[demo] ${label} 失败 (${result.status})`);
    process.exit(1);
  }
};

// 1. build when a build is missing or older than the sources (or always with --build); the simulator's own
// build is incremental
const newest = (dir) =>
  readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .reduce((latest, e) => Math.max(latest, statSync(path.join(e.parentPath, e.name)).mtimeMs), 0);
// tsc -b rewrites only the files whose output changed, but always its build info: that says when it last built
const outputs = ['packages/server/tsconfig.build.tsbuildinfo', 'packages/web/dist/index.html'].map((f) => path.join(root, f));
const builtAt = outputs.every((f) => existsSync(f)) ? Math.min(...outputs.map((f) => statSync(f).mtimeMs)) : 0;
const sourcesAt = Math.max(...['contracts', 'server', 'web'].map((p) => newest(path.join(root, 'packages', p, 'src'))));
if (args.build || builtAt < sourcesAt) run(builtAt ? '源码已更新,重新构建 rebuild' : '构建 build', 'npm', ['run', 'build']);
const simulatorBuilt = path.join(root, 'packages/simulator/dist/cli.js');
const simulatorAt = existsSync(simulatorBuilt) ? statSync(simulatorBuilt).mtimeMs : 0;
if (args.build || simulatorAt < Math.max(sourcesAt, newest(path.join(root, 'packages/simulator/src'))))
  run('构建模拟器 build simulator', 'npx', ['tsc', '-b', 'packages/simulator/tsconfig.build.json']);

// 2. the demo's admin password: chosen once, kept beside the data (the server seeds it on the first start)
const state = existsSync(stateFile) ? JSON.parse(readFileSync(stateFile, 'utf8')) : {};
const saveState = () => writeFileSync(stateFile, `${JSON.stringify(state, null, 2)}\n`, { mode: 0o600 });
if (!state.admin_password) {
  state.admin_password = `Demo-${randomBytes(4).toString('hex')}`;
  saveState();
}

const portFree = (port) =>
  new Promise((resolve) => {
    const srv = createServer()
      .once('error', () => resolve(false))
      .listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });
let port = Number(args.port);
if (!(await portFree(port))) {
  const other = await freePort();
  console.log(`[demo] 端口 ${port} 已被占用,改用 ${other}`);
  port = other;
}
const mqttPort = Number(args['mqtt-port']) || (await freePort());

// remote access (root only): the hub's namespace and key before the server, which is told where the hub is
const say = (line) => console.log(`[demo] ${line}`);
let remote = null;
try {
  remote = await prepareRemoteAccess({ root, dataDir, state, saveState, say });
} catch (err) {
  say(`远程访问演示未能启动, 本次跳过: ${err.message}`);
}

// 3. the server, detached from the terminal so Ctrl-C reaches it only after the boxes went offline
const logFile = path.join(dataDir, 'server.log');
const log = createWriteStream(logFile, { flags: 'a' });
console.log(`[demo] 启动服务器 (数据 ${dataDir}, 日志 ${logFile})`);
console.log('[demo] !!! LOGIN_CAPTCHA=off: 演示服务器登录不需要验证码,以便脚本创建演示设备;切勿用于生产 !!!');
const server = spawn(process.execPath, [path.join(root, 'packages/server/dist/main.js')], {
  cwd: root,
  detached: true,
  stdio: ['ignore', 'pipe', 'pipe'],
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    PORT: String(port),
    HOST: process.env.HOST ?? '127.0.0.1',
    MQTT_PORT: String(mqttPort),
    LOGIN_CAPTCHA: 'off',
    ADMIN_PASSWORD: state.admin_password,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    ...(remote?.serverEnv ?? {}),
  },
});
server.stdout.pipe(log);
server.stderr.pipe(log);
let simulator = null;
const exited = (child) => (child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((r) => child.once('exit', r)));

let stopping = false;
async function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  console.log('\n[demo] 正在停止: 模拟网关下线,然后停止服务器…');
  if (simulator && simulator.exitCode === null) {
    simulator.kill('SIGINT');
    await Promise.race([exited(simulator), new Promise((r) => setTimeout(r, 10_000))]);
  }
  // the simulator removed its boxes' namespaces; the hub's and the engineer's go now
  if (remote) await remote.stop().catch((err) => console.error(`[demo] 清理网络命名空间失败: ${err.message}`));
  if (server.exitCode === null) {
    server.kill('SIGTERM');
    await Promise.race([exited(server), new Promise((r) => setTimeout(r, 15_000))]);
    if (server.exitCode === null) server.kill('SIGKILL');
  }
  process.exit(code);
}
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
server.on('exit', (code) => {
  if (!stopping) {
    console.error(`[demo] 服务器意外退出 (${code}),见 ${logFile}`);
    void stop(1);
  }
});

const url = `http://127.0.0.1:${port}`;
const began = Date.now();
for (;;) {
  try {
    if ((await fetch(`${url}/custom/api/healthz`)).ok) break;
  } catch {
    /* not listening yet */
  }
  if (Date.now() - began > 180_000) {
    console.error(`[demo] 服务器 180 秒内未就绪,见 ${logFile}`);
    await stop(1);
  }
  await new Promise((r) => setTimeout(r, 200));
}
console.log(`[demo] 服务器已就绪 (${((Date.now() - began) / 1000).toFixed(1)} s)`);
if (remote) await remote.startHub(port).catch((err) => say(`VPN 集线器未能启动: ${err.message}`));

// 4. the fleet: provisioned on the first run (through the API, as the vendor's staff would), then dressed as a
// platform in use; each step is recorded in demo.json, so a second run makes nothing twice
const sim = await import(pathToFileURL(path.join(root, 'packages/simulator/dist/index.js')).href);
const admin = { api: url, user: 'admin', password: state.admin_password };
let fleetIdentities;
try {
  if (!existsSync(identities)) {
    say(`首次运行: 创建 ${sim.DEMO_SITES.length} 个客户 (${sim.DEMO_SITES.map((s) => s.name).join('、')})、设备类型、${args.boxes} 台网关 (进货单入库, 出货单出货)、机床和授权…`);
    const made = await sim.provisionFleet({
      ...admin,
      boxes: Number(args.boxes),
      prefix: `DEMO-${randomBytes(2).toString('hex').toUpperCase()}`,
      customers: sim.DEMO_SITES,
      orders: true,
      log: say,
    });
    await sim.writeIdentities(identities, made.identities);
    writeFileSync(publicKeyFile, made.publicKeyPem);
    // a fleet of this script's own: its boxes kept 7 days of history to deliver (older demo data has its own past)
    state.fleet_at = Date.now();
    saveState();
  } else say(`复用 ${identities}`);
  fleetIdentities = await sim.readIdentities(identities);
  state.done = await sim.dressDemo({ ...admin, identities: fleetIdentities, done: state.done ?? {}, log: say });
  saveState();
} catch (err) {
  if (!stopping) {
    console.error(`[demo] 创建演示数据失败: ${err.message}`);
    await stop(1);
  }
}
if (stopping) await new Promise(() => {}); // Ctrl-C during the setup: stop() ends the process

// 5. the simulated boxes; a fleet that has not delivered its history yet does so first
const backfill = Boolean(state.fleet_at && !state.history_at);
const simArgs = [
  path.join(root, 'packages/simulator/dist/cli.js'),
  '--identities', identities,
  '--public-key', publicKeyFile,
  '--api', url,
  '--mqtt', `mqtt://127.0.0.1:${mqttPort}`,
  '--rate', args.rate,
  ...(backfill ? ['--backfill-days', '7'] : []),
  ...(remote?.simArgs ?? []),
];
simulator = spawn(process.execPath, simArgs, { cwd: root, detached: true, stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, GW_PASSWORD: state.admin_password } });
let [running, delivered, ready] = [false, !backfill, false];

/** Once the boxes run (and delivered their history): the firmware rollout the first time, then the banner. */
async function whenRunning() {
  if (ready || !running || !delivered) return;
  ready = true;
  if (backfill) {
    state.history_at = Date.now();
    saveState();
  }
  if (!state.done.rollout) {
    try {
      const rollout = await sim.demoRollout({ ...admin, identities: fleetIdentities, factory: sim.DEMO_SITES[1].name, log: say });
      state.done.rollout = rollout.id;
      saveState();
      // the updated boxes run the new release from now on, also after a restart of the demo
      const updated = new Set(rollout.updated);
      await sim.writeIdentities(identities, fleetIdentities.map((i) => (updated.has(i.gateway_id) ? { ...i, version: sim.DEMO_RELEASE } : i)));
      say(`固件推送 #${rollout.id} ${rollout.state === 'done' ? '已完成' : rollout.state}: ${updated.size} 台升级到 ${sim.DEMO_RELEASE}`);
    } catch (err) {
      say(`固件推送未完成: ${err.message}`);
    }
  }
  const remoteLines = remote ? await remote.engineer({ admin, identities: fleetIdentities }).catch((err) => [` 远程访问未完成: ${err.message}`]) : [];
  const users = (state.done.users ?? []).map((u) => `\n 客户用户 ${u.company.padEnd(4, '　')}  ${u.username} / ${u.password}`).join('');
  console.log(`
================================================================
 控制台 console:   ${url}/custom/
 管理员 admin:     admin / ${state.admin_password}${users}
 MQTT:             mqtt://127.0.0.1:${mqttPort}
 演示数据 data:    ${dataDir} (删除即可重来 / delete to start over)${remoteLines.map((line) => `\n${line}`).join('')}
 LOGIN_CAPTCHA=off (演示专用 demo only)      Ctrl-C 停止 / stop
================================================================`);
}

simulator.stdout.on('data', (chunk) => {
  process.stdout.write(chunk);
  const text = chunk.toString();
  if (/模拟 \d+ 台网关/.test(text)) running = true;
  if (/已补发历史/.test(text)) delivered = true;
  void whenRunning();
});
simulator.on('exit', (code) => {
  if (!stopping) {
    console.error(`[demo] 模拟器退出 (${code})`);
    void stop(code ?? 1);
  }
});
