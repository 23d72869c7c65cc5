/** The Chinese texts of 设备类型 beyond the descriptor's labels (goodsResource). */
export const M = {
  nameRequired: '请输入名称',
  codeRequired: '请输入编码',
  priceRequired: '请输入价格',
  yuan: '元',
} as const;
