/** The Chinese texts of 调试代理 beyond the descriptor's labels (debugClientResource). */
export const M = {
  connected: '已连接',
  disconnected: '未连接',
  handshake: (at: string) => `最近握手 ${at}`,
  neverConnected: '从未连接',
  nameRequired: '请输入名称',
  locationPlaceholder: '如 上海办公室、张工的笔记本',
  publicKeyHint: '留空则由平台生成密钥对',
  publicKeyPlaceholder: '已有 WireGuard 密钥时填写其公钥 (44 个字符,以 = 结尾)',
  deleteConfirm: '删除后该客户端立即失去所有远程访问,确定删除?',
  download: '下载配置',
  configTitle: (name: string) => `客户端配置 · ${name}`,
  privateOnce: '配置中含有平台为该客户端生成的私钥,只显示这一次,平台不保存它。请立即下载或用 WireGuard 手机应用扫描二维码导入。',
  ownKey: '配置中的 PrivateKey 一行请填入你自己的私钥 (与所填公钥配对的那一把),再导入 WireGuard。',
  qrAlt: 'WireGuard 配置二维码',
  qrHint: '用 WireGuard 手机应用「从二维码创建」扫描',
  copy: '复制',
  downloadFile: '下载',
  close: '我已保存',
  // the settings' own names follow the first part, each as code: an operator types them as they are
  hubMissing: ['远程访问尚未配置:平台缺少设置 ', ',在配置 VPN 服务器之前无法新增客户端,已登记的客户端也无法连接'] as const,
  addRefused: '平台尚未配置 VPN 服务器,暂不能新增客户端',
} as const;
