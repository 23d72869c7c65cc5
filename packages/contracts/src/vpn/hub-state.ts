import { z } from 'zod';
import { wgKeySchema } from './key.js';
import { BlockIndex, blocksOverlap, formatBlock, networkOf, parseBlock, parseIpv4, parseIpv4WithPrefix, type Ipv4Block } from './ipv4.js';

/**
 * The WireGuard hub's desired state: its interface, its peers (boxes and engineers' clients) and the flows an
 * engineer's client may open. The platform's database is its source; the hub renders it into `wg` peers, routes
 * and one nftables table, and nothing is forwarded that no flow names.
 */

/** An id as the platform names a row (box, client, session); it appears in the hub's logs only. */
const idSchema = z
  .string()
  .min(1, '编号不能为空')
  .max(64, '编号最多 64 个字符')
  .regex(/^[A-Za-z0-9_.:-]+$/, '编号只能含字母、数字和 _ . : -');

/**
 * A Linux interface name (at most 15 characters). wireguard-go names its control socket after it, in one
 * folder for every network namespace, so it is also a file name: letters, digits, '_' and '-' only.
 */
const interfaceNameSchema = z.string().regex(/^[A-Za-z0-9_-]{1,15}$/, '接口名称应为 1–15 个字母、数字、_ 或 -');

const refineText = (error: (text: string) => string | null) =>
  z.string().superRefine((text, ctx) => {
    const message = error(text);
    if (message) ctx.addIssue({ code: 'custom', message });
  });

/** `10.8.0.2/32`: one address, written with /32 as WireGuard's allowed IPs are. */
const hostSchema = (field: string) =>
  refineText((text) => (/\/32$/.test(text) && parseIpv4(text.slice(0, -3)) !== null ? null : `${field}应为单个 IPv4 地址加 /32, 如 10.8.0.2/32`));

/** The hub's own address on the tunnel with its network's prefix: `10.8.0.1/16` routes that network into the tunnel. */
const interfaceAddressSchema = refineText((text) => {
  const parsed = parseIpv4WithPrefix(text);
  if (!parsed || parsed.bits < 8) return '接口地址应为 IPv4 地址加前缀长度 (8–32), 如 10.8.0.1/16';
  const net = networkOf(parsed.address, parsed.bits);
  const isEdge = parsed.address === net.base || parsed.address === net.base + 2 ** (32 - parsed.bits) - 1;
  return parsed.bits <= 30 && isEdge ? '接口地址不能是网段的网络地址或广播地址' : null;
});

/** A box's machine tool network: a /24 with a zero host part, routed to the box. */
const machineNetSchema = refineText((text) => {
  const block = parseBlock(text);
  return block && block.bits === 24 && text.endsWith('/24') ? null : '机床网段应为 /24 网段 (主机位为 0), 如 10.100.1.0/24';
});

const portSchema = z.number().int('端口应为整数').min(1, '端口应在 1–65535 之间').max(65535, '端口应在 1–65535 之间');

export const hubInterfaceSchema = z.strictObject({
  name: interfaceNameSchema,
  private_key: wgKeySchema('接口私钥'),
  listen_port: portSchema,
  address: interfaceAddressSchema,
});
export type HubInterface = z.infer<typeof hubInterfaceSchema>;

/** A box: its tunnel address and the machine tool /24 behind it, both reached through its peer. */
export const hubBoxSchema = z.strictObject({
  id: idSchema,
  public_key: wgKeySchema('盒子公钥'),
  vpn_ip: hostSchema('盒子 VPN 地址'),
  machine_net: machineNetSchema,
});
export type HubBox = z.infer<typeof hubBoxSchema>;

/** An engineer's client (调试代理): one address of its own. */
export const hubClientSchema = z.strictObject({
  id: idSchema,
  public_key: wgKeySchema('客户端公钥'),
  address: hostSchema('客户端地址'),
});
export type HubClient = z.infer<typeof hubClientSchema>;

/** Where a flow may go: one address or a network of a box (its VPN address, a machine tool, its whole /24), on any port or on these. */
export const hubDestinationSchema = z.strictObject({
  address: refineText((text) => (parseBlock(text) ? null : '目的地址应为 IPv4 地址或网段 (主机位为 0), 如 10.100.1.10 或 10.100.1.0/24')),
  ports: z
    .array(portSchema)
    .min(1, '端口列表不能为空 (不限端口时省略此字段)')
    .max(64, '最多 64 个端口')
    .refine((ports) => new Set(ports).size === ports.length, '端口重复')
    .optional(),
});
export type HubDestination = z.infer<typeof hubDestinationSchema>;

/** What one client may reach (a remote session): packets from its address to these destinations, and their replies. */
export const hubFlowSchema = z.strictObject({
  id: idSchema,
  client: refineText((text) => (parseIpv4(text) !== null ? null : '客户端地址应为单个 IPv4 地址, 如 10.9.0.2')),
  to: z.array(hubDestinationSchema).min(1, '至少需要一个目的地址').max(256, '最多 256 个目的地址'),
});
export type HubFlow = z.infer<typeof hubFlowSchema>;

