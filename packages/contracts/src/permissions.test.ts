import { describe, expect, it } from 'vitest';
import { ACTION, can, mergeRoleMenus } from './permissions.js';

describe('can(menu, action)', () => {
  const grants = { superUser: false, roleMenu: [{ menu: '/system/log', action: ACTION.query | ACTION.export }] };

  it('allows exactly the bits a role grants on that menu', () => {
    expect(can(grants, '/system/log', 'query')).toBe(true);
    expect(can(grants, '/system/log', 'export')).toBe(true);
    expect(can(grants, '/system/log', 'delete')).toBe(false);
    expect(can(grants, '/system/role', 'query')).toBe(false);
  });

  it('lets the super user do everything', () => {
    expect(can({ superUser: true, roleMenu: [] }, '/system/role', 'delete')).toBe(true);
  });
});

describe('mergeRoleMenus', () => {
  it('ORs the bits of several roles per menu', () => {
    const merged = mergeRoleMenus([
      [{ menu: '/device/device', action: 1 }, { menu: '/system/log', action: 1 }],
      [{ menu: '/device/device', action: 6 }],
    ]);
    expect(merged).toEqual([
      { menu: '/device/device', action: 7 },
      { menu: '/system/log', action: 1 },
    ]);
  });
});
