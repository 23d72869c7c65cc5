/** What 短链接 tells people: the console's messages and the pages a scanned link may land on. */
export const MSG = {
  vendorOnly: '短链接由平台管理, 客户账号不能使用',
  codeTaken: (code: string) => `短码已被使用: ${code}`,
  devicesMissing: (ids: number[]) => `设备不存在: ${ids.join(', ')}`,
  linksMade: (made: number, kept: number) => `已生成 ${made} 个短链接${kept ? `, ${kept} 台设备已有短链接` : ''}`,
  noLinkYet: (gatewayIds: string[]) => `以下设备还没有短链接, 请先生成: ${gatewayIds.join(', ')}`,
  idsInvalid: '请以逗号分隔设备 ID, 如 1,2,3',
  tooManyIds: (max: number) => `一次最多打印 ${max} 台设备的标签`,
  labelsTitle: '设备二维码标签',
  print: '打印',
  page: {
    unknown: { title: '链接不存在', text: '该短链接不存在, 请核对二维码或链接地址。' },
    disabled: { title: '链接已停用', text: '该短链接已被停用, 如有疑问请联系平台管理员。' },
    expired: { title: '链接已过期', text: '该短链接已过有效期, 如有疑问请联系平台管理员。' },
  },
} as const;
