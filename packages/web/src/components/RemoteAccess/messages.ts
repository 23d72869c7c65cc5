import type { TunnelState } from '@gw/contracts';

/** The words of 远程访问, the dialog that opens a remote session on a box or some of its machine tools. */
export const M = {
  action: '远程访问',
  title: (box: string) => `远程访问 · ${box}`,
  client: '客户端',
  clientRequired: '请选择客户端',
  noClients: '你还没有调试代理客户端:先新增一个 (电脑或手机),用 WireGuard 导入它的配置,再回来发起远程访问。',
  toClients: '去 调试代理 新增',
  noClientRight: '你没有 调试代理 的查询权限,无法选择客户端',
  scope: '范围',
  wholeBox: '整台设备的全部机床',
  someMachines: '选择机床',
  machines: '机床',
  machinesRequired: '请选择机床',
  noMachines: '该设备下还没有机床',
  duration: '时长',
  durationHint: '到期后自动断开;最长 24 小时',
  submit: '开通',
  opened: '已开通',
  openedText: (client: string, until: string) => `客户端 ${client} 现在可以访问所选范围,到 ${until} 自动断开。`,
  pending: (company: string) => `已提交, 等待 ${company} 审批`,
  pendingText: '审批通过后立即生效,可在 远程会话 中看到结果。',
  toSessions: '查看 远程会话',
  done: '完成',
} as const;

/** The durations offered, in minutes, and how they read. */
export const DURATIONS: readonly { value: number; label: string }[] = [
  { value: 30, label: '30 分钟' },
  { value: 60, label: '1 小时' },
  { value: 120, label: '2 小时' },
  { value: 240, label: '4 小时' },
  { value: 480, label: '8 小时' },
  { value: 720, label: '12 小时' },
  { value: 1440, label: '24 小时' },
];

/**
 * Why a box in this 隧道 state cannot be reached: no VPN licence (the server refuses the session), no key
 * reported or a refused one (the box has no tunnel to carry it), or no hub settings on the platform. The states
 * after those (等待网关确认, 已下发, 已连接) can: a session opened while the box applies its config works once it has.
 */
const REFUSALS: Partial<Record<TunnelState, string>> = {
  unlicensed: '该设备未授权 VPN,无法远程访问',
  no_key: '网关还没有上报隧道密钥 (未上报密钥),暂不能远程访问',
  key_mismatch: '网关上报的密钥与绑定的不符 (密钥不符),重置密钥后才能远程访问',
  hub_unset: '平台尚未配置远程访问 (VPN 服务器),暂不能远程访问',
};

export const remoteRefusal = (state: TunnelState): string | undefined => REFUSALS[state];
