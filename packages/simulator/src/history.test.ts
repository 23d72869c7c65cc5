import { describe, expect, it } from 'vitest';
import { boxTrafficSchema, deriveMachineState, telemetryMessageSchema } from '@gw/contracts';
import { DATA_ITEMS_MAX, boxHistory, chinaMidnight } from './history.js';
import type { BoxIdentity } from './identity.js';

const DAY = 86_400_000;
const box: BoxIdentity = {
  gateway_id: 'HIS-0001',
  secret: 's',
  machines: [
    { code: 'M1', category: 'fanuc' },
    { code: 'M2', category: 'siemens_cnc' },
  ],
};
const to = Date.UTC(2026, 10, 28, 6, 30); // 14:30 China time
const from = chinaMidnight(to) - 7 * DAY;

describe('the history a box kept', () => {
  const history = boxHistory(box, from, to);
  const items = history.data.flat();

  it('is made of valid data messages of at most 100 readings, oldest first, within the span', () => {
    for (const message of history.data) {
      expect(message.length).toBeLessThanOrEqual(DATA_ITEMS_MAX);
      expect(telemetryMessageSchema.safeParse(message).success).toBe(true);
    }
    expect(items.length).toBe(history.readings);
    expect(items.every((item, i) => i === 0 || item.ts >= items[i - 1].ts)).toBe(true);
    expect(items[0].ts).toBe(from);
    expect(items.at(-1)!.ts).toBeLessThan(to);
  });

  it('has every machine tool running, pausing and alarming on each working day, and idle at night', () => {
    for (const { code, category } of box.machines) {
      const states = items
        .filter((i) => i.device_id === code)
        .map((i) => ({ ts: i.ts, state: deriveMachineState(category, Object.fromEntries(i.values.map((v) => [v.name, v.value]))) }));
      const runningDays = new Set(states.filter((s) => s.state === 'running').map((s) => chinaMidnight(s.ts)));
      expect(runningDays.size).toBeGreaterThanOrEqual(6);
      expect(states.some((s) => s.state === 'alarm')).toBe(true);
      expect(states.some((s) => s.state === 'idle')).toBe(true);
      // 02:00–05:00 China time on a day-shift machine is idle; a night-shift one may run: not both run all night
      const running = states.filter((s) => s.state === 'running').length / states.length;
      expect(running).toBeGreaterThan(0.4);
    }
  });

  it('counts parts up while running (a counter that wraps at 10,000), and ends where the live machine goes on', () => {
    for (const { code } of box.machines) {
      const counts = items.filter((i) => i.device_id === code).map((i) => i.values.find((v) => v.name === 'cnc_products')!.value as number);
      const drops = counts.filter((n, i) => i > 0 && n < counts[i - 1]).length;
      expect(drops).toBeLessThanOrEqual(1);
      expect(counts.at(-1)).toBe(history.products.get(code));
      expect(new Set(counts).size).toBeGreaterThan(50);
    }
  });

  it('reports rising byte counters every few hours', () => {
    expect(history.traffic.length).toBe(Math.floor((to - from) / (3 * 3_600_000)));
    for (const [i, report] of history.traffic.entries()) {
      expect(boxTrafficSchema.safeParse(report).success).toBe(true);
      if (i) expect(report.tx).toBeGreaterThanOrEqual(history.traffic[i - 1].tx);
    }
    expect(history.tx).toBeGreaterThan(0);
  });

  it('is the same history for the same box and span: delivered twice, the platform stores each reading once', () => {
    expect(boxHistory(box, from, to)).toEqual(history);
  });
});
