import { describe, expect, it } from 'vitest';
import { BRAND_TABLES, deriveMachineState, telemetryItemSchema } from '@gw/contracts';
import { SimulatedMachine } from './machine.js';

/** An hour of a machine tool, one sample a second: its values by name, per second. */
function anHour(category: string) {
  const machine = new SimulatedMachine({ code: 'M1', category });
  const start = Date.now();
  return Array.from({ length: 3600 }, (_, s) => {
    const item = telemetryItemSchema.parse(machine.sample(start + s * 1000));
    return Object.fromEntries(item.values.map((v) => [v.name, v.value]));
  });
}

describe('a simulated machine tool', () => {
  it.each(['fanuc', 'mitsubishi', 'siemens_cnc'])('%s: only its brand’s codes, parts counted up (or back to 0), spindle speed following its state', (category) => {
    const samples = anHour(category);
    const tables = BRAND_TABLES[category]!;
    for (const v of samples) {
      expect(tables.runStatus.map((c) => c.code)).toContain(v.cnc_runstatus);
      expect(tables.emergency.map((c) => c.code)).toContain(v.cnc_emer);
      expect(tables.mode.map((c) => c.code)).toContain(v.cnc_mode);
    }
    const products = samples.map((v) => v.cnc_products as number);
    expect(products.at(-1)! > products[0] || products.includes(0)).toBe(true);
    products.slice(1).forEach((p, i) => expect(p === 0 || p >= products[i]).toBe(true));
    const states = new Set(samples.map((v) => deriveMachineState(category, v)));
    expect(states.has('running') || states.has('idle')).toBe(true);
    // spindle at rest when not running, at its set speed (±2 %) when it is
    for (const v of samples) {
      if (deriveMachineState(category, v) !== 'running') expect(v.cnc_actspeed).toBe(0);
      else expect(Math.abs((v.cnc_actspeed as number) - (v.cnc_setspeed as number))).toBeLessThanOrEqual((v.cnc_setspeed as number) * 0.02 + 1);
    }
  });
});
