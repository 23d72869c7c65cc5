import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { asyncRoutes } from '../../app/routes';
import { SEARCH } from '../../settings';
import { renderInConsole, resetConsole } from '../testing';
import { HeaderSearch } from './HeaderSearch';
import { createRouteSearch, searchEntries } from './routeSearch';

async function type(text: string) {
  await userEvent.click(screen.getByRole('button', { name: '搜索' }));
  await userEvent.type(screen.getByRole('combobox'), text);
}

async function search(text: string) {
  await type(text);
  return screen.findAllByRole('option');
}

describe('header search', () => {
  beforeEach(() => resetConsole());

  it("finds '角色' by title and opens /system/role when chosen", async () => {
    renderInConsole(<HeaderSearch />);
    const options = await search('角色');
    expect(options[0]).toHaveTextContent('系统管理 > 角色管理');
    await userEvent.click(screen.getByText('系统管理 > 角色管理'));
    expect(screen.getByTestId('location').textContent).toBe('/system/role');
  });

  it("finds 'login_log' by its path", async () => {
    renderInConsole(<HeaderSearch />);
    const options = await search('login_log');
    expect(options[0]).toHaveTextContent('系统管理 > 登录日志');
  });

  it('offers only pages the user was granted, never hidden ones', async () => {
    await resetConsole({ routes: asyncRoutes.filter((r) => r.path !== '/system') });
    renderInConsole(<HeaderSearch />);
    await type('角色');
    expect(screen.queryAllByRole('option')).toEqual([]);
    expect(await search('网关')).toHaveLength(1);
    const entries = searchEntries(asyncRoutes, (k) => k);
    expect(entries.map((e) => e.path)).not.toContain('/device/machinetool');
  });

  it('searches titles in the current language', async () => {
    await resetConsole({ language: 'en' });
    renderInConsole(<HeaderSearch />);
    const options = await search('Roles');
    expect(options[0]).toHaveTextContent('System > Roles');
  });

  it('weighs title 0.7 and path 0.3 with threshold 0.4', () => {
    const fuse = createRouteSearch([]);
    const { threshold, keys } = fuse.options as unknown as { threshold: number; keys: { name: string; weight: number }[] };
    expect(threshold).toBe(SEARCH.threshold);
    expect(keys.map((k) => [k.name, k.weight])).toEqual([
      ['title', 0.7],
      ['path', 0.3],
    ]);
  });
});
