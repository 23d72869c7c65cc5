// The demo's remote access (root only): a WireGuard hub in a network namespace of its own, run as the real
// `vpn-hub` process following the demo's server, the simulated boxes' tunnels dialling it from namespaces of
// their own, and an engineer's namespace that a printed wg-quick file brings onto the VPN. Every namespace,
// interface and process is made in a lab of network namespaces (tag `gwd`, the simulator's boxes `gws`) and
// removed when the demo stops; a demo that died without cleaning up is cleaned by the next lab made on this
// machine. The machine's own namespace gets one veth end, 198.18.0.1, on which the demo forwards the hub's API
// calls to the server (which listens on 127.0.0.1 only).
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** The hub's namespace: its end of the machine's veth is the endpoint boxes and engineers dial. */
const ROOT_END = '198.18.0.1';
const HUB_END = '198.18.0.2';
const HUB_PORT = 51820;
const ENDPOINT = `${HUB_END}:${HUB_PORT}`;
/** The engineer's PC, linked to the hub's namespace as if across the internet. */
const ENGINEER_LINK = ['198.18.0.5', '198.18.0.6'];
/** The boxes' underlay /30s, each a veth into the hub's namespace. */
const BOX_UNDERLAY = '198.19.0.0/16';
/** How many boxes the demo gives a vpn licence. */
export const VPN_BOXES = 5;

/**
 * Sets up what the server needs before it starts, or answers null (after one line saying so) when this run cannot
 * show remote access: not root, or a tool missing.
 */
