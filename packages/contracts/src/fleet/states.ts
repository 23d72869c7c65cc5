/** A box's stock state: 在库, 已出货, 已退货, 维修中, 已报废. */
export const DEVICE_STATES = ['in_stock', 'shipped', 'returned', 'repair', 'scrapped'] as const;
export type DeviceState = (typeof DEVICE_STATES)[number];
export const DEVICE_STATE_TITLES: Record<DeviceState, string> = {
  in_stock: '在库',
  shipped: '已出货',
  returned: '已退货',
  repair: '维修中',
  scrapped: '已报废',
};

/** A movement of a box in the ledger: 进货入库, 出货, 调拨, 退货, 维修, 报废. */
export const FLOW_TYPES = ['purchase_in', 'sale_out', 'transfer', 'return', 'repair', 'scrap'] as const;
export type FlowType = (typeof FLOW_TYPES)[number];
export const FLOW_TYPE_TITLES: Record<FlowType, string> = {
  purchase_in: '进货入库',
  sale_out: '出货',
  transfer: '调拨',
  return: '退货',
  repair: '维修',
  scrap: '报废',
};

/** The ledger movement that brings a box into a state when an administrator sets it by hand. */
export const FLOW_INTO_STATE: Record<DeviceState, FlowType> = {
  in_stock: 'purchase_in',
  shipped: 'sale_out',
  returned: 'return',
  repair: 'repair',
  scrapped: 'scrap',
};

/** Controller brands of machine tools (dictionary machinetoolcategory): value and title. */
export const MACHINE_TOOL_CATEGORIES = [
  ['fanuc', 'FANUC 发那科'],
  ['mitsubishi', 'Mitsubishi 三菱'],
  ['siemens_cnc', 'Siemens 西门子'],
  ['brother', 'Brother 兄弟'],
  ['gsk', 'GSK 广州数控'],
  ['syntec', 'Syntec 新代'],
  ['heidenhain', 'Heidenhain 海德汉'],
  ['knd', 'KND 凯恩帝'],
  ['haas', 'HAAS 哈斯'],
  ['mazak', 'Mazak 马扎克'],
  ['okuma', 'OKUMA 大隈'],
  ['lnc', 'LNC 宝元'],
  ['modbus', 'Modbus 设备'],
  ['plc', 'PLC'],
] as const;

/** Dictionary categories of the fleet. */
export const FLEET_DICT = { machineToolCategory: 'machinetoolcategory', deviceState: 'devicestate' } as const;
