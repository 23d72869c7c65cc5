/** The Chinese texts of 客户管理 beyond the descriptor's labels (customerResource). */
export const M = {
  companyRequired: '公司名称不能为空',
  parentPlaceholder: '不选则为顶级公司',
} as const;
