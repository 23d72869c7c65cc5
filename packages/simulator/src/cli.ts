#!/usr/bin/env node
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { startFleet } from './fleet.js';
import { chinaMidnight } from './history.js';
import { readIdentities, writeIdentities } from './identity.js';
import { OTA_FAIL_STEPS } from './ota.js';
import { provisionFleet } from './provision.js';
import { underlayBlock } from './vpn/underlay.js';
import { startVpnLab, vpnProblem, type VpnLab } from './vpn/vpn-lab.js';

const HELP = `模拟网关 / simulated boxes — npm run simulate -- [选项 options]

  --identities FILE   身份文件 identity file (默认 simulator-identities.json): [{gateway_id, secret, machines:[{code, category}]}]
  --provision         先通过平台 API 创建网关、机床和授权并写入身份文件 (服务器须以 LOGIN_CAPTCHA=off 运行)
                      provision boxes, machine tools and licences through the API first (server with LOGIN_CAPTCHA=off)
  --provision-only    只创建,不运行 / provision, then exit
  --boxes N           网关数量 number of boxes (provision: 默认 10; 否则默认身份文件中全部)
  --rate R            每台网关每秒 data 消息数 data messages per second per box (默认 1, 可为小数 e.g. 0.2)
  --api URL           平台地址 platform URL (默认 http://127.0.0.1:9527)
  --mqtt URL          MQTT 地址 broker URL (默认 mqtt://127.0.0.1:1883; 也可 ws://host:port/custom/mqtt)
  --user NAME         登录用户 (默认 admin)     --password PASS  登录密码 (或环境变量 GW_PASSWORD)
  --prefix P          新网关ID前缀 gateway id prefix (默认 SIM-<随机>)
  --customers A,B,C   把网关分配给客户树: A 为集团, B、C 为其下属工厂 (ship the boxes to this customer tree)
  --public-key FILE   平台授权公钥 PEM (默认 <身份文件>.public-key.pem, --provision 时写入)
  --box-password P    网关本机管理密码 (POST /api/login, 默认 admin)
  --ota-fail-rate R   固件升级失败比例 share of boxes whose firmware updates fail (0–1, 默认 0; 按网关ID散列选定, 每个版本只失败第一次)
  --ota-fail-at STEP  失败环节 where they fail: download | verify | install | rollback (重启后回到旧版本) (默认 install)
  --backfill-days N   每台网关先补发它"离线期间缓存"的 N 天历史 (从 N 天前的零点起: 状态、产量、报警、流量), 再发实时数据
                      each box first delivers the history it kept for N days (from midnight N days ago), then live data
  --vpn               (root) 每台网关一条真实隧道: 平台下发 POST /api/vpn 后, 网关在自己的网络命名空间里建 WireGuard 接口,
                      背后的局域网命名空间里每台机床一个服务 (TCP 8193 回一行机床名, HTTP 80 一个页面); 退出时全部删除
                      a real tunnel per box in network namespaces of its own, with its machine tools on a LAN behind it;
                      网关保存下发的隧道配置 (<身份文件>.vpn.json), 重启后自行恢复 / boxes keep their tunnel across restarts
  --vpn-netns NAME    集线器端点所在的网络命名空间 (默认本机命名空间) the namespace where the hub's endpoint is reachable
  --vpn-underlay NET  网关底层链路网段, 每台一个 /30 (默认 198.19.0.0/16, 须在 198.18.0.0/15 内)
  --duration S        运行 S 秒后退出 run S seconds then exit (默认一直运行, Ctrl-C 退出)
  -h, --help          显示帮助`;

