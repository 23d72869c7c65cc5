import type { MenuNode } from '@gw/contracts';
import { describe, expect, it } from 'vitest';
import { coverage, offersOf, setBits, targetsOf } from './permissions';

const node = (path: string, children?: MenuNode[]): MenuNode => ({ path, title: path, parent: null, icon: '', sort: 0, hidden: false, children });
const tree = [node('/device', [node('/device/device'), node('/device/traffic')]), node('/old/menu')];

describe('the permission dialog’s bits', () => {
  const offers = offersOf(tree);

  it('offers each menu its own actions, a group its pages’, and a menu the console does not know the five of a list', () => {
    // the five of a list, 分配, 标签, 密钥 and 远程调试 (512)
    expect(offers.get('/device/device')).toBe(767);
    expect(offers.get('/device/traffic')).toBe(31);
    expect(offers.get('/device')).toBe(767);
    expect(offers.get('/old/menu')).toBe(31);
  });

  it('sets an action only where it is offered, and 全选 sets what each menu offers', () => {
    const assign = targetsOf([tree[0]], offers, 32);
    expect(assign).toEqual([
      ['/device', 32],
      ['/device/device', 32],
    ]);
    const all = setBits({}, targetsOf(tree, offers), true);
    expect(all).toEqual({ '/device': 767, '/device/device': 767, '/device/traffic': 31, '/old/menu': 31 });
    expect(coverage(all, targetsOf(tree, offers))).toBe('all');
    expect(coverage(setBits(all, assign, false), targetsOf(tree, offers))).toBe('some');
  });
});
