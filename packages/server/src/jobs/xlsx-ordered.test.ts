import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { xlsxOf } from '../test/xlsx.js';
import { NotXlsxError, readFirstSheet } from './xlsx-read.js';

const ROWS = [
  ['公司名称', '简称'],
  ['华东智能网关', '华东'],
  ['苏州工业园区机床厂', '苏州'],
];

/** The same workbook with its zip entries stored in this order (the rest after them, as they were). */
async function restored(file: Buffer, first: string[]): Promise<Buffer> {
  const zip = await JSZip.loadAsync(file);
  const paths = Object.keys(zip.files).filter((p) => !zip.files[p].dir);
  const out = new JSZip();
  for (const path of [...first, ...paths.filter((p) => !first.includes(p))]) out.file(path, await zip.file(path)!.async('nodebuffer'));
  return out.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

const values = (sheet: { header: string[]; rows: { cells: unknown[] }[] }) => [sheet.header, ...sheet.rows.map((r) => r.cells)];

describe('reading an uploaded xlsx', () => {
  it('reads a good file whatever order its zip stores the parts in (exceljs #3064: 文件不是有效的 xlsx 表格 before)', async () => {
    const file = await xlsxOf(ROWS);
    const orders = [
      // what failed every time: the sheet after the shared strings, the workbook after the sheet
      ['[Content_Types].xml', '_rels/.rels', 'xl/_rels/workbook.xml.rels', 'xl/sharedStrings.xml', 'xl/styles.xml', 'xl/worksheets/sheet1.xml', 'xl/workbook.xml'],
      ['xl/worksheets/sheet1.xml', 'xl/sharedStrings.xml', 'xl/workbook.xml', 'xl/_rels/workbook.xml.rels'],
      ['xl/workbook.xml', 'xl/_rels/workbook.xml.rels', 'xl/styles.xml', 'xl/sharedStrings.xml', 'xl/worksheets/sheet1.xml'],
      [],
    ];
    for (const order of orders) {
      expect(values(await readFirstSheet(await restored(file, order), 10))).toEqual(ROWS);
    }
    expect(values(await readFirstSheet(file, 10))).toEqual(ROWS);
  });

  it('reads the first tab, as Excel shows it, though its part is not sheet1.xml', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('说明').addRow(['请在第二页填写']);
    workbook.addWorksheet('数据').addRows(ROWS);
    const zip = await JSZip.loadAsync(Buffer.from(await workbook.xlsx.writeBuffer()));
    // the tab 说明 now shows the part sheet2.xml and 数据 the part sheet1.xml
    const rels = await zip.file('xl/_rels/workbook.xml.rels')!.async('string');
    zip.file('xl/_rels/workbook.xml.rels', rels.replace('worksheets/sheet1.xml', 'worksheets/SWAP').replace('worksheets/sheet2.xml', 'worksheets/sheet1.xml').replace('worksheets/SWAP', 'worksheets/sheet2.xml'));
    const file = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
    expect(values(await readFirstSheet(file, 10))).toEqual(ROWS);
  });

  it('still refuses a damaged or cut-off file as not an xlsx', async () => {
    const file = await xlsxOf(ROWS);
    await expect(readFirstSheet(file.subarray(0, Math.floor(file.length / 2)), 10)).rejects.toBeInstanceOf(NotXlsxError);
    await expect(readFirstSheet(Buffer.concat([file.subarray(0, 4), Buffer.alloc(200, 7)]), 10)).rejects.toBeInstanceOf(NotXlsxError);
  });
});
