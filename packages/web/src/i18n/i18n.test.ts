import { flattenMenus } from '@gw/contracts';
import { describe, expect, it } from 'vitest';
import { en } from './en';
import { zh } from './zh';

describe('route titles', () => {
  it('has the Chinese and the English title of every menu of the table and of every page beside one', () => {
    for (const page of flattenMenus().flatMap((menu) => [menu, ...(menu.beside ?? [])])) {
      expect(zh.route[page.title], page.title).toBe(page.zh);
      expect(en.route[page.title], page.title).toBe(page.en);
      expect(en.route[page.title], page.title).toMatch(/\w/);
    }
  });

  it('keeps the titles of the pages outside the menu', () => {
    expect(zh.route).toMatchObject({ login: '登录', dashboard: '首页' });
    expect(en.route).toMatchObject({ login: 'Login', dashboard: 'Dashboard' });
  });
});
