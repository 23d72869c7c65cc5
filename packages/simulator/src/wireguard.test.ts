import { describe, expect, it } from 'vitest';
import { wgKeyError } from '@gw/contracts';
import { newWgKeyPair, wgKeyPairOf, wgPublicKey } from './wireguard.js';

describe('a simulated box’s WireGuard keys', () => {
  it('are X25519 keys as wg writes them, the public one derived from the private one', () => {
    const pair = newWgKeyPair();
    expect(wgKeyError(pair.privateKey, '私钥')).toBeNull();
    expect(wgKeyError(pair.publicKey, '公钥')).toBeNull();
    expect(wgPublicKey(pair.privateKey)).toBe(pair.publicKey);
    expect(newWgKeyPair().publicKey).not.toBe(pair.publicKey);
  });

  it('are the identity’s own when it holds one, else the same for the same secret and new for a new secret', () => {
    const pair = newWgKeyPair();
    expect(wgKeyPairOf({ secret: 's', wg_private_key: pair.privateKey })).toEqual(pair);
    expect(wgKeyPairOf({ secret: 's' })).toEqual(wgKeyPairOf({ secret: 's' }));
    expect(wgKeyPairOf({ secret: 't' }).publicKey).not.toBe(wgKeyPairOf({ secret: 's' }).publicKey);
    expect(wgKeyError(wgKeyPairOf({ secret: 's' }).publicKey, '公钥')).toBeNull();
  });
});
