import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { isTimeZone, zoneDate, zoneDay, zoneDayRange, zoneInstant, zoneOffsetMs, zoneTime } from './platform-zone.js';

const HOUR = 3_600_000;
const NY = 'America/New_York';

describe('the platform zone, Asia/Shanghai (the default)', () => {
  it('is UTC+8 all year: dates, times and days as China reads them', () => {
    const late = new Date('2026-11-24T16:30:00Z'); // 00:30 on the 25th in China
    expect(zoneDate(late)).toBe('2026-11-25');
    expect(zoneTime(late)).toBe('2026-11-25 00:30:00');
    expect(zoneTime('2024-07-01T00:00:00Z')).toBe('2024-07-01 08:00:00');
    expect(zoneTime(null)).toBe('');
    expect(zoneTime('nonsense')).toBe('');
    expect(zoneDay(late).map((d) => d.toISOString())).toEqual(['2026-11-24T16:00:00.000Z', '2026-11-25T16:00:00.000Z']);
    expect(zoneInstant('2024-05-01', 8.5 * HOUR).toISOString()).toBe('2024-05-01T00:30:00.000Z');
  });
});

describe('a zone with daylight saving, America/New_York', () => {
  it('takes each day its own offset', () => {
    expect(zoneOffsetMs(new Date('2024-01-15T12:00:00Z'), NY)).toBe(-5 * HOUR);
    expect(zoneOffsetMs(new Date('2024-07-15T12:00:00Z'), NY)).toBe(-4 * HOUR);
    expect(zoneTime('2024-07-15T12:00:00Z', NY)).toBe('2024-07-15 08:00:00');
    expect(zoneDate(new Date('2024-01-16T03:00:00Z'), NY)).toBe('2024-01-15');
  });

  it('has a 23-hour day when the clocks go forward and a 25-hour one when they go back', () => {
    const [springStart, springEnd] = zoneDayRange('2024-03-10', NY);
    expect(springStart.toISOString()).toBe('2024-03-10T05:00:00.000Z');
    expect((springEnd.getTime() - springStart.getTime()) / HOUR).toBe(23);
    const [fallStart, fallEnd] = zoneDayRange('2024-11-03', NY);
    expect(fallStart.toISOString()).toBe('2024-11-03T04:00:00.000Z');
    expect((fallEnd.getTime() - fallStart.getTime()) / HOUR).toBe(25);
  });

  it('reads a skipped wall time as after the jump and a repeated one as its first', () => {
    // 02:30 does not exist on 2024-03-10: 03:30 EDT
    expect(zoneInstant('2024-03-10', 2.5 * HOUR, NY).toISOString()).toBe('2024-03-10T07:30:00.000Z');
    // 01:30 happens twice on 2024-11-03: the first is EDT
    expect(zoneInstant('2024-11-03', 1.5 * HOUR, NY).toISOString()).toBe('2024-11-03T05:30:00.000Z');
    // a shift starting 08:00 starts at 08:00 on the wall either side of the change
    expect(zoneTime(zoneInstant('2024-03-10', 8 * HOUR, NY), NY)).toBe('2024-03-10 08:00:00');
    expect(zoneTime(zoneInstant('2024-11-03', 8 * HOUR, NY), NY)).toBe('2024-11-03 08:00:00');
  });
});

describe('TIME_ZONE', () => {
  it('defaults to Asia/Shanghai and takes any IANA zone', () => {
    expect(loadConfig({}).timeZone).toBe('Asia/Shanghai');
    expect(loadConfig({ TIME_ZONE: 'America/New_York' }).timeZone).toBe('America/New_York');
    expect(isTimeZone('UTC')).toBe(true);
  });

  it('refuses a zone nobody has, in one line naming the setting', () => {
    expect(() => loadConfig({ TIME_ZONE: 'Mars/Olympus' })).toThrow(/^环境变量 TIME_ZONE 应为 IANA 时区名.*"Mars\/Olympus"$/);
    expect(() => loadConfig({ TIME_ZONE: 'Beijing' })).toThrow(/TIME_ZONE/);
  });
});