export async function prepareRemoteAccess({ root, dataDir, state, saveState, say }) {
  const sim = await import(pathToFileURL(path.join(root, 'packages/simulator/dist/index.js')).href);
  const problem = sim.vpnProblem();
  if (problem) {
    say(`远程访问演示需要 root 权限和 WireGuard 工具, 本次跳过 (以 root 运行 npm run demo 可看到 ${VPN_BOXES} 台网关的真实隧道): ${problem.replace(/^--vpn 无法启用: /, '')}`);
    return null;
  }
  const { createLab } = await import(pathToFileURL(path.join(root, 'packages/simulator/dist/netns/index.js')).href);
  const lab = await createLab('gwd', { log: (line) => say(`[netns] ${line}`) });
  let forwarder = null;
  let hub = null;
  const stop = async () => {
    hub?.kill('SIGTERM');
    forwarder?.close();
    await lab.cleanup();
  };
  try {
    const hubNs = await lab.namespace('hub');
    const engineer = await lab.namespace('eng');
    await lab.link('root', `${ROOT_END}/30`, hubNs, `${HUB_END}/30`);
    await lab.link(hubNs, `${ENGINEER_LINK[0]}/30`, engineer, `${ENGINEER_LINK[1]}/30`);
    await engineer.run(['ip', 'route', 'replace', 'default', 'via', ENGINEER_LINK[0]]);

    // the hub's key, kept with the demo's data (the boxes' tunnels name its public key), and the shared secret
    const keyDir = path.join(dataDir, 'vpn-hub');
    const keyFile = path.join(keyDir, 'private.key');
    mkdirSync(keyDir, { recursive: true, mode: 0o700 });
    if (!existsSync(keyFile)) writeFileSync(keyFile, `${sim.newWgKeyPair().privateKey}\n`, { mode: 0o600, flag: 'wx' });
    const publicKey = sim.wgPublicKey(readFileSync(keyFile, 'utf8').trim());
    if (!state.vpn_hub_token) {
      state.vpn_hub_token = randomBytes(24).toString('hex');
      saveState();
    }
    const token = state.vpn_hub_token;
    const hubLog = path.join(dataDir, 'vpn-hub.log');
    const iface = lab.interfaceName('hub');
    const engineerIface = lab.interfaceName('eng');

    return {
      serverEnv: { VPN_ENDPOINT: ENDPOINT, VPN_HUB_PUBLIC_KEY: publicKey, VPN_HUB_TOKEN: token },
      simArgs: ['--vpn', '--vpn-netns', hubNs.name, '--vpn-underlay', BOX_UNDERLAY],
      stop,

      /** The hub process in its namespace, following the server on `port` through the forwarder. */
      async startHub(port) {
        forwarder = net.createServer((socket) => {
          const upstream = net.connect(port, '127.0.0.1');
          socket.on('error', () => upstream.destroy());
          upstream.on('error', () => socket.destroy());
          socket.pipe(upstream).pipe(socket);
        });
        await new Promise((resolve, reject) => forwarder.once('error', reject).listen(port, ROOT_END, resolve));
        const output = createWriteStream(hubLog, { flags: 'a' });
        hub = hubNs.spawn([process.execPath, path.join(root, 'packages/server/dist/vpn-hub/main.js')], {
          VPN_HUB_API: `http://${ROOT_END}:${port}`,
          VPN_HUB_TOKEN: token,
          VPN_INTERFACE: iface,
          VPN_LISTEN_PORT: String(HUB_PORT),
          VPN_HUB_KEY_FILE: keyFile,
        });
        hub.stdout.pipe(output);
        let heard = '';
        const applied = new Promise((resolve) => {
          hub.stderr.on('data', (chunk) => {
            output.write(chunk);
            heard += chunk.toString();
            if (/已应用状态/.test(heard)) resolve(true);
          });
          hub.once('exit', () => resolve(false));
          setTimeout(() => resolve(false), 30_000);
        });
        if (await applied) say(`VPN 集线器已启动: 命名空间 ${hubNs.name}, 接口 ${iface}, 端点 ${ENDPOINT} (日志 ${hubLog})`);
        else say(`VPN 集线器未能应用平台的状态, 见 ${hubLog}: ${heard.trim().split('\n').at(-1) ?? ''}`);
      },

      /**
       * Once the boxes run: a vpn licence for the first VPN_BOXES boxes (the platform then sends each its tunnel),
       * an engineer's client (调试代理) made through the platform's API, its wg-quick file written for the engineer's
       * namespace, a session to the first box, and the lines to try it.
       */
      async engineer({ admin, identities }) {
        const boxes = await sim.demoVpnLicences({ ...admin, identities, count: VPN_BOXES, log: say });
        const connected = await sim.demoTunnelsConnected({ ...admin, boxes, timeoutMs: 90_000 });
        say(`隧道: ${connected}/${boxes.length} 台网关已连接集线器`);
        const reach = await sim.demoMachineAddresses({ ...admin, boxes });
        const lines = [
          ` 远程访问 VPN:     集线器 ${hubNs.name} (${ENDPOINT}), ${connected}/${boxes.length} 台网关已连接, 日志 ${hubLog}`,
          ...reach.map((box) => `   ${box.gateway_id}: ${box.machines.map((m) => `${m.code} ${m.ip}${m.lan_ip ? ` (本地IP ${m.lan_ip})` : ''}`).join(', ')}`),
        ];
        if (!state.engineer) {
          const made = await sim.demoEngineerClient({ ...admin, name: '演示工程师的电脑', location: '演示命名空间' });
          if (typeof made === 'string') {
            // the 调试代理 route (clients) answers {id, address, config}; a platform without it says so here
            return [...lines, ` 工程师 engineer:  ${made}`, `   请在控制台 系统管理 → 调试代理 中创建客户端, 其 wg-quick 文件可在命名空间 ${engineer.name} 中使用`];
          }
          state.engineer = made;
          saveState();
        }
        const file = path.join(dataDir, `${engineerIface}.conf`);
        writeFileSync(file, state.engineer.config.endsWith('\n') ? state.engineer.config : `${state.engineer.config}\n`, { mode: 0o600 });
        const session = boxes.length ? await sim.demoSession({ ...admin, clientId: state.engineer.id, deviceId: boxes[0].id, minutes: 120 }) : '没有持有 VPN 授权的网关';
        const first = reach[0]?.machines[0];
        const exec = `ip netns exec ${engineer.name}`;
        return [
          ...lines,
          ` 工程师 engineer:  调试代理 ${state.engineer.address}, 配置 ${file}`,
          typeof session === 'string' ? `   ${session} — 请在控制台 网关设备 → 远程访问 打开会话` : `   远程会话 #${session.id} (${session.status}): ${boxes[0].gateway_id} 全部机床, 120 分钟`,
          `   ${exec} wg-quick up ${file}`,
          ...(first ? [`   ${exec} curl http://${first.ip}/`, `   ${exec} bash -c 'exec 3<>/dev/tcp/${first.ip}/8193; head -1 <&3'`] : []),
          `   ${exec} wg show`,
        ];
      },
    };
  } catch (err) {
    await stop();
    throw err;
  }
}
