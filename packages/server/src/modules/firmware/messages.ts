/** What 版本管理 tells people and boxes. */
export const MSG = {
  noFile: '请选择固件文件 (multipart 字段 file)',
  emptyFile: '固件文件为空',
  tooLarge: (mb: number) => `固件文件过大, 不能超过 ${mb} MB`,
  uploaded: '上传成功',
  fileMissing: '请上传固件文件',
  goodsMissing: (ids: number[]) => `设备类型不存在: ${ids.join(', ')}`,
  versionTaken: (version: string, goods: string[]) => `版本 ${version} 已存在于设备类型 ${goods.join('、')}`,
  publishedChangelogOnly: '已发布的版本只能修改更新说明',
  deletedReadOnly: '已删除的版本不能修改',
  draftOnlyPublish: '只有草稿可以发布',
  published: '发布成功',
  rolloutUnfinished: '该版本有未结束的推送, 请先取消推送',
  vendorOnly: '固件版本由平台管理, 客户账号不能修改',
  linkInvalid: '下载链接无效或已过期',
  notDownloadable: '固件不可下载',
  rangeInvalid: '请求的范围超出文件大小',
} as const;
