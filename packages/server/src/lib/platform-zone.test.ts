import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { DEFAULT_TIME_ZONE, platformZone, setPlatformZone, zoneDate, zoneDay, zoneInstant, zoneTime } from './platform-zone.js';

const HOUR = 3_600_000;

afterEach(() => setPlatformZone(DEFAULT_TIME_ZONE));

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

  it('is the zone the server was started with: every day and time follows it', () => {
    setPlatformZone('America/New_York');
    expect(platformZone()).toBe('America/New_York');
    expect(zoneTime('2024-07-15T12:00:00Z')).toBe('2024-07-15 08:00:00');
    const [start, end] = zoneDay(new Date('2024-11-03T12:00:00Z'));
    expect((end.getTime() - start.getTime()) / HOUR).toBe(25);
  });
});

describe('TIME_ZONE', () => {
  it('defaults to Asia/Shanghai and takes any IANA zone', () => {
    expect(loadConfig({}).timeZone).toBe('Asia/Shanghai');
    expect(loadConfig({ TIME_ZONE: 'America/New_York' }).timeZone).toBe('America/New_York');
  });

  it('refuses a zone nobody has, in one line naming the setting', () => {
    expect(() => loadConfig({ TIME_ZONE: 'Mars/Olympus' })).toThrow(/^环境变量 TIME_ZONE 应为 IANA 时区名.*"Mars\/Olympus"$/);
    expect(() => loadConfig({ TIME_ZONE: 'Beijing' })).toThrow(/TIME_ZONE/);
    expect(() => setPlatformZone('Beijing')).toThrow(/TIME_ZONE/);
  });
});
