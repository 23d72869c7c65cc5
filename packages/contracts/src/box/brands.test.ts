import { describe, expect, it } from 'vitest';
import { BRAND_TABLES, deriveMachineState } from './brands.js';

describe('deriveMachineState', () => {
  it('FANUC: STRT runs, STOP and HOLD idle, emergency or alarms are an alarm', () => {
    expect(deriveMachineState('fanuc', { cnc_runstatus: 3, cnc_emer: 0, cnc_alarm: [] })).toBe('running');
    expect(deriveMachineState('fanuc', { cnc_runstatus: '3' })).toBe('running');
    expect(deriveMachineState('fanuc', { cnc_runstatus: 1, cnc_emer: 0 })).toBe('idle');
    expect(deriveMachineState('fanuc', { cnc_runstatus: 2 })).toBe('idle');
    expect(deriveMachineState('fanuc', { cnc_runstatus: 3, cnc_emer: 1 })).toBe('alarm');
    expect(deriveMachineState('fanuc', { cnc_runstatus: 3, cnc_alarm: [{ alarm_no: '1001' }] })).toBe('alarm');
    expect(deriveMachineState('fanuc', { cnc_emer: 2 })).toBe('idle');
  });
  it('Mitsubishi and Siemens use their own run codes', () => {
    expect(deriveMachineState('mitsubishi', { cnc_runstatus: 1 })).toBe('running');
    expect(deriveMachineState('mitsubishi', { cnc_runstatus: 3 })).toBe('idle');
    expect(deriveMachineState('siemens_cnc', { cnc_runstatus: 3 })).toBe('running');
    expect(deriveMachineState('siemens_cnc', { cnc_runstatus: 1 })).toBe('idle');
    expect(deriveMachineState('siemens_cnc', { cnc_runstatus: 3, cnc_emer: 1 })).toBe('alarm');
  });
  it('brands without tables: non-zero run status runs', () => {
    expect(deriveMachineState('gsk', { cnc_runstatus: 1 })).toBe('running');
    expect(deriveMachineState('gsk', {})).toBe('idle');
  });
  it('every table has unique codes', () => {
    for (const tables of Object.values(BRAND_TABLES)) {
      for (const table of [tables!.runStatus, tables!.emergency, tables!.mode]) {
        expect(new Set(table.map((c) => c.code)).size).toBe(table.length);
      }
    }
  });
});
