import { once } from 'node:events';
import { rm } from 'node:fs/promises';
import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';

/** A header cell of a written sheet. */
export interface SheetHeader {
  title: string;
  width?: number;
}

/** Sheet rows not yet compressed before the writer waits for the zip to catch up. */
const BACKLOG_BYTES = 1 << 20;
const DRAIN_TIMEOUT_MS = 60_000;

/**
 * Writes an xlsx file row by row with exceljs's streaming writer, so memory stays flat however many rows.
 * The writer itself ignores backpressure: rows are turned into XML faster than the zip compresses them, and
 * the difference piles up in memory (≈ 0.5 MB per 1,000 rows). `addRows` therefore waits until the sheet's
 * stream into the zip has drained below 1 MB before it returns.
 */
export class XlsxWriter {
  private constructor(
    private readonly workbook: ExcelJS.stream.xlsx.WorkbookWriter,
    private readonly sheet: ExcelJS.Worksheet,
    private readonly file: string,
  ) {}

  static open(file: string, sheetName: string, headers: SheetHeader[]): XlsxWriter {
    // no styles: they cost a style lookup per cell, most of the writer's time; the frozen header row stays
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useStyles: false, useSharedStrings: false });
    const sheet = workbook.addWorksheet(safeSheetName(sheetName), { views: [{ state: 'frozen', ySplit: 1 }] });
    sheet.columns = columnsOf(headers);
    return new XlsxWriter(workbook, sheet, file);
  }

  async addRows(rows: unknown[][]): Promise<void> {
    for (const cells of rows) this.sheet.addRow(cells.map(toCell)).commit();
    const zipInput = (this.sheet as unknown as { stream?: { pipes?: Writable[] } }).stream?.pipes?.[0];
    // a zip that stopped consuming (disk full) fails the job instead of hanging it
    while (zipInput && backlogOf(zipInput) > BACKLOG_BYTES) await once(zipInput, 'drain', { signal: AbortSignal.timeout(DRAIN_TIMEOUT_MS) });
  }

  async close(): Promise<void> {
    this.sheet.commit();
    await this.workbook.commit();
  }

  /** Ends the file and deletes it: a failed or cancelled export leaves nothing on disk. */
  async abort(): Promise<void> {
    await this.close().catch(() => undefined);
    await rm(this.file, { force: true });
  }
}

/** Bytes written into a (readable-stream 2/3) pass-through and not yet read out of it. */
function backlogOf(stream: Writable): number {
  const s = stream as unknown as { _writableState?: { length: number }; _readableState?: { length: number } };
  return (s._writableState?.length ?? 0) + (s._readableState?.length ?? 0);
}

/** An xlsx with one sheet of the given rows, in memory: for small files (the import template). */
export async function xlsxBuffer(sheetName: string, headers: SheetHeader[], rows: unknown[][] = []): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(safeSheetName(sheetName), { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columnsOf(headers);
  sheet.getRow(1).font = { bold: true };
  for (const cells of rows) sheet.addRow(cells.map(toCell));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** Wide enough for the title (a CJK character takes two widths). */
const columnsOf = (headers: SheetHeader[]) =>
  headers.map((h, i) => ({ header: h.title, key: String(i), width: h.width ?? Math.max(12, h.title.length * 2 + 4) }));

/** Excel refuses sheet names over 31 characters or with []:*?/\ in them. */
export function safeSheetName(name: string): string {
  return name.replace(/[[\]:*?/\\]/g, '_').slice(0, 31) || 'Sheet1';
}

/** A value as a spreadsheet cell: booleans as 是/否, objects as JSON, everything else as it is. */
export function toCell(value: unknown): ExcelJS.CellValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'boolean') return value ? '是' : '否';
  if (typeof value === 'string' || typeof value === 'number' || value instanceof Date) return value;
  if (typeof value === 'bigint') return value.toString();
  return JSON.stringify(value);
}

