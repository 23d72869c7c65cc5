import type ExcelJS from 'exceljs';
import { OrderedWorkbookReader } from './xlsx-ordered.js';

/** A plain cell value: what a formula, rich text or hyperlink cell shows. */
export type PlainCell = string | number | boolean | Date | null;

export interface SheetRow {
  /** The row's number in the sheet (the header is row 1), for the messages. */
  line: number;
  cells: PlainCell[];
}

export interface ReadSheet {
  header: string[];
  rows: SheetRow[];
}

/** The file is not an xlsx workbook (or is damaged). */
export class NotXlsxError extends Error {}
/** The first sheet has more data rows than one import takes. */
export class TooManyRowsError extends Error {}

/** Every xlsx (a zip) starts with a local file header. */
const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/**
 * The first worksheet of an xlsx (the first tab): the header row's titles and the data rows below it (empty rows
 * skipped), read with exceljs's streaming reader so a file with too many rows is refused without loading it whole.
 */
export async function readFirstSheet(file: Buffer, maxRows: number): Promise<ReadSheet> {
  if (!file.subarray(0, 4).equals(ZIP_MAGIC)) throw new NotXlsxError();
  // not exceljs's own reader: it breaks Chinese text split across zip chunks (xlsx-utf8.ts) and takes the parts in
  // the order stored, refusing good files (xlsx-ordered.ts)
  const reader = new OrderedWorkbookReader(file, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  let header: string[] | null = null;
  const rows: SheetRow[] = [];
  try {
    for await (const sheet of reader) {
      for await (const row of sheet) {
        const cells = cellsOf(row);
        if (header === null) {
          header = cells.map((c) => (c === null ? '' : String(c).trim()));
          continue;
        }
        if (cells.every((c) => c === null || c === '')) continue;
        if (rows.length === maxRows) throw new TooManyRowsError();
        rows.push({ line: row.number, cells });
      }
      break;
    }
  } catch (err) {
    if (err instanceof TooManyRowsError) throw err;
    throw new NotXlsxError((err as Error).message);
  }
  if (header === null) throw new NotXlsxError('no worksheet');
  return { header, rows };
}

function cellsOf(row: ExcelJS.Row): PlainCell[] {
  const values = row.values as ExcelJS.CellValue[];
  // exceljs keeps cell A at index 1
  return Array.from({ length: Math.max(0, values.length - 1) }, (_, i) => plainCell(values[i + 1]));
}

export function plainCell(value: ExcelJS.CellValue): PlainCell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value.trim() === '' ? null : value;
  if (typeof value === 'number' || typeof value === 'boolean' || value instanceof Date) return value;
  if ('richText' in value) return value.richText.map((t) => t.text).join('');
  if ('hyperlink' in value) return plainCell(value.text);
  if ('result' in value) return plainCell(value.result ?? null);
  return null;
}
