import type { FastifyRequest } from 'fastify';
import { IMPORT_REASON_TITLE, type ImportResult } from '@gw/contracts';
import type { z } from 'zod';
import type { AppDeps } from '../app-deps.js';
import { AppError, badRequest, refused } from '../http/errors.js';
import type { ResourceDef, Row, TitledColumn } from '../http/resource/types.js';
import { downloadUrl, storeFileAsJob } from './export-jobs.js';
import { MSG } from './messages.js';
import type { PlainCell, ReadSheet, SheetRow } from './xlsx-read.js';
import { XlsxWriter } from './xlsx.js';

/** Rows one import takes: they are checked and saved in one transaction. */
export const MAX_IMPORT_ROWS = 10_000;

interface Failure {
  row: SheetRow;
  reason: string;
}

/** The sheet columns a file may fill: those the resource's create schema accepts. */
export function importColumns(def: ResourceDef): TitledColumn[] {
  const shape = def.create?.shape ?? {};
  return (def.sheet ?? []).filter((column) => column.key in shape);
}

/**
 * Imports the rows of a sheet made from the resource's template: each row is validated with the create schema
 * and the resource's write check; every valid row is saved in ONE transaction of the request (audited like a
 * single create). A database error on any row rolls all of them back. Refused rows come back as an xlsx of
 * their original cells and a 失败原因 column, stored and downloaded like an export of the same user.
 */
export async function importSheet(req: FastifyRequest, deps: AppDeps, def: ResourceDef, sheet: ReadSheet): Promise<ImportResult> {
  const create = def.create!;
  const byTitle = new Map(importColumns(def).map((c) => [c.title, c]));
  const columns = sheet.header.map((title) => byTitle.get(title));
  if (!columns.some(Boolean)) throw badRequest(MSG.headerMismatch);
  const titleOf = new Map((def.sheet ?? []).map((c) => [c.key, c.title]));

  const failures: Failure[] = [];
  const valid: { row: SheetRow; values: Row }[] = [];
  for (const row of sheet.rows) {
    const values: Row = {};
    columns.forEach((column, i) => {
      const value = column ? inputValue(create.shape[column.key] as z.ZodType, row.cells[i] ?? null) : undefined;
      if (column && value !== undefined) values[column.key] = value;
    });
    const parsed = create.safeParse(values);
    if (parsed.success) valid.push({ row, values: parsed.data });
    else failures.push({ row, reason: reasonOf(parsed.error, titleOf) });
  }

  const saved = valid.length ? await saveAll(req, def, valid, failures) : 0;
  let failedUrl: string | null = null;
  if (failures.length) {
    failures.sort((a, b) => a.row.line - b.row.line);
    const title = MSG.importFailedTitle(def.title);
    const width = Math.max(sheet.header.length, ...failures.map((f) => f.row.cells.length));
    const header = Array.from({ length: width }, (_, i) => ({ title: sheet.header[i] ?? '' }));
    const id = await storeFileAsJob(deps, req.user, { resource: def.path, title, rows: failures.length }, async (file) => {
      const writer = XlsxWriter.open(file, title, [...header, { title: IMPORT_REASON_TITLE, width: 60 }]);
      await writer.addRows(failures.map((f) => [...Array.from({ length: width }, (_, i) => f.row.cells[i] ?? null), f.reason]));
      await writer.close();
    });
    failedUrl = downloadUrl(id);
  }
  return { total: sheet.rows.length, saved, failed: failures.length, failed_url: failedUrl };
}

/** Rows written by one INSERT, as many columns as they have: PostgreSQL takes at most 65,535 parameters. */
const chunkSize = (columnCount: number) => Math.max(1, Math.min(500, Math.floor(60_000 / Math.max(1, columnCount))));

interface Pending {
  row: SheetRow;
  values: Row;
  columns: Row;
}

/**
 * Checks every valid row with the resource's write rule and inserts them in chunks, all in one transaction.
 * A chunk runs in a savepoint: when the database refuses it (often two rows of the file that clash with each
 * other, which a rule reading the table cannot see before either is stored) it is redone row by row, with the
 * rule asked again, so that the second row is reported as a failure like any other — as when every row is
 * written on its own, only without a round trip per row in the usual case.
 */
