import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { machineDay, machineLatest, machineStateLog, machineTool, pendingJob } from '../../db/schema.js';
import { DEFAULT_TIME_ZONE, setPlatformZone } from '../../lib/platform-zone.js';
import { TelemetryPartitions, dayKey } from '../../mqtt/ingest/partitions.js';
import { fleetWorld } from '../../test/fleet.js';
import { type TestApp, createTestApp } from '../../test/harness.js';
import { MACHINE_DAY_BACKFILL, backfillMachineDays } from './backfill-days.js';

const HOUR = 3600;
/** A time on the platform's clock in China. */
const cn = (text: string) => new Date(`${text}+08:00`);

describe('machine_day before the upgrade that added it', () => {
  let t: TestApp;
  let box: number;
  let seq = 0;

  beforeAll(async () => {
    t = await createTestApp();
    box = (await fleetWorld(t, 'BF')).boxes.a;
  });
  afterAll(() => t.close());
  afterEach(() => setPlatformZone(DEFAULT_TIME_ZONE));

  const machine = async () =>
    (await t.db.insert(machineTool).values({ device_id: box, code: `BF-${++seq}`, name: `BF-${seq}`, category: 'fanuc', ip: `10.252.0.${seq + 1}` }).returning({ id: machineTool.id }))[0].id;
  const states = (id: number, rows: [string, string, string | null][]) =>
    t.db.insert(machineStateLog).values(rows.map(([state, from, to]) => ({ machine_tool_id: id, device_id: box, state: state as 'running', started_at: cn(from), ended_at: to ? cn(to) : null })));
  const counters = async (id: number, rows: [string, number][]) => {
    await new TelemetryPartitions(t.db).ensure(rows.map(([at]) => dayKey(cn(at))));
    for (const [at, n] of rows) await t.db.execute(sql`insert into telemetry (machine_tool_id, ts, "values") values (${id}, ${cn(at).toISOString()}::timestamptz, ${JSON.stringify({ cnc_products: n })}::jsonb)`);
  };
  const days = async (id: number) =>
    (await t.db.select().from(machineDay).where(eq(machineDay.machine_tool_id, id)).orderBy(asc(machineDay.day))).map((d) => [d.day, d.parts, d.run_s]);
  const due = () => t.db.insert(pendingJob).values({ name: MACHINE_DAY_BACKFILL });

  it('has run at the start after the upgrade: nothing is left to do', async () => {
    expect(await t.db.select().from(pendingJob)).toEqual([]);
    expect(await backfillMachineDays(t.db, new Date())).toBe(0);
  });

  it("fills each past day's running time and parts from the stored states and counters, once", async () => {
    const a = await machine();
    // ran 22:00–02:00 across midnight, stood until 08:00, then ran on; the ingest keeps days from the 7th
    await states(a, [
      ['running', '2026-03-05T22:00:00', '2026-03-06T02:00:00'],
      ['idle', '2026-03-06T02:00:00', '2026-03-06T08:00:00'],
      ['running', '2026-03-06T08:00:00', null],
    ]);
    // the first reading adds nothing, then +10; a reset to 5 adds 5, then +20
    await counters(a, [['2026-03-05T21:00:00', 100], ['2026-03-05T23:00:00', 110], ['2026-03-06T01:00:00', 5], ['2026-03-06T09:00:00', 25]]);
    await t.db.insert(machineLatest).values({ machine_tool_id: a, device_id: box, ts: cn('2026-03-07T09:00:00'), values: {}, state: 'running', state_since: cn('2026-03-06T08:00:00'), day: '2026-03-07' });

    const b = await machine();
    // a day the ingest kept already stays as it kept it
    await states(b, [['running', '2026-03-05T10:00:00', '2026-03-05T12:00:00'], ['running', '2026-03-06T10:00:00', '2026-03-06T11:00:00']]);
    await t.db.insert(machineDay).values({ machine_tool_id: b, day: '2026-03-06', parts: 7, run_s: 1 });

    await due();
    expect(await backfillMachineDays(t.db, cn('2026-03-10T12:00:00'))).toBe(3);
    expect(await days(a)).toEqual([
      ['2026-03-05', 10, 2 * HOUR],
      ['2026-03-06', 25, 2 * HOUR + 16 * HOUR],
    ]);
    expect(await days(b)).toEqual([
      ['2026-03-05', 0, 2 * HOUR],
      ['2026-03-06', 7, 1],
    ]);
    // once: a later start finds nothing to do, even with more history
    await states(b, [['running', '2026-03-04T10:00:00', '2026-03-04T11:00:00']]);
    expect(await backfillMachineDays(t.db, cn('2026-03-10T12:00:00'))).toBe(0);
    expect(await days(b)).toHaveLength(2);
  });

  it("cuts the days at the platform zone's midnights", async () => {
    setPlatformZone('America/New_York');
    const c = await machine();
    // 12:00 in China on 2024-11-03 is New York's midnight, and 13:00 on the 5th its midnight too: the 3rd there is
    // the 25-hour day the clocks go back on
    await states(c, [['running', '2024-11-03T12:00:00', '2024-11-05T13:00:00']]);
    await due();
    await backfillMachineDays(t.db, new Date('2024-11-10T12:00:00Z'));
    expect(await days(c)).toEqual([
      ['2024-11-03', 0, 25 * HOUR],
      ['2024-11-04', 0, 24 * HOUR],
    ]);
  });
});