const OPTIONS = {
  identities: { type: 'string', default: 'simulator-identities.json' },
  provision: { type: 'boolean', default: false },
  'provision-only': { type: 'boolean', default: false },
  boxes: { type: 'string' },
  rate: { type: 'string', default: '1' },
  api: { type: 'string', default: 'http://127.0.0.1:9527' },
  mqtt: { type: 'string', default: 'mqtt://127.0.0.1:1883' },
  user: { type: 'string', default: 'admin' },
  password: { type: 'string', default: process.env.GW_PASSWORD ?? '' },
  prefix: { type: 'string' },
  customers: { type: 'string' },
  'public-key': { type: 'string' },
  'box-password': { type: 'string', default: 'admin' },
  duration: { type: 'string' },
  'backfill-days': { type: 'string' },
  'ota-fail-rate': { type: 'string', default: '0' },
  'ota-fail-at': { type: 'string', default: 'install' },
  vpn: { type: 'boolean', default: false },
  'vpn-netns': { type: 'string' },
  'vpn-underlay': { type: 'string', default: '198.19.0.0/16' },
  help: { type: 'boolean', short: 'h', default: false },
} as const;

function readArgs() {
  try {
    return parseArgs({ options: OPTIONS, strict: true }).values;
  } catch (err) {
    console.error(`${(err as Error).message}\n(npm run simulate -- --help 查看所有选项)`);
    process.exit(2);
  }
}
const args = readArgs();

/** The --vpn boxes' namespaces, removed on every way out. */
let vpnLab: VpnLab | null = null;

let failing = false;

function fail(message: string): never {
  if (!failing) {
    failing = true;
    console.error(message);
    if (vpnLab) void vpnLab.cleanup().finally(() => process.exit(1));
    else process.exit(1);
  }
  // the exit comes once the namespaces are gone; nothing of the run goes on meanwhile
  throw new Error(message);
}

const positive = (name: string, text: string | undefined): number | undefined => {
  if (text === undefined) return undefined;
  const n = Number(text);
  if (!(n > 0)) fail(`--${name} 应为正数: ${text}`);
  return n;
};

