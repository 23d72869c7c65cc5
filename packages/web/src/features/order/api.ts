import { BUY_ORDER_PATH, DEVICE_PATH, type Device, SELL_ORDER_PATH } from '@gw/contracts';
import { fetchFile, saveBlob } from '../../components/ResourceTable/api';
import { request } from '../../utils/request';
import { M } from './messages';
import type { Order } from './types';

/** An xlsx the server answers (TOKEN header); a refusal (已下载) is shown by the request client and rejects. */
async function saveSheet(url: string, name: string): Promise<void> {
  saveBlob(await fetchFile(url), name);
}

/** 下载设备身份: the new boxes' 设备ID and secret, which the server hands out once after the confirmation. */
export const downloadIdentities = (order: Order) => saveSheet(`${BUY_ORDER_PATH}/${order.id}/identities`, M.identitiesFile(order.order_no));

/** 入库单 of a buy order, to print. */
export const downloadReceiptNote = (order: Order) => saveSheet(`${BUY_ORDER_PATH}/${order.id}/receipt_note`, M.receiptNoteFile(order.order_no));

/** 送货单 of a sell order, to print. */
export const downloadDeliveryNote = (order: Order) => saveSheet(`${SELL_ORDER_PATH}/${order.id}/delivery_note`, M.deliveryNoteFile(order.order_no));

/**
 * The box whose 设备ID is `serial`. The boxes' keywords match any part of the ID (GW-1 finds GW-10 too), so the
 * exact one is picked from what they find.
 */
export async function findBox(serial: string): Promise<Device | undefined> {
  const found = (await request<Device[]>({ url: DEVICE_PATH, params: { keywords: serial, limit: 100 } })).data ?? [];
  return found.find((box) => box.gateway_id === serial);
}

/** 退货: the box comes back to stock (POST /device/device/return); resolves to the server's message. */
export async function returnBox(id: number, remark: string): Promise<string> {
  return (await request({ url: `${DEVICE_PATH}/return`, method: 'POST', data: { ids: [id], remark } })).message;
}