const LIMIT = 20_000;

export const hubStateSchema = z
  .strictObject({
    interface: hubInterfaceSchema,
    boxes: z.array(hubBoxSchema).max(LIMIT, `最多 ${LIMIT} 个盒子`),
    clients: z.array(hubClientSchema).max(LIMIT, `最多 ${LIMIT} 个客户端`),
    flows: z.array(hubFlowSchema).max(LIMIT, `最多 ${LIMIT} 条访问规则`),
  })
  .superRefine(
    (state, ctx) => {
      for (const issue of crossIssues(state)) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    },
    // the rules across rows read well-formed rows only: a malformed one is reported by its field alone
    { when: (payload) => !payload.issues.length },
  );
export type HubState = z.infer<typeof hubStateSchema>;

interface Issue {
  path: (string | number)[];
  message: string;
}

/**
 * What the fields cannot say alone: ids and public keys are unique (WireGuard knows a peer by its key); no two
 * addresses or networks overlap (a packet must have one peer to go to), and none lies on the hub's own network
 * but the boxes' addresses; a flow's client is a client and each destination lies in one box's address or /24.
 */
function crossIssues(state: HubState): Issue[] {
  const issues: Issue[] = [];
  const unique = (list: 'boxes' | 'clients' | 'flows', field: 'id' | 'public_key', rows: { id: string; public_key?: string }[], seen: Map<string, string>, what: string) => {
    rows.forEach((row, index) => {
      const value = field === 'id' ? row.id : row.public_key!;
      const first = seen.get(value);
      if (first) issues.push({ path: [list, index, field], message: `${what}重复: 与 ${first} 相同` });
      else seen.set(value, `${list}[${index}]`);
    });
  };
  unique('boxes', 'id', state.boxes, new Map(), '盒子编号');
  unique('clients', 'id', state.clients, new Map(), '客户端编号');
  unique('flows', 'id', state.flows, new Map(), '访问规则编号');
  const keys = new Map<string, string>();
  unique('boxes', 'public_key', state.boxes, keys, '公钥');
  unique('clients', 'public_key', state.clients, keys, '公钥');

  const hub = parseIpv4WithPrefix(state.interface.address)!;
  const hubNet = networkOf(hub.address, hub.bits);
  const taken = new BlockIndex<string>();
  taken.add({ base: hub.address, bits: 32 }, `集线器地址 ${formatBlock({ base: hub.address, bits: 32 })}`);
  const claim = (path: Issue['path'], text: string, owner: string) => {
    const block = parseBlock(text.replace(/\/32$/, ''))!;
    const clash = taken.overlapping(block);
    if (clash) issues.push({ path, message: `地址 ${text} 与 ${clash.owner} 重叠` });
    else taken.add(block, `${owner} ${text}`);
    return block;
  };
  const boxBlocks = new BlockIndex<true>();
  const own = (block: Ipv4Block) => {
    if (!boxBlocks.overlapping(block)) boxBlocks.add(block, true);
  };
  state.boxes.forEach((box, index) => {
    own(claim(['boxes', index, 'vpn_ip'], box.vpn_ip, `盒子 ${box.id} 的 VPN 地址`));
    const net = claim(['boxes', index, 'machine_net'], box.machine_net, `盒子 ${box.id} 的机床网段`);
    if (blocksOverlap(net, hubNet)) issues.push({ path: ['boxes', index, 'machine_net'], message: `机床网段 ${box.machine_net} 与集线器的隧道网段 ${formatBlock(hubNet)} 重叠` });
    own(net);
  });
  const clients = new Set<string>();
  state.clients.forEach((client, index) => {
    claim(['clients', index, 'address'], client.address, `客户端 ${client.id} 的地址`);
    clients.add(client.address.slice(0, -3));
  });
  state.flows.forEach((flow, index) => {
    if (!clients.has(flow.client)) issues.push({ path: ['flows', index, 'client'], message: `${flow.client} 不是任何客户端的地址` });
    flow.to.forEach((destination, at) => {
      const block = parseBlock(destination.address)!;
      if (!boxBlocks.contains(block))
        issues.push({ path: ['flows', index, 'to', at, 'address'], message: `目的地址 ${destination.address} 不属于任何盒子 (应在盒子的 VPN 地址或机床网段内)` });
    });
  });
  return issues;
}

/** `boxes[2].public_key` from zod's path. */
export const issuePath = (path: PropertyKey[]) =>
  path.map((part, index) => (typeof part === 'number' ? `[${part}]` : `${index ? '.' : ''}${String(part)}`)).join('');

/** The state, or why not in one line per problem (`boxes[2].public_key: 盒子公钥格式不正确 …`). */
export function parseHubState(input: unknown): { ok: true; state: HubState } | { ok: false; errors: string[] } {
  const result = hubStateSchema.safeParse(input);
  if (result.success) return { ok: true, state: result.data };
  return { ok: false, errors: result.error.issues.map((issue) => (issue.path.length ? `${issuePath(issue.path)}: ${issue.message}` : issue.message)) };
}
