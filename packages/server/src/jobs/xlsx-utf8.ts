import { StringDecoder } from 'node:string_decoder';
import type { Readable } from 'node:stream';
import ExcelJS from 'exceljs';

/*
 * exceljs 4.4's streaming reader hands each zip chunk to its XML parser decoded on its own
 * (utils/parse-sax.js), so a Chinese character split across two chunks turns into U+FFFD: an import
 * then saves names like "SK导�� 3066" (upstream exceljs issues #2063 and #2316). The parser leaves
 * strings untouched, so this reader gives it text already decoded across chunk boundaries, still
 * streamed. Each method below is the one place the base reader receives an entry (or the iterator of
 * a worksheet's bytes); if an upgrade renames one, this module throws on load instead of letting
 * the corruption come back silently.
 */

type Method = (this: unknown, source: unknown, ...rest: unknown[]) => unknown;

/** Methods whose first argument is a zip entry stream, which they iterate themselves. */
const ENTRY_METHODS = ['_parseRels', '_parseWorkbook', '_parseSharedStrings', '_parseStyles'] as const;
/** Methods whose first argument is an async iterable of a part's bytes (hyperlinks are not read: xlsx-ordered.ts). */
const ITERATOR_METHODS = ['_parseWorksheet'] as const;

/** The chunks of a byte stream as strings, a character split between two chunks kept whole. */
export async function* decodeUtf8(chunks: AsyncIterable<Buffer | string>): AsyncGenerator<string> {
  const decoder = new StringDecoder('utf8');
  for await (const chunk of chunks) {
    const text = typeof chunk === 'string' ? chunk : decoder.write(chunk);
    if (text) yield text;
  }
  const rest = decoder.end();
  if (rest) yield rest;
}

const Base = ExcelJS.stream.xlsx.WorkbookReader;
const base = Base.prototype as unknown as Record<string, Method | undefined>;

/** exceljs's streaming workbook reader, reading text split across chunks correctly. */
export class Utf8WorkbookReader extends Base {}

const patched = Utf8WorkbookReader.prototype as unknown as Record<string, Method>;
for (const name of [...ENTRY_METHODS, ...ITERATOR_METHODS]) {
  const original = base[name];
  if (typeof original !== 'function') {
    throw new Error(`exceljs WorkbookReader.${name} is gone: the UTF-8 chunk fix in xlsx-utf8.ts no longer applies, update it`);
  }
  patched[name] = (ENTRY_METHODS as readonly string[]).includes(name)
    ? function (this: unknown, entry: unknown, ...rest: unknown[]) {
        // a stream with an encoding emits strings, decoded across chunks by node's StringDecoder
        (entry as Readable).setEncoding('utf8');
        return original.call(this, entry, ...rest);
      }
    : function (this: unknown, iterator: unknown, ...rest: unknown[]) {
        return original.call(this, decodeUtf8(iterator as AsyncIterable<Buffer>), ...rest);
      };
}
