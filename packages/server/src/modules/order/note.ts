import ExcelJS from 'exceljs';
import type { OrderLine } from '@gw/contracts';
import { safeSheetName } from '../../jobs/xlsx.js';

/** What a printed note shows of an order: 送货单 for a 出货单, 入库单 for a 进货单. */
export interface OrderNote {
  title: '送货单' | '入库单';
  orderNo: string;
  orderDate: string;
  /** 客户 or 供应商, and its name. */
  party: { label: string; name: string };
  remark: string;
  lines: OrderLine[];
  quantity: number;
  amount: string;
  /** The two who sign: 送货人 / 收货人, 交货人 / 验收人. */
  signatures: [string, string];
}

/** Serials written into a line's cell up to this length; the sheet 序列号清单 lists every one. */
const SERIALS_IN_CELL = 2000;
const COLUMNS = [
  { header: '序号', width: 6 },
  { header: '设备类型', width: 24 },
  { header: '数量', width: 8 },
  { header: '单价 (元)', width: 12 },
  { header: '金额 (元)', width: 14 },
  { header: '序列号', width: 48 },
];
const MONEY = '#,##0.00';
const thin = { style: 'thin' } as const;
const BOX = { top: thin, left: thin, bottom: thin, right: thin };

/**
 * The note as an xlsx a person prints (A4, fitted to the page width): title, number, date and party; one row
 * per line with type, quantity, price, amount and serials; the total; the remark; two signature lines. A
 * second sheet lists every serial with its type, one a row.
 */
export async function orderNoteXlsx(note: OrderNote): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(safeSheetName(note.title), {
    pageSetup: { paperSize: 9, orientation: 'portrait', fitToPage: true, fitToWidth: 1, fitToHeight: 0, horizontalCentered: true },
  });
  sheet.columns = COLUMNS.map((c) => ({ width: c.width }));

  sheet.mergeCells('A1:F1');
  Object.assign(sheet.getCell('A1'), { value: note.title, font: { size: 18, bold: true }, alignment: { horizontal: 'center' } });
  sheet.addRow([]);
  sheet.addRow([`单号: ${note.orderNo}`, '', '', '', `日期: ${note.orderDate}`]);
  sheet.addRow([`${note.party.label}: ${note.party.name}`]);
  sheet.mergeCells('A3:D3');
  sheet.mergeCells('E3:F3');
  sheet.mergeCells('A4:F4');
  sheet.addRow([]);

  const header = sheet.addRow(COLUMNS.map((c) => c.header));
  header.font = { bold: true };
  header.eachCell((cell) => Object.assign(cell, { border: BOX, alignment: { horizontal: 'center' } }));
  note.lines.forEach((line, i) => {
    const serials = line.serials.join('、');
    const row = sheet.addRow([
      i + 1,
      line.goods_name,
      line.quantity,
      Number(line.unit_price),
      Number(line.amount),
      serials.length > SERIALS_IN_CELL ? `${serials.slice(0, SERIALS_IN_CELL)}… (共 ${line.serials.length} 个,见序列号清单)` : serials,
    ]);
    row.getCell(4).numFmt = MONEY;
    row.getCell(5).numFmt = MONEY;
    row.getCell(6).alignment = { wrapText: true, vertical: 'top' };
    row.eachCell({ includeEmpty: true }, (cell) => (cell.border = BOX));
  });
  const total = sheet.addRow(['合计', '', note.quantity, '', Number(note.amount), '']);
  total.font = { bold: true };
  total.getCell(5).numFmt = MONEY;
  total.eachCell({ includeEmpty: true }, (cell) => (cell.border = BOX));

  sheet.addRow([]);
  if (note.remark) sheet.addRow([`备注: ${note.remark}`]);
  sheet.addRow([]);
  sheet.addRow([`${note.signatures[0]}: ____________`, '', '', `${note.signatures[1]}: ____________`]);
  sheet.addRow([]);
  sheet.addRow(['日期: ____________', '', '', '日期: ____________']);

  const list = workbook.addWorksheet('序列号清单', { views: [{ state: 'frozen', ySplit: 1 }] });
  list.columns = [
    { header: '序号', width: 8 },
    { header: '设备类型', width: 24 },
    { header: '序列号', width: 28 },
  ];
  list.getRow(1).font = { bold: true };
  let n = 0;
  for (const line of note.lines) for (const serial of line.serials) list.addRow([++n, line.goods_name, serial]);

  return Buffer.from(await workbook.xlsx.writeBuffer());
}
