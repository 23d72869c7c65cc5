/** The Chinese texts of 标签 beyond the descriptor's labels (deviceTagResource). */
export const M = {
  nameRequired: '请输入标签名称',
  ownerRequired: '请选择所属公司',
  custom: '自定义',
  customColor: '自定义颜色',
} as const;
