import { type SQL, asc, desc, like, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customer } from '../db/schema.js';
import type { ResourceDef, Row } from '../http/resource/types.js';
import { type TestApp, createTestApp } from '../test/harness.js';
import { batchesBySort } from './keyset.js';

const def = { table: customer, id: customer.id } as unknown as ResourceDef;
const mine = like(customer.company_name, '排序 %');

describe('keyset paging in a chosen order', () => {
  let t: TestApp;

  /** What one query with no paging answers: the order the export must reproduce batch by batch. */
  const inOneQuery = async (column: AnyPgColumn, descending: boolean) =>
    (
      await t.db
        .select({ id: customer.id })
        .from(customer)
        .where(mine)
        .orderBy(descending ? desc(column) : asc(column), desc(customer.id))
    ).map((r) => r.id);
  const paged = async (column: AnyPgColumn, descending: boolean, where: SQL = mine, size = 7) => {
    const ids: number[] = [];
    for await (const rows of batchesBySort(t.db, def, where, { column, descending }, size)) {
      expect(rows.length).toBeLessThanOrEqual(size);
      ids.push(...rows.map((r: Row) => r.id as number));
    }
    return ids;
  };

  beforeAll(async () => {
    t = await createTestApp();
    // one statement: every row shares one created_at, to the microsecond; parents repeat, a third have none
    await t.db.execute(sql`insert into customer (company_name, parent_id, remark)
      select '排序 ' || g, case when g % 3 = 0 then null else g % 5 end, chr(65 + g % 4) from generate_series(1, 100) g`);
    await t.db.execute(sql`update customer set parent_id = null where parent_id = 0`);
  });
  afterAll(() => t.close());

  it('reads every row once, in the order one query gives, with NULLs where PostgreSQL puts them', async () => {
    for (const descending of [false, true]) {
      const expected = await inOneQuery(customer.parent_id, descending);
      expect(expected).toHaveLength(100);
      expect(await paged(customer.parent_id, descending)).toEqual(expected);
    }
  });

  it('keeps ties of a timestamp written in one statement apart by the id', async () => {
    for (const descending of [false, true]) {
      expect(await paged(customer.created_at, descending)).toEqual(await inOneQuery(customer.created_at, descending));
    }
  });

  it('pages a text column under a filter, and ends on an exact multiple of the batch', async () => {
    const where = sql`${mine} and ${customer.remark} in ('A', 'B')`;
    const ids = await paged(customer.remark, false, where, 25);
    expect(ids).toHaveLength(50);
    expect(new Set(ids).size).toBe(50);
    expect(await paged(customer.remark, true, mine, 50)).toEqual(await inOneQuery(customer.remark, true));
  });
});
