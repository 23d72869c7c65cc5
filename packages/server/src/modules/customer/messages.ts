/** What the customer screens are told when a delete is refused (a business refusal, shown by the console for 5 s). */
export const MSG = {
  deleteVendor: '平台运营方不能删除',
  deleteOwn: '不能删除本公司',
} as const;
