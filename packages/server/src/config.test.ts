import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

const KEY = 'xTIBA5rboUvnH4htodjb6e697QjLERt1NAB4mZqp8Dg=';

describe('the WireGuard hub settings (VPN_ENDPOINT, VPN_HUB_PUBLIC_KEY)', () => {
  it('are off when neither is set, and read when both are', () => {
    expect(loadConfig({}).vpnHub).toBeNull();
    expect(loadConfig({ VPN_ENDPOINT: 'vpn.example.com:51820', VPN_HUB_PUBLIC_KEY: KEY }).vpnHub).toEqual({ endpoint: 'vpn.example.com:51820', publicKey: KEY });
    expect(loadConfig({ VPN_ENDPOINT: '[2001:db8::1]:51820', VPN_HUB_PUBLIC_KEY: KEY }).vpnHub?.endpoint).toBe('[2001:db8::1]:51820');
  });

  it('refuse to start half set or malformed, saying which setting and why in Chinese', () => {
    expect(() => loadConfig({ VPN_ENDPOINT: 'vpn.example.com:51820' })).toThrow('VPN_ENDPOINT 与 VPN_HUB_PUBLIC_KEY 须同时设置');
    expect(() => loadConfig({ VPN_ENDPOINT: 'vpn.example.com', VPN_HUB_PUBLIC_KEY: KEY })).toThrow('VPN_ENDPOINT 应为 主机:端口');
    expect(() => loadConfig({ VPN_ENDPOINT: 'vpn.example.com:70000', VPN_HUB_PUBLIC_KEY: KEY })).toThrow('VPN_ENDPOINT 应为 主机:端口');
    expect(() => loadConfig({ VPN_ENDPOINT: 'vpn.example.com:51820', VPN_HUB_PUBLIC_KEY: 'abc' })).toThrow('VPN_HUB_PUBLIC_KEY: VPN 服务器公钥格式不正确');
  });
});

describe('the hub process’s secret (VPN_HUB_TOKEN)', () => {
  it('is empty when unset, kept when long enough, and refuses to start when too short to be a secret', () => {
    expect(loadConfig({}).vpnHubToken).toBe('');
    expect(loadConfig({ VPN_HUB_TOKEN: 'a'.repeat(32) }).vpnHubToken).toBe('a'.repeat(32));
    expect(() => loadConfig({ VPN_HUB_TOKEN: 'short-secret' })).toThrow('VPN_HUB_TOKEN 至少 32 个字符');
  });
});
