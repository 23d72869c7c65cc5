/** What the customer screens are told when a delete is refused (shown for 5 s, spec §8). */
export const MSG = {
  deleteVendor: '平台运营方不能删除',
  deleteOwn: '不能删除本公司',
} as const;
