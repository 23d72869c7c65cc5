import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadOrCreateKey } from './key-file.js';
import { publicKeyOf } from './keys.js';
import { DEFAULT_KEY_FILE, loadHubSettings } from './settings.js';

const TOKEN = 'x'.repeat(32);

describe('the hub process’s settings', () => {
  it('takes the platform’s URL and token, with the interface, port and key file by default', () => {
    expect(loadHubSettings({ VPN_HUB_API: 'https://iot.example.com/', VPN_HUB_TOKEN: TOKEN })).toEqual({
      api: 'https://iot.example.com',
      token: TOKEN,
      interfaceName: 'gw0',
      listenPort: 51820,
      keyFile: DEFAULT_KEY_FILE,
    });
    expect(loadHubSettings({ VPN_HUB_API: 'http://198.18.0.1:9527', VPN_HUB_TOKEN: TOKEN, VPN_INTERFACE: 'wg-hub', VPN_LISTEN_PORT: '443' })).toMatchObject({ interfaceName: 'wg-hub', listenPort: 443 });
  });

  it('names the setting it cannot run with', () => {
    expect(() => loadHubSettings({ VPN_HUB_TOKEN: TOKEN })).toThrow('VPN_HUB_API');
    expect(() => loadHubSettings({ VPN_HUB_API: 'ftp://x', VPN_HUB_TOKEN: TOKEN })).toThrow('VPN_HUB_API');
    expect(() => loadHubSettings({ VPN_HUB_API: 'https://x', VPN_HUB_TOKEN: 'short' })).toThrow('VPN_HUB_TOKEN');
    expect(() => loadHubSettings({ VPN_HUB_API: 'https://x', VPN_HUB_TOKEN: TOKEN, VPN_INTERFACE: 'a name; rm -rf' })).toThrow('VPN_INTERFACE');
    expect(() => loadHubSettings({ VPN_HUB_API: 'https://x', VPN_HUB_TOKEN: TOKEN, VPN_LISTEN_PORT: '70000' })).toThrow('VPN_LISTEN_PORT');
  });
});

describe('the hub’s key file', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'gw-hub-key-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('is made on the first start, readable by its owner only, and read again unchanged later', () => {
    const file = path.join(dir, 'state', 'private.key');
    const first = loadOrCreateKey(file);
    expect(first.created).toBe(true);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(path.dirname(file)).mode & 0o777).toBe(0o700);
    expect(publicKeyOf(readFileSync(file, 'utf8').trim())).toBe(first.publicKey);
    expect(loadOrCreateKey(file)).toEqual({ ...first, created: false });
  });

  it('refuses a file that holds no key rather than replacing it', () => {
    const file = path.join(dir, 'broken.key');
    writeFileSync(file, 'not a key\n', { mode: 0o600 });
    expect(() => loadOrCreateKey(file)).toThrow(/私钥文件 .*broken\.key/);
    expect(readFileSync(file, 'utf8')).toBe('not a key\n');
  });
});
