import ExcelJS from 'exceljs';

/** The first sheet of an xlsx as rows of plain values (row 1 is the header); what a user sees opening it. */
export async function sheetRows(file: Buffer): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  // exceljs declares its own Buffer type
  await workbook.xlsx.load(file as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  workbook.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

/** An xlsx with one sheet of these rows (the first is the header), as a user fills in a template. */
export async function xlsxOf(rows: unknown[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('导入');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
