/** The map page's texts. */
export const M = {
  customers: '客户分布',
  boxes: '设备分布',
  customerCount: '客户数',
  company: '公司',
  goods: '设备类型',
  state: '状态',
  all: '全部',
  china: '全国',
  back: '返回全国',
  fullscreen: '全屏',
  exitFullscreen: '退出全屏',
  more: '多',
  less: '少',
  total: (shown: number, unplaced: number) => (unplaced ? `共 ${shown + unplaced} 台设备,${unplaced} 台没有位置未显示` : `共 ${shown} 台设备`),
  boxTip: (state: string) => `状态: ${state}(点击查看详情)`,
  clusterTip: (count: number, states: [string, number][]) =>
    `${count} 台设备<br/>${states.filter(([, n]) => n).map(([title, n]) => `${title}: ${n}`).join('<br/>')}<br/>点击放大查看`,
  noCity: (province: string) => `${province}暂无下级地图`,
  mapFailed: '地图数据加载失败,请刷新重试',
} as const;
