/** What the customer screens are told when a write is refused (shown for 5 s, spec §8). */
export const MSG = {
  topLevelOnlyForStaff: '只能在本公司下创建或移动下级公司',
  parentMissing: '上级公司不存在',
  parentBelowSelf: '上级公司不能是自己的下级',
  deleteVendor: '平台运营方不能删除',
  deleteOwn: '不能删除本公司',
  deleteWithChildren: '该公司还有下级公司,请先删除或移走下级公司',
  deleteWithUsers: '该公司下还有用户,请先删除或转移这些用户',
} as const;
