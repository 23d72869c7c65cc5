/** The Chinese texts of 自动回复 beyond the descriptors' labels (mpReplyResource, wechatNoticeResource). */
export const M = {
  rulesTab: '回复规则',
  noticesTab: '通知发件箱',
  // the rule form
  keywordsPlaceholder: '输入关键词后按回车, 可输入多个',
  contentPlaceholder: '用户将收到的文本',
  mediaIdPlaceholder: '公众号素材库中图片的 MediaId',
  priorityHint: '数值越大越优先',
  article: (n: number) => `第 ${n} 条`,
  articleFields: { title: '标题', description: '描述', pic_url: '图片地址', url: '链接' },
  addArticle: '添加图文',
  removeArticle: '删除',
  maxArticles: (n: number) => `最多 ${n} 条`,
  // the 测试 box
  test: '测试',
  testTitle: '回复测试',
  testHint: '模拟一条消息或事件, 查看会命中的规则和公众号的回复 (不会真正发送)',
  testKinds: { text: '文本消息', subscribe: '关注事件', scan: '扫码事件' },
  testPlaceholder: { text: '输入用户发送的消息', subscribe: '事件参数 (可选)', scan: '二维码场景值 (可选)' },
  hitRule: '命中规则',
  noRule: '无匹配规则',
  reason: '原因',
  replyXml: '回复 XML',
} as const;
