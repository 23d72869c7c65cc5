/** What 远程会话 says to its users. */
export const MSG = {
  box: '网关设备',
  client: '调试代理',
  notOwnClient: 'client_id: 只能使用自己创建的调试代理',
  scrapped: '该设备已报废',
  unlicensed: '该设备未授权 VPN',
  notBoxMachines: 'machine_ids: 所选机床不属于该设备',
  opened: '远程会话已开始',
  pending: '已提交, 等待设备所属公司审批',
  closed: '远程会话已结束',
  notOpen: '该远程会话已结束, 无需再次结束',
  notPending: '该远程会话不在待审批状态',
  approved: '已审批通过, 远程会话已开始',
  rejected: '已拒绝该远程会话',
  vendorApproves: '平台运营方不能代替客户审批: 审批须由设备所属公司的用户进行',
} as const;
