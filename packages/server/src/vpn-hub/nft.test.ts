import type { HubState } from '@gw/contracts';
import { describe, expect, it } from 'vitest';
import { allowedElements, elementsScript, tableScript } from './nft.js';

const withFlows = (flows: HubState['flows']) => ({ flows }) as HubState;

describe('the allowed pairs', () => {
  it('are (client . destination) for any port, (client . destination . port) for chosen ones', () => {
    const flows = [{ id: 's', client: '10.9.0.2', to: [{ address: '10.100.1.0/24' }, { address: '10.8.0.2', ports: [80, 22] }] }];
    expect(allowedElements(withFlows(flows))).toEqual({ pairs: ['10.9.0.2 . 10.100.1.0/24'], ports: ['10.9.0.2 . 10.8.0.2 . 22', '10.9.0.2 . 10.8.0.2 . 80'] });
  });

  it('leave out what another grant of the same client covers, and repeat nothing', () => {
    const flows = [
      { id: 's1', client: '10.9.0.2', to: [{ address: '10.100.1.7' }, { address: '10.100.1.8', ports: [80] }] },
      { id: 's2', client: '10.9.0.2', to: [{ address: '10.100.1.0/24' }] },
      { id: 's3', client: '10.9.0.2', to: [{ address: '10.100.1.0/24' }] },
      { id: 's4', client: '10.9.0.3', to: [{ address: '10.100.1.7' }] },
    ];
    expect(allowedElements(withFlows(flows))).toEqual({ pairs: ['10.9.0.2 . 10.100.1.0/24', '10.9.0.3 . 10.100.1.7'], ports: [] });
  });
});

describe('the nft scripts', () => {
  it('replace the table in one transaction, with a drop policy and the interface named', () => {
    const script = tableScript('gw0', { pairs: [], ports: [] });
    expect(script.split('\n').slice(0, 2)).toEqual(['table inet gw_hub {}', 'delete table inet gw_hub']);
    expect(script).toContain('policy drop;');
    expect(script).toContain('iifname != "gw0" oifname != "gw0" accept');
    expect(script).not.toContain('elements');
  });

  it('change only the elements that differ, removals first', () => {
    const before = { pairs: ['10.9.0.2 . 10.100.1.7'], ports: [] };
    const after = { pairs: ['10.9.0.2 . 10.100.1.0/24'], ports: [] };
    expect(elementsScript(before, after)).toBe('delete element inet gw_hub pairs { 10.9.0.2 . 10.100.1.7 }\nadd element inet gw_hub pairs { 10.9.0.2 . 10.100.1.0/24 }\n');
    expect(elementsScript(after, after)).toBeNull();
  });
});
