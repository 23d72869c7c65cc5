import { readdirSync } from 'node:fs';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { serverSlugs } from '@gw/contracts';
import type { AppDeps } from './app-deps.js';
import { registerMenuModules } from './app.js';

/**
 * The module folders that are no menu's: the platform's routes, registered by name in app.ts (login and the
 * user's own data, tools, the box drawer's 远程调试, WeChat's binding and callback, the outbox of notices, the console, docs and health, the
 * VPN hub's state and report), and the fleet's logic several slugs share (the ledger, the address pools, box secrets).
 */
const NOT_MENUS = ['debug-session', 'fleet', 'notice', 'site', 'tools', 'user', 'vpn-hub', 'wechat'];

describe('the resource modules, from the menus', () => {
  it('has a folder for each slug the server serves, and no other folder but the platform’s', () => {
    const folders = readdirSync(new URL('./modules/', import.meta.url), { withFileTypes: true }).filter((entry) => entry.isDirectory());
    expect(folders.map((entry) => entry.name).sort()).toEqual([...serverSlugs(), ...NOT_MENUS].sort());
  });

  it('refuses to start when a menu’s slug has no module', async () => {
    const app = Fastify();
    await expect(registerMenuModules(app, {} as AppDeps, ['no-such-menu'])).rejects.toThrow('菜单 no-such-menu 没有服务端模块');
    await app.close();
  });
});
