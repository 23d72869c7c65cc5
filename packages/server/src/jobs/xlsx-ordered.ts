import type { Readable } from 'node:stream';
import unzipper from 'unzipper';
import { Utf8WorkbookReader } from './xlsx-utf8.js';

/*
 * exceljs 4.4's streaming reader takes a workbook's parts in the order the zip stores them. A worksheet that comes
 * after the shared strings but before xl/workbook.xml is read at once and fails on the missing workbook model
 * ("Cannot read properties of undefined (reading 'sheets')"); and exceljs's own files, which store workbook.xml
 * last, sometimes lose it to a race in the single streaming pass
 * (https://github.com/exceljs/exceljs/issues/3064). Either way a good file was refused as 文件不是有效的 xlsx 表格.
 * An upload is already a buffer, so this reader opens the zip by its central directory and hands exceljs the parts
 * in the order they depend on each other; the worksheets are still read row by row from their compressed bytes.
 * The methods it calls are the ones xlsx-utf8.ts patches, whose check at load also catches an upgrade that renames
 * them.
 */

interface Internals {
  input: Buffer;
  workbookRels?: { Id: string; Target: string }[];
  model?: { sheets?: { rId: string }[] };
  _parseRels(entry: Readable): Promise<void>;
  _parseWorkbook(entry: Readable): Promise<void>;
  _parseSharedStrings(entry: Readable): AsyncGenerator<unknown>;
  _parseStyles(entry: Readable): Promise<void>;
  _parseWorksheet(iterator: AsyncIterable<Buffer>, sheetNo: string): Generator<unknown>;
}

const WORKSHEET = /^xl\/worksheets\/sheet(\d+)\.xml$/;

/** A part's path inside the zip, from a relationship target of xl/workbook.xml (relative to xl/, or absolute). */
const partOf = (target: string) => (target.startsWith('/') ? target.slice(1) : `xl/${target}`);

/** The worksheet parts in the workbook's tab order; by their number when the workbook does not say. */
function worksheetsInOrder(book: Internals, parts: Set<string>): string[] {
  const rels = new Map((book.workbookRels ?? []).map((r) => [r.Id, partOf(r.Target)]));
  const listed = (book.model?.sheets ?? []).map((s) => rels.get(s.rId)).filter((p): p is string => !!p && WORKSHEET.test(p) && parts.has(p));
  const numbered = [...parts].filter((p) => WORKSHEET.test(p)).sort((a, b) => Number(WORKSHEET.exec(a)![1]) - Number(WORKSHEET.exec(b)![1]));
  return [...new Set([...listed, ...numbered])];
}

/** exceljs's streaming reader over an xlsx held in memory, its parts read in dependency order. */
export class OrderedWorkbookReader extends Utf8WorkbookReader {
  constructor(file: Buffer, options: ConstructorParameters<typeof Utf8WorkbookReader>[1]) {
    // the base keeps its input as given and opens it only in the parse() replaced below
    super(file as unknown as Readable, options);
  }

  async *parse(): AsyncGenerator<unknown> {
    const book = this as unknown as Internals;
    const directory = await unzipper.Open.buffer(book.input);
    const files = new Map(directory.files.filter((f) => f.type === 'File').map((f) => [f.path.replace(/^\//, ''), f]));
    const open = (path: string) => files.get(path)?.stream();

    const rels = open('xl/_rels/workbook.xml.rels');
    if (rels) await book._parseRels(rels);
    const workbook = open('xl/workbook.xml');
    if (workbook) await book._parseWorkbook(workbook);
    const strings = open('xl/sharedStrings.xml');
    if (strings) yield* book._parseSharedStrings(strings);
    const styles = open('xl/styles.xml');
    if (styles) await book._parseStyles(styles);
    for (const path of worksheetsInOrder(book, new Set(files.keys()))) {
      yield* book._parseWorksheet(open(path)!, WORKSHEET.exec(path)![1]);
    }
  }
}