async function main(): Promise<void> {
  if (args.help) return void console.log(HELP);
  const boxes = positive('boxes', args.boxes);
  const rate = positive('rate', args.rate) ?? 1;
  const duration = positive('duration', args.duration);
  const backfillDays = positive('backfill-days', args['backfill-days']);
  if (backfillDays !== undefined && (!Number.isInteger(backfillDays) || backfillDays > 29)) fail(`--backfill-days 应为 1 到 29 的整数: ${args['backfill-days']}`);
  const failRate = Number(args['ota-fail-rate']);
  if (!(failRate >= 0 && failRate <= 1)) fail(`--ota-fail-rate 应在 0 到 1 之间: ${args['ota-fail-rate']}`);
  const failAt = OTA_FAIL_STEPS.find((step) => step === args['ota-fail-at']);
  if (!failAt) fail(`--ota-fail-at 应为 ${OTA_FAIL_STEPS.join(' | ')}: ${args['ota-fail-at']}`);
  const keyFile = args['public-key'] ?? `${args.identities.replace(/\.json$/, '')}.public-key.pem`;
  const underlay = underlayBlock(args['vpn-underlay']);
  if (typeof underlay === 'string') fail(underlay);
  if (args.vpn) {
    // checked before anything is made: without root no namespace can be, and the run says so in one line
    const problem = vpnProblem();
    if (problem) fail(problem);
  }

  if (args.provision || args['provision-only']) {
    if (!args.password) fail('--provision 需要 --password (或环境变量 GW_PASSWORD)');
    const { identities, publicKeyPem } = await provisionFleet({
      api: args.api,
      user: args.user,
      password: args.password,
      boxes: Math.floor(boxes ?? 10),
      prefix: args.prefix,
      customers: args.customers?.split(',').map((c) => c.trim()).filter(Boolean),
      log: (line) => console.log(line),
    });
    await writeIdentities(args.identities, identities);
    await writeFile(keyFile, publicKeyPem);
    console.log(`已写入身份文件 ${args.identities} (${identities.length} 台) 和平台公钥 ${keyFile}`);
    if (args['provision-only']) return;
  }

  const all = await readIdentities(args.identities);
  if (boxes !== undefined && boxes > all.length) fail(`身份文件只有 ${all.length} 台网关,少于 --boxes ${boxes}`);
  const identities = all.slice(0, boxes === undefined ? all.length : Math.floor(boxes));
  const publicKeyPem = existsSync(keyFile) ? await readFile(keyFile, 'utf8') : null;
  if (!publicKeyPem) console.warn(`未找到平台公钥 ${keyFile}: 网关将以 403 拒绝 POST /api/license`);

  const backfillFrom = backfillDays ? chinaMidnight(Date.now()) - backfillDays * 86_400_000 : null;
  if (args.vpn) {
    const keepFile = `${args.identities.replace(/\.json$/, '')}.vpn.json`;
    vpnLab = await startVpnLab({ uplinkNetns: args['vpn-netns'], underlay, keepFile, log: (line) => console.log(`[vpn] ${line}`) });
    console.log(`--vpn: 网关的命名空间以 ${vpnLab.lab.prefix}- 开头, 底层链路 ${args['vpn-underlay']} → ${args['vpn-netns'] ?? '本机命名空间'}`);
  }
  const tunnels = vpnLab?.tunnelFor;
  const began = Date.now();
  const fleet = startFleet({ identities, url: args.mqtt, rate, publicKeyPem, boxPassword: args['box-password'], ota: { failRate, failAt }, backfillFrom, tunnels });
  console.log(`模拟 ${identities.length} 台网关 → ${args.mqtt}, 每台 ${rate} 条/秒 (Ctrl-C 停止)`);
  if (backfillFrom !== null) {
    console.log(`补发 ${backfillDays} 天历史 (自 ${new Date(backfillFrom + 8 * 3_600_000).toISOString().slice(0, 10)} 零点起)…`);
    fleet.backfilled(30 * 60_000).then(
      () => {
        const s = fleet.stats;
        console.log(`已补发历史: ${s.backfilled} 台网关, ${s.backfillMessages} 条 data 消息 (${s.backfillReadings} 个读数), ${s.backfillTraffic} 条流量报告, 用时 ${((Date.now() - began) / 1000).toFixed(1)} 秒`);
      },
      (err: unknown) => console.error(`补发历史未完成: ${(err as Error).message}`),
    );
  }
  if (fleet.otaFailing.size) console.log(`${fleet.otaFailing.size} 台网关的固件升级将在 ${failAt} 环节失败`);
  let last = { at: Date.now(), acked: 0 };
  const report = setInterval(() => {
    const s = fleet.stats;
    const now = Date.now();
    const perSecond = ((s.acked - last.acked) * 1000) / (now - last.at);
    last = { at: now, acked: s.acked };
    const upgrades = s.upgradesStarted
      ? `  升级 ${s.upgradesStarted} 次 (成功 ${s.upgradesDone}, 失败 ${s.upgradesFailed}, 已下载 ${(s.downloadedBytes / 1048576).toFixed(1)} MB)`
      : '';
    console.log(
      `在线 ${s.connected}/${s.boxes}  已确认 ${s.acked} 条 (${perSecond.toFixed(1)}/s, ${s.points} 个数据点)  失败 ${s.failed}  命令 ${s.commands}  重连 ${s.reconnects}${upgrades}${s.lastError ? `  最近错误: ${s.lastError}` : ''}`,
    );
  }, 5000);

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    clearInterval(report);
    console.log('正在下线所有模拟网关…');
    await fleet.stop();
    if (vpnLab) {
      await vpnLab.cleanup();
      console.log('已删除所有网关的网络命名空间和隧道');
    }
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
  if (duration) setTimeout(() => void stop(), duration * 1000);
}

main().catch((err: unknown) => {
  try {
    fail(err instanceof Error ? err.message : String(err));
  } catch {
    // leaving: fail() exits once the namespaces are removed
  }
});
