import { describe, expect, it } from 'vitest';
import { lanPlan, natScript } from './lan-plan.js';
import { underlayBlock, underlayLink } from './underlay.js';

describe('a --vpn box’s LAN', () => {
  it('puts each machine tool at its platform address, in the platform’s order when the identity names none, or behind the NAT at its own', () => {
    const plan = lanPlan('GW-1', [{ code: 'M1' }, { code: 'M2', ip: '10.100.7.9' }, { code: 'M3' }], { lan: '10.100.7.1/24', nat: [{ ip: '10.100.7.9', lan_ip: '192.168.1.20' }] });
    expect(plan).toEqual({
      gateway: '10.100.7.1',
      machines: [
        { code: 'M1', name: '机床 M1 (GW-1)', ip: '10.100.7.2', address: '10.100.7.2', nat: false },
        { code: 'M2', name: '机床 M2 (GW-1)', ip: '10.100.7.9', address: '192.168.1.20', nat: true },
        { code: 'M3', name: '机床 M3 (GW-1)', ip: '10.100.7.4', address: '10.100.7.4', nat: false },
      ],
    });
  });

  it('writes the 1:1 NAT as one nftables table replaced whole', () => {
    const script = natScript('gw_box_nat', [{ ip: '10.100.7.9', lan_ip: '192.168.1.20' }]);
    expect(script).toContain('add table ip gw_box_nat\ndelete table ip gw_box_nat\n');
    expect(script).toContain('type nat hook prerouting priority dstnat; policy accept;');
    expect(script).toContain('ip daddr 10.100.7.9 dnat to 192.168.1.20');
  });
});

describe('the boxes’ underlay', () => {
  it('cuts a /30 per box from a block on 198.18.0.0/15, and refuses any other block in one line', () => {
    const block = underlayBlock('198.19.0.0/16');
    if (typeof block === 'string') throw new Error(block);
    expect(underlayLink(block, 0)).toEqual({ far: '198.19.0.1/30', box: '198.19.0.2/30', via: '198.19.0.1' });
    expect(underlayLink(block, 70)).toEqual({ far: '198.19.1.25/30', box: '198.19.1.26/30', via: '198.19.1.25' });
    const small = underlayBlock('198.18.5.0/28') as Exclude<ReturnType<typeof underlayBlock>, string>;
    expect(underlayLink(small, 3)).not.toBeNull();
    expect(underlayLink(small, 4)).toBeNull();
    expect(underlayBlock('10.0.0.0/16')).toMatch(/^--vpn-underlay 应为 198\.18\.0\.0\/15 内的网段/);
    expect(underlayBlock('198.18.0.0/30')).toMatch(/^--vpn-underlay/);
  });
});
