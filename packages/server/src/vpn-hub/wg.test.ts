import { describe, expect, it } from 'vitest';
import { parseDump, peerChanges } from './wg.js';

describe('wg show dump', () => {
  it('reads each peer’s endpoint, allowed IPs, last handshake and byte counters', () => {
    const dump = [
      'cHJpdg==\tcHVi\t51820\toff',
      'Qk9YQQ==\t(none)\t198.18.1.2:40000\t10.8.0.2/32,10.100.1.0/24\t1764390000\t1200\t3400\t25',
      'Q0xJRU5U\t(none)\t(none)\t10.9.0.2/32\t0\t0\t0\toff',
    ].join('\n');
    expect(parseDump(`${dump}\n`)).toEqual({
      publicKey: 'cHVi',
      listenPort: 51820,
      peers: [
        { publicKey: 'Qk9YQQ==', endpoint: '198.18.1.2:40000', allowedIps: ['10.100.1.0/24', '10.8.0.2/32'], latestHandshake: new Date(1764390000_000), rxBytes: 1200, txBytes: 3400 },
        { publicKey: 'Q0xJRU5U', endpoint: null, allowedIps: ['10.9.0.2/32'], latestHandshake: null, rxBytes: 0, txBytes: 0 },
      ],
    });
  });
});

describe('peer changes', () => {
  it('remove peers gone, set new and changed ones, and leave the rest alone', () => {
    const before = new Map([
      ['K1', ['10.9.0.2/32']],
      ['K2', ['10.9.0.3/32']],
      ['K3', ['10.9.0.4/32']],
    ]);
    const after = new Map([
      ['K2', ['10.9.0.3/32']],
      ['K3', ['10.9.0.5/32']],
      ['K4', ['10.9.0.6/32']],
    ]);
    expect(peerChanges('gw0', before, after)).toEqual(['wg', 'set', 'gw0', 'peer', 'K1', 'remove', 'peer', 'K3', 'allowed-ips', '10.9.0.5/32', 'peer', 'K4', 'allowed-ips', '10.9.0.6/32']);
    expect(peerChanges('gw0', after, after)).toBeNull();
  });
});
