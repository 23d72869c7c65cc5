import ExcelJS from 'exceljs';

/** The first sheet of an xlsx file as the text of its cells, row by row (the header row first). */
export async function sheetRows(file: string): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(file);
  const sheet = workbook.worksheets[0];
  const rows: string[][] = [];
  sheet.eachRow((row) => {
    const cells: string[] = [];
    for (let col = 1; col <= sheet.columnCount; col++) cells.push(row.getCell(col).text);
    rows.push(cells);
  });
  return rows;
}

/** The xlsx at `file` (a downloaded template) with these rows added below its header, as a user fills it in. */
export async function filledIn(file: string, rows: unknown[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(file);
  for (const row of rows) workbook.worksheets[0].addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