async function saveAll(req: FastifyRequest, def: ResourceDef, valid: { row: SheetRow; values: Row }[], failures: Failure[]): Promise<number> {
  return req.tx(async (tx) => {
    let saved = 0;
    const checked = async (row: SheetRow, values: Row): Promise<Row | null> => {
      try {
        await def.checkWrite?.(req, values, null, tx);
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        failures.push({ row, reason: err.message });
        return null;
      }
      return def.toColumns ? await def.toColumns(values, req, tx) : values;
    };
    const stored = async (rows: Row[]) => {
      for (const inserted of rows) await def.afterWrite?.(req, inserted, null, tx);
      saved += rows.length;
    };
    const oneByOne = async (chunk: Pending[]) => {
      for (const { row, values } of chunk) {
        const columns = await checked(row, values);
        if (!columns) continue;
        try {
          await stored(await tx.insert(def.table).values(columns).returning());
        } catch (err) {
          throw rowNotSaved(err, row.line);
        }
      }
    };
    const flush = async (chunk: Pending[]) => {
      if (!chunk.length) return;
      let inserted: Row[];
      try {
        inserted = await tx.transaction((sp) => sp.insert(def.table).values(chunk.map((p) => p.columns)).returning());
      } catch {
        return oneByOne(chunk);
      }
      await stored(inserted);
    };

    let pending: Pending[] = [];
    let width = 0;
    for (const { row, values } of valid) {
      const columns = await checked(row, values);
      if (!columns) continue;
      pending.push({ row, values, columns });
      width = Math.max(width, Object.keys(columns).length);
      if (pending.length >= chunkSize(width)) {
        await flush(pending);
        pending = [];
        width = 0;
      }
    }
    await flush(pending);
    return saved;
  });
}

/** A database error on one row fails the whole import; the message names the row when the cause is known. */
function rowNotSaved(err: unknown, line: number): unknown {
  let state: string | undefined;
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 4 && !state; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) state = code;
  }
  const reason = state === '23505' ? MSG.dbDuplicate : state?.startsWith('23') ? MSG.dbReference : state?.startsWith('22') ? MSG.dbFormat : null;
  return reason ? refused(MSG.rowNotSaved(line, reason)) : err;
}

function reasonOf(error: z.ZodError, titleOf: Map<string, string>): string {
  return error.issues
    .map((issue) => {
      const key = issue.path.length ? String(issue.path[0]) : '';
      const title = titleOf.get(key) ?? key;
      return title ? `${title}: ${issue.message}` : issue.message;
    })
    .join('; ');
}

/** A cell as the value its field expects: text columns take numbers as typed, number columns numeric text. */
function inputValue(schema: z.ZodType | undefined, cell: PlainCell): unknown {
  if (cell === null) return undefined;
  const type = schema ? baseType(schema) : 'unknown';
  if (type === 'string') return cell instanceof Date ? dateText(cell) : String(cell);
  if (type === 'number' && typeof cell === 'string' && cell.trim() !== '' && Number.isFinite(Number(cell))) return Number(cell);
  if (type === 'boolean' && typeof cell !== 'boolean') {
    const text = String(cell).trim();
    if (/^(是|true|1|yes|y)$/i.test(text)) return true;
    if (/^(否|false|0|no|n)$/i.test(text)) return false;
  }
  return cell;
}

/** The type under optional / nullable / default / pipe wrappers. */
function baseType(schema: z.ZodType): string {
  let current = schema;
  for (let depth = 0; depth < 8; depth++) {
    const def = current.def as { type: string; innerType?: z.ZodType; in?: z.ZodType };
    const next = def.type === 'pipe' ? def.in : def.innerType;
    if (!next) return def.type;
    current = next;
  }
  return 'unknown';
}

/** Excel keeps dates without a zone; exceljs reads them as UTC. */
function dateText(date: Date): string {
  const iso = date.toISOString();
  return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso.slice(0, 19).replace('T', ' ');
}
