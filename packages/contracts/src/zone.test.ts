import { describe, expect, it } from 'vitest';
import { addDays, dayRangeOf, instantOfDate, instantOfWall, isTimeZone, utcOffsetMs, wallDateOf, wallMsOf, wallTimeOf } from './zone.js';

const HOUR = 3_600_000;
const SH = 'Asia/Shanghai';
const NY = 'America/New_York';
const iso = (ms: number) => new Date(ms).toISOString();
const utc = (text: string) => Date.parse(text);

describe('Asia/Shanghai', () => {
  it('is UTC+8 all year: dates and times as China reads them', () => {
    expect(utcOffsetMs(utc('2024-01-15T12:00:00Z'), SH)).toBe(8 * HOUR);
    expect(utcOffsetMs(utc('2024-07-15T12:00:00Z'), SH)).toBe(8 * HOUR);
    expect(wallTimeOf(utc('2024-07-01T00:00:00Z'), SH)).toBe('2024-07-01 08:00:00');
    expect(instantOfDate('2024-05-01', 8.5 * HOUR, SH)).toBe(utc('2024-05-01T00:30:00Z'));
  });

  it('starts a day at 16:00 UTC the day before, and a second before that is still the day before', () => {
    const [start, end] = dayRangeOf('2026-11-25', SH);
    expect([iso(start), iso(end)]).toEqual(['2026-11-24T16:00:00.000Z', '2026-11-25T16:00:00.000Z']);
    expect(wallDateOf(start, SH)).toBe('2026-11-25');
    expect(wallDateOf(start - 1000, SH)).toBe('2026-11-24');
    expect(wallTimeOf(start - 1000, SH)).toBe('2026-11-24 23:59:59');
    expect(wallDateOf(end - 1000, SH)).toBe('2026-11-25');
    expect(wallDateOf(end, SH)).toBe('2026-11-26');
  });

  it('adds calendar days across months and years, and back', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2024-12-31', 1)).toBe('2025-01-01');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
  });
});

describe('a zone with daylight saving, America/New_York', () => {
  it('takes each instant its own offset', () => {
    expect(utcOffsetMs(utc('2024-01-15T12:00:00Z'), NY)).toBe(-5 * HOUR);
    expect(utcOffsetMs(utc('2024-07-15T12:00:00Z'), NY)).toBe(-4 * HOUR);
    expect(wallTimeOf(utc('2024-07-15T12:00:00Z'), NY)).toBe('2024-07-15 08:00:00');
    expect(wallDateOf(utc('2024-01-16T03:00:00Z'), NY)).toBe('2024-01-15');
  });

  it('moves its clock at 02:00 on the wall either way: the offset changes at the very second', () => {
    // spring: 01:59:59 EST is followed by 03:00:00 EDT
    expect(wallTimeOf(utc('2024-03-10T06:59:59Z'), NY)).toBe('2024-03-10 01:59:59');
    expect(wallTimeOf(utc('2024-03-10T07:00:00Z'), NY)).toBe('2024-03-10 03:00:00');
    // autumn: 01:59:59 EDT is followed by 01:00:00 EST
    expect(wallTimeOf(utc('2024-11-03T05:59:59Z'), NY)).toBe('2024-11-03 01:59:59');
    expect(wallTimeOf(utc('2024-11-03T06:00:00Z'), NY)).toBe('2024-11-03 01:00:00');
  });

  it('has a 23-hour day when the clocks go forward and a 25-hour one when they go back', () => {
    const [springStart, springEnd] = dayRangeOf('2024-03-10', NY);
    expect(iso(springStart)).toBe('2024-03-10T05:00:00.000Z');
    expect((springEnd - springStart) / HOUR).toBe(23);
    const [fallStart, fallEnd] = dayRangeOf('2024-11-03', NY);
    expect(iso(fallStart)).toBe('2024-11-03T04:00:00.000Z');
    expect((fallEnd - fallStart) / HOUR).toBe(25);
    // the days either side are 24 hours
    const [before, beforeEnd] = dayRangeOf('2024-03-09', NY);
    expect((beforeEnd - before) / HOUR).toBe(24);
  });

  it('reads a skipped wall time as after the jump and a repeated one as its first', () => {
    // 02:30 does not exist on 2024-03-10: 03:30 EDT
    expect(iso(instantOfDate('2024-03-10', 2.5 * HOUR, NY))).toBe('2024-03-10T07:30:00.000Z');
    // 01:30 happens twice on 2024-11-03: the first is EDT
    expect(iso(instantOfDate('2024-11-03', 1.5 * HOUR, NY))).toBe('2024-11-03T05:30:00.000Z');
    // a shift starting 08:00 starts at 08:00 on the wall either side of the change
    expect(wallTimeOf(instantOfDate('2024-03-10', 8 * HOUR, NY), NY)).toBe('2024-03-10 08:00:00');
    expect(wallTimeOf(instantOfDate('2024-11-03', 8 * HOUR, NY), NY)).toBe('2024-11-03 08:00:00');
  });

  it('turns an instant into its wall time and back', () => {
    const wall = Date.UTC(2024, 2, 10, 8); // 08:00 on the day the clocks go forward
    expect(iso(instantOfWall(wall, NY))).toBe('2024-03-10T12:00:00.000Z');
    expect(wallMsOf(instantOfWall(wall, NY), NY)).toBe(wall);
    const autumn = Date.UTC(2024, 10, 3, 12);
    expect(wallMsOf(instantOfWall(autumn, NY), NY)).toBe(autumn);
  });
});

describe('isTimeZone', () => {
  it('knows IANA names and UTC, and no made-up or empty one', () => {
    expect(isTimeZone('Asia/Shanghai')).toBe(true);
    expect(isTimeZone('America/New_York')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone(' ')).toBe(false);
  });
});
