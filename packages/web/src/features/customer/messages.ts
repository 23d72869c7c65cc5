/** The Chinese texts of 客户管理 beyond the descriptor's labels (customerResource). */
export const M = {
  companyRequired: '公司名称不能为空',
  parentPlaceholder: '不选则为顶级公司',
  remoteApprovalHint: '开启后,本公司以外的人 (包括平台运营方) 对本公司及下级公司设备发起的远程访问,须经本公司有审批权限的用户批准后才生效',
  approvalRequired: '需审批',
  approvalFree: '无需审批',
} as const;
