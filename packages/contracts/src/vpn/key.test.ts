import { describe, expect, it } from 'vitest';
import { WG_KEY_PATTERN, wgKeyError, wgKeySchema } from './key.js';

// a key as `wg genkey | wg pubkey` prints it
const KEY = 'HIgo9xNzJMWLKASShiTqIybxZ0U3wGLiUeJ1PKf8ykw=';

describe('a WireGuard key', () => {
  it('is 44 characters of base64 that decode to 32 bytes', () => {
    expect(wgKeyError(KEY, '公钥')).toBeNull();
    expect(Buffer.from(KEY, 'base64')).toHaveLength(32);
    expect(WG_KEY_PATTERN.test(KEY)).toBe(true);
  });

  it('is refused with a Chinese message naming the field when it is empty, short, long or not base64', () => {
    expect(wgKeyError('', '客户端公钥')).toBe('客户端公钥不能为空');
    expect(wgKeyError(undefined, '公钥')).toBe('公钥不能为空');
    expect(wgKeyError(KEY.slice(1), '公钥')).toMatch(/^公钥格式不正确: 应为 44 个字符.*实为 43 个字符$/);
    expect(wgKeyError(`${KEY}=`, '公钥')).toMatch(/实为 45 个字符/);
    expect(wgKeyError(`${KEY.slice(0, 10)}*${KEY.slice(11)}`, '私钥')).toBe('私钥格式不正确: 应为 base64 编码的 32 字节 WireGuard 密钥');
    // 44 characters of base64 that are 33 bytes (no padding) or 31 bytes (two '=')
    expect(wgKeyError(Buffer.alloc(33, 7).toString('base64'), '公钥')).not.toBeNull();
    expect(wgKeyError(`${Buffer.alloc(31, 7).toString('base64')}`.padEnd(44, '='), '公钥')).not.toBeNull();
  });

  it('is refused when its last character holds bits that are no part of 32 bytes (wg refuses those too)', () => {
    const stray = `${KEY.slice(0, 42)}x=`;
    expect(Buffer.from(stray, 'base64')).toHaveLength(32);
    expect(wgKeyError(stray, '公钥')).not.toBeNull();
  });

  it('accepts every 32-byte value, as base64 writes it', () => {
    for (const fill of [0, 1, 127, 128, 255]) expect(wgKeyError(Buffer.alloc(32, fill).toString('base64'), '公钥')).toBeNull();
  });

  it('carries the field in its schema message', () => {
    const result = wgKeySchema('盒子公钥').safeParse('abc');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].message).toMatch(/^盒子公钥格式不正确/);
  });
});
