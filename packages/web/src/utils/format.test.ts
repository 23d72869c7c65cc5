import { afterEach, describe, expect, it } from 'vitest';
import { formatDuration, parseTime, statusTag, statusTagColor, toFixed2 } from './format';
import { DEFAULT_TIME_ZONE, setPlatformZone } from './zone';

describe('toFixed2', () => {
  it('truncates instead of rounding', () => {
    expect(toFixed2(1.239)).toBe('1.23');
    expect(toFixed2('9.999')).toBe('9.99');
    expect(toFixed2(0.29)).toBe('0.29');
    expect(toFixed2(-1.239)).toBe('-1.23');
  });
  it('pads to two decimals', () => {
    expect(toFixed2(3)).toBe('3.00');
    expect(toFixed2('2.5')).toBe('2.50');
  });
  it("gives '0.00' for empty or non-numeric input", () => {
    expect(toFixed2('')).toBe('0.00');
    expect(toFixed2(null)).toBe('0.00');
    expect(toFixed2('abc')).toBe('0.00');
    expect(toFixed2(-0.001)).toBe('0.00');
    expect(toFixed2(1e-7)).toBe('0.00');
  });
});

describe('parseTime', () => {
  // 2023-11-15 08:05:03 in the platform's zone (Asia/Shanghai by default), a Wednesday
  const at = new Date(Date.UTC(2023, 10, 15, 0, 5, 3));
  const seconds = at.getTime() / 1000;
  const runnerZone = process.env.TZ;
  afterEach(() => {
    setPlatformZone(DEFAULT_TIME_ZONE);
    // Node reads TZ again when it changes: the tests below play a browser elsewhere
    if (runnerZone === undefined) delete process.env.TZ;
    else process.env.TZ = runnerZone;
  });

  it("uses '{y}-{m}-{d} {h}:{i}:{s}' by default", () => {
    expect(parseTime(at)).toBe('2023-11-15 08:05:03');
  });
  it('treats 10-digit numbers and digit strings as seconds, longer ones as milliseconds', () => {
    expect(parseTime(seconds)).toBe('2023-11-15 08:05:03');
    expect(parseTime(String(seconds))).toBe('2023-11-15 08:05:03');
    expect(parseTime(at.getTime())).toBe('2023-11-15 08:05:03');
  });
  it('renders the weekday in Chinese with {a}', () => {
    expect(parseTime(seconds, '{y}/{m}/{d} 星期{a}')).toBe('2023/11/15 星期三');
    expect(parseTime('2023-11-19', '{a}')).toBe('日');
  });
  it('reads a time without a zone as the platform\'s wall time', () => {
    expect(parseTime('2023-11-15 08:05:03', '{m}{d}{h}{i}')).toBe('11150805');
    expect(parseTime('2023/11/15 08:05:03')).toBe('2023-11-15 08:05:03');
  });
  it('shows an ISO time as the API answers it in the platform\'s zone', () => {
    expect(parseTime(at.toISOString())).toBe('2023-11-15 08:05:03');
    expect(parseTime('2023-11-15T00:05:03+00:00')).toBe('2023-11-15 08:05:03');
    expect(parseTime('2099-12-12T00:00:00+08:00')).toBe('2099-12-12 00:00:00');
  });
  it("shows the platform's time whatever the browser's zone", () => {
    for (const zone of ['UTC', 'America/New_York', 'Asia/Kolkata']) {
      process.env.TZ = zone;
      expect(parseTime(at.toISOString())).toBe('2023-11-15 08:05:03');
      expect(parseTime('2023-11-15 08:05:03', '{h}:{i}')).toBe('08:05');
    }
  });
  it('follows the zone the server names, daylight saving included', () => {
    setPlatformZone('America/New_York');
    expect(parseTime(at.toISOString())).toBe('2023-11-14 19:05:03');
    expect(parseTime('2024-07-01T12:00:00Z')).toBe('2024-07-01 08:00:00');
    expect(parseTime('2024-07-01 08:00:00', '{h}')).toBe('08');
  });
  it("gives '' for empty and invalid input", () => {
    expect(parseTime(null)).toBe('');
    expect(parseTime('')).toBe('');
    expect(parseTime(undefined)).toBe('');
    expect(parseTime('not a date')).toBe('');
  });
});

describe('formatDuration', () => {
  it('leaves out leading zero units but keeps inner ones', () => {
    expect(formatDuration(59)).toBe('59秒');
    expect(formatDuration(90)).toBe('1分钟30秒');
    expect(formatDuration(3600)).toBe('1小时0分钟0秒');
    expect(formatDuration(90_061)).toBe('1天1小时1分钟1秒');
    expect(formatDuration(86_400)).toBe('1天0小时0分钟0秒');
  });
  it("shows '0秒' for nothing", () => {
    expect(formatDuration(0)).toBe('0秒');
    expect(formatDuration(null)).toBe('0秒');
    expect(formatDuration(-5)).toBe('0秒');
  });
});

describe('statusTag', () => {
  it('maps published, draft and deleted', () => {
    expect(statusTag('published')).toBe('success');
    expect(statusTag('draft')).toBe('info');
    expect(statusTag('deleted')).toBe('danger');
    expect(statusTag('other')).toBeUndefined();
  });
  it('names the antd Tag colour for each', () => {
    expect(statusTagColor('published')).toBe('success');
    expect(statusTagColor('draft')).toBe('default');
    expect(statusTagColor('deleted')).toBe('error');
    expect(statusTagColor('other')).toBe('default');
  });
});
