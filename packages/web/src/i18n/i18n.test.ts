import { flattenMenus } from '@gw/contracts';
import { describe, expect, it } from 'vitest';
import { en } from './en';
import { zh } from './zh';

describe('route titles', () => {
  it('has a Chinese and an English title for every menu of the table', () => {
    for (const menu of flattenMenus()) {
      expect(zh.route[menu.title]).toBe(menu.zh);
      expect(en.route[menu.title], menu.title).toMatch(/\w/);
    }
  });
});
