/** The Chinese texts of 组织架构. */
export const M = {
  dragHint: '拖动公司到另一家公司上,即调整其上级公司;拖到第一层的公司之间,即成为顶级公司',
  readOnlyHint: '您没有修改组织架构的权限,只能查看',
  moved: '已调整上级公司',
  empty: '暂无公司',
} as const;
