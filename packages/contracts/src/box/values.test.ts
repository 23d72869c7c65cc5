import { describe, expect, it } from 'vitest';
import { cncAlarmSchema } from './protocol.js';
import { CNC_COUNTER_MAX, cncCounter, cncValueFault } from './values.js';

const reason = (name: string, value: unknown) => cncValueFault(name, value)?.reason ?? null;

describe('the domain of a value a box sends', () => {
  it('takes a part counter that is an integer 0…2,147,483,647, as a number or a string of digits, or null', () => {
    for (const ok of [0, 1, 125, CNC_COUNTER_MAX, '125', ' 7 ', 12.0]) expect(cncCounter(ok), String(ok)).not.toBeNull();
    expect(cncCounter('125')).toBe(125);
    for (const bad of [-1, 1.5, CNC_COUNTER_MAX + 1, 1e308, 2 ** 53, Infinity, '', 'abc', '-1', '1e3', '12.5', true, [], {}]) {
      expect(cncCounter(bad), JSON.stringify(bad)).toBeNull();
      expect(reason('cnc_products', bad), JSON.stringify(bad)).toBe('out_of_range');
    }
    expect(reason('cnc_products', null)).toBeNull();
    expect(cncValueFault('cnc_products', 1e308)?.text).toBe('cnc_products = 1e+308,应为 0 至 2147483647 的整数');
  });

  it('holds alarms to their fields’ lengths, every other text to 256 characters, numbers finite, nesting to 8 levels', () => {
    const alarm = (over: Record<string, unknown>) => [{ alarm_no: 'SV0401', alarm_type: 'SV', alarm_msg: '伺服报警', ...over }];
    expect(reason('cnc_alarm', alarm({}))).toBeNull();
    expect(reason('cnc_alarm', alarm({ alarm_no: 'x'.repeat(32), alarm_type: 'x'.repeat(32), alarm_msg: '报'.repeat(256) }))).toBeNull();
    expect(cncValueFault('cnc_alarm', alarm({ alarm_no: 'x'.repeat(3000) }))).toEqual({ reason: 'too_long', text: 'cnc_alarm[0].alarm_no 长 3000 个字符,上限 32' });
    expect(reason('cnc_alarm', alarm({ alarm_type: 'x'.repeat(33) }))).toBe('too_long');
    expect(reason('cnc_alarm', alarm({ alarm_msg: 'x'.repeat(257) }))).toBe('too_long');
    // the schema the ingest reads alarms with says the same
    expect(cncAlarmSchema.safeParse(alarm({ alarm_no: 'x'.repeat(33) })[0]).success).toBe(false);

    expect(reason('cnc_mainproname', 'O'.repeat(256))).toBeNull();
    expect(cncValueFault('cnc_mainproname', 'O'.repeat(257))?.text).toBe('cnc_mainproname 长 257 个字符,上限 256');
    expect(cncValueFault('cnc_mecpos', [{ axis: 'X', value: 1 }, { axis: 'Y'.repeat(300), value: 2 }])?.text).toBe('cnc_mecpos[1].axis 长 300 个字符,上限 256');
    expect(reason('custom', { ['k'.repeat(257)]: 1 })).toBe('too_long');
    expect(cncValueFault('cnc_actspeed', Infinity)).toEqual({ reason: 'out_of_range', text: 'cnc_actspeed = Infinity,应为有限的数' });
    expect(reason('cnc_actspeed', -7990.5)).toBeNull();
    let deep: unknown = 1;
    for (let i = 0; i < 8; i++) deep = [deep];
    expect(reason('custom', deep)).toBeNull();
    expect(reason('custom', [deep])).toBe('too_deep');
    // a nesting far deeper than the stack is refused, not a crash
    let abyss: unknown = 1;
    for (let i = 0; i < 100_000; i++) abyss = [abyss];
    expect(reason('custom', abyss)).toBe('too_deep');
    expect(reason('cnc_products', abyss)).toBe('out_of_range');
  });
});
