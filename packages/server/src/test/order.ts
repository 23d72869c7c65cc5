import ExcelJS from 'exceljs';
import { ALL_ACTIONS, BUY_ORDER_PATH, SELL_ORDER_PATH } from '@gw/contracts';
import { role } from '../db/schema.js';
import { type FleetWorld, fleetWorld } from './fleet.js';
import type { TestApp } from './harness.js';

/** The fleet's test world, plus users of company A and of B holding every bit of 进货管理 and 出货管理. */
export interface OrderWorld extends FleetWorld {
  orderUserA: string;
  orderUserB: string;
}

export async function orderWorld(t: TestApp, prefix: string): Promise<OrderWorld> {
  const w = await fleetWorld(t, prefix);
  const [{ id: roleId }] = await t.db
    .insert(role)
    .values({ name: `${prefix} 订单`, menus: [BUY_ORDER_PATH, SELL_ORDER_PATH].map((menu) => ({ menu, action: ALL_ACTIONS })) })
    .returning({ id: role.id });
  const lower = prefix.toLowerCase();
  await t.createUser({ username: `${lower}-order-a`, roles: [roleId], customer_id: w.a });
  await t.createUser({ username: `${lower}-order-b`, roles: [roleId], customer_id: w.b });
  return { ...w, orderUserA: await t.login(`${lower}-order-a`, 'secret-123'), orderUserB: await t.login(`${lower}-order-b`, 'secret-123') };
}

/** A line of `serials` at `price` each. */
export const line = (goods_id: number, serials: string[], unit_price = '1280.50', quantity = serials.length || 1) => ({ goods_id, quantity, unit_price, serials });

/** The cells of every row of a workbook's sheet (by index, from 1), as text. */
export async function sheetRows(file: Buffer, sheet = 1): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(file as unknown as ArrayBuffer);
  const rows: string[][] = [];
  workbook.worksheets[sheet - 1].eachRow((row) => rows.push((row.values as ExcelJS.CellValue[]).slice(1).map(textOf)));
  return rows;
}

const textOf = (v: ExcelJS.CellValue): string => (v == null ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v));

/** Puts `serials` in stock through a confirmed 进货单 of `goodsId`; answers the order's id. */
export async function stock(t: TestApp, admin: string, goodsId: number, serials: string[]): Promise<number> {
  const made = await t.api('POST', BUY_ORDER_PATH, { token: admin, body: { order_date: '2026-11-20', supplier: '工厂', lines: [line(goodsId, serials)] } });
  const id = made.json<{ data: { id: number } }>().data.id;
  const confirmed = await t.api('POST', `${BUY_ORDER_PATH}/${id}/confirm`, { token: admin });
  if (confirmed.json<{ code: number }>().code !== 200) throw new Error(`stock ${serials.join(',')}: ${confirmed.body}`);
  return id;
}
