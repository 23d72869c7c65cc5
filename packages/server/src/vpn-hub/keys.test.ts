import { spawnSync } from 'node:child_process';
import { wgKeyError } from '@gw/contracts';
import { describe, expect, it } from 'vitest';
import { findTool } from './host.js';
import { generateKeyPair, publicKeyOf } from './keys.js';

describe('WireGuard keys', () => {
  it('come in pairs of two base64 keys of 32 bytes, a new pair each time', () => {
    const a = generateKeyPair();
    const b = generateKeyPair();
    for (const key of [a.privateKey, a.publicKey, b.privateKey]) expect(wgKeyError(key, '密钥')).toBeNull();
    expect(a.privateKey).not.toBe(b.privateKey);
    expect(publicKeyOf(a.privateKey)).toBe(a.publicKey);
  });

  it('give the public key `wg pubkey` gives', () => {
    const wg = findTool('wg');
    if (!wg) return console.warn('[vpn-hub] wg 未安装, 跳过与 wg pubkey 的比对 (wireguard-tools not installed)');
    const { privateKey, publicKey } = generateKeyPair();
    expect(spawnSync(wg, ['pubkey'], { input: privateKey, encoding: 'utf8' }).stdout.trim()).toBe(publicKey);
    // and one wg made: its public key as wg says
    const made = spawnSync(wg, ['genkey'], { encoding: 'utf8' }).stdout.trim();
    expect(publicKeyOf(made)).toBe(spawnSync(wg, ['pubkey'], { input: made, encoding: 'utf8' }).stdout.trim());
  });

  it('refuse a malformed private key with the Chinese reason', () => {
    expect(() => publicKeyOf('abc', '接口私钥')).toThrow(/^接口私钥格式不正确/);
  });
});
