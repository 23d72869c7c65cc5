import { describe, expect, it } from 'vitest';
import { type MachineCursor, closedDays, goOffline, step } from './machine-step.js';

/** Readings of a machine of no known brand: cnc_runstatus non-zero is running, zero idle. */
function run(readings: [string, number, number?][]): MachineCursor {
  let cursor: MachineCursor | null = null;
  for (const [at, runstatus, products] of readings) {
    cursor = step(cursor, 'modbus', new Date(at), { cnc_runstatus: runstatus, ...(products === undefined ? {} : { cnc_products: products }) });
  }
  return cursor!;
}

describe("a machine tool's figures of the day (首页's 今日产量)", () => {
  it("counts the parts and closed running time of the reading's China-time day", () => {
    const c = run([
      ['2026-11-24T08:00:00+08:00', 1, 10], // running; the first counter reading adds nothing
      ['2026-11-24T09:00:00+08:00', 1, 25], // +15
      ['2026-11-24T09:30:00+08:00', 0, 40], // +15, running 08:00–09:30 closes: 5,400 s
      ['2026-11-24T10:00:00+08:00', 1, 3], // reset to 3: +3
      ['2026-11-24T10:15:00+08:00', 0], // running 10:00–10:15: 900 s
    ]);
    expect(c).toMatchObject({ day: '2026-11-24', dayParts: 33, dayRunS: 6300, partsTotal: 33 });
  });

  it('starts a new day at China midnight: a period running across it counts from 00:00, parts from the first reading after it', () => {
    const c = run([
      ['2026-11-24T23:00:00+08:00', 1, 100],
      ['2026-11-24T23:30:00+08:00', 1, 110], // +10 on the 24th
      ['2026-11-25T00:30:00+08:00', 1, 130], // +20 on the 25th
      ['2026-11-25T01:00:00+08:00', 0], // running 23:00–01:00 closes: 3,600 s of it on the 25th
    ]);
    expect(c).toMatchObject({ day: '2026-11-25', dayParts: 20, dayRunS: 3600, partsTotal: 30 });
  });

  it('keeps an open running period out of the stored seconds (it is added when read)', () => {
    const c = run([
      ['2026-11-24T08:00:00+08:00', 0, 1],
      ['2026-11-24T09:00:00+08:00', 1, 1],
      ['2026-11-24T11:00:00+08:00', 1, 5],
    ]);
    expect(c).toMatchObject({ state: 'running', dayRunS: 0, dayParts: 4, stateSince: new Date('2026-11-24T09:00:00+08:00') });
  });
});

describe("a machine tool's finished days (首页's trends)", () => {
  it('closes nothing while the readings stay on one day', () => {
    const c = run([['2026-11-24T08:00:00+08:00', 1, 10]]);
    expect(closedDays(c, new Date('2026-11-24T23:59:00+08:00'))).toEqual([]);
    expect(closedDays(null, new Date('2026-11-24T23:59:00+08:00'))).toEqual([]);
  });

  it("closes the cursor's day with its parts and the running period open at its end counted to midnight", () => {
    const c = run([
      ['2026-11-24T08:00:00+08:00', 1, 10],
      ['2026-11-24T09:00:00+08:00', 0, 30], // ran 08:00–09:00, +20
      ['2026-11-24T22:00:00+08:00', 1], // running from 22:00 into the night
    ]);
    expect(closedDays(c, new Date('2026-11-25T01:00:00+08:00'))).toEqual([{ day: '2026-11-24', parts: 20, run_s: 3600 + 2 * 3600 }]);
  });

  it('fills the silent whole days a running machine ran through, and none for a standing one', () => {
    const running = run([['2026-11-24T12:00:00+08:00', 1, 0]]);
    expect(closedDays(running, new Date('2026-11-27T06:00:00+08:00'))).toEqual([
      { day: '2026-11-24', parts: 0, run_s: 12 * 3600 },
      { day: '2026-11-25', parts: 0, run_s: 86_400 },
      { day: '2026-11-26', parts: 0, run_s: 86_400 },
    ]);
    const standing = run([['2026-11-24T12:00:00+08:00', 0, 0]]);
    expect(closedDays(standing, new Date('2026-11-27T06:00:00+08:00'))).toEqual([{ day: '2026-11-24', parts: 0, run_s: 0 }]);
  });

  it('stops a machine whose box went offline at its last reading: no running day filled through the silence', () => {
    const gone = goOffline(run([['2026-11-24T12:00:00+08:00', 1, 0], ['2026-11-24T13:00:00+08:00', 1, 4]]));
    expect(gone).toMatchObject({ state: 'offline', stateSince: new Date('2026-11-24T13:00:00+08:00'), dayParts: 4, dayRunS: 3600 });
    expect(goOffline(gone)).toBe(gone);
    expect(closedDays(gone, new Date('2026-11-27T06:00:00+08:00'))).toEqual([{ day: '2026-11-24', parts: 4, run_s: 3600 }]);
  });
});
