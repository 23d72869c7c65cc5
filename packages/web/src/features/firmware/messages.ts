/** The Chinese texts of 版本管理 and 固件推送 beyond the descriptors' labels (versionResource, rolloutResource). */
export const M = {
  // 版本管理
  upload: '上传固件',
  uploading: '上传中…',
  reupload: '重新上传',
  fileRequired: '请上传固件文件',
  uploaded: (name: string, size: string) => `${name} (${size})`,
  copied: '已复制',
  publishedHint: '已发布的版本只能修改更新说明',
  goodsPlaceholder: '选择适用的设备类型',
  rollout: '推送',
  rollouts: '推送记录',
  // 固件推送
  newRollout: '新建推送',
  rolloutTitle: '新建固件推送',
  versionPlaceholder: '选择已发布的固件版本',
  targetPlaceholder: {
    devices: '输入网关ID搜索设备',
    tag: '选择设备标签',
    customer: '选择客户',
    goods: '选择设备类型',
  },
  byPercent: '按比例分批',
  created: '推送已创建',
  detail: '详情',
  detailTitle: (id: number, version: string) => `固件推送 #${id} · 版本 ${version}`,
  batchOf: (batch: number, batches: number) => `第 ${batch} / ${batches} 批`,
  stopReason: '中止原因',
  allStates: '全部状态',
  progressOf: (final: number, total: number) => `${final} / ${total}`,
  notFound: '推送不存在或无权查看',
  back: '返回推送列表',
} as const;
