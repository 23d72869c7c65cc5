import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_TIME_ZONE, fromWallMs, platformZone, setPlatformZone, toWallMs, zoneLabel, zoneToday } from './zone';

afterEach(() => setPlatformZone(DEFAULT_TIME_ZONE));

describe('the platform zone', () => {
  it('is Asia/Shanghai until the server names another, and keeps it for a name the browser does not know', () => {
    expect(platformZone()).toBe('Asia/Shanghai');
    setPlatformZone('Mars/Olympus');
    expect(platformZone()).toBe('Asia/Shanghai');
    setPlatformZone('America/New_York');
    expect(platformZone()).toBe('America/New_York');
  });

  it('names itself the way a reader says it', () => {
    expect(zoneLabel(Date.UTC(2024, 0, 1))).toBe('北京时间 (UTC+8)');
    setPlatformZone('America/New_York');
    expect(zoneLabel(Date.UTC(2024, 0, 1))).toMatch(/\(UTC-5\)$/);
    expect(zoneLabel(Date.UTC(2024, 6, 1))).toMatch(/\(UTC-4\)$/);
  });

  it("knows today's date there, not the browser's", () => {
    // 17:00 UTC is 01:00 the next day in China
    expect(zoneToday(Date.UTC(2024, 4, 1, 17))).toBe('2024-05-02');
    setPlatformZone('America/New_York');
    expect(zoneToday(Date.UTC(2024, 4, 1, 3))).toBe('2024-04-30');
  });

  it('turns instants into wall times and back in the zone the server named', () => {
    const wall = Date.UTC(2024, 2, 10, 8); // 08:00
    expect(new Date(fromWallMs(wall)).toISOString()).toBe('2024-03-10T00:00:00.000Z');
    setPlatformZone('America/New_York');
    expect(new Date(fromWallMs(wall)).toISOString()).toBe('2024-03-10T12:00:00.000Z');
    expect(toWallMs(fromWallMs(wall))).toBe(wall);
  });
});
