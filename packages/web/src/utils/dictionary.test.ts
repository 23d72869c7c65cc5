import { beforeEach, describe, expect, it } from 'vitest';
import { areaLabel, areaPath, areaTree, dict, dictTitle, readDictionary } from './dictionary';
import { storeDictionary } from './dictionary.fixture';

beforeEach(storeDictionary);

describe('dictionary', () => {
  it('reads the SYSTEM_DICTIONARY cache', () => {
    expect(Object.keys(readDictionary())).toEqual(['area', 'logaction']);
    expect(dict('logaction')).toHaveLength(2);
    expect(areaTree()[0].title).toBe('广东省');
  });

  it('gives empty results without a cache, for bad JSON and for unknown categories', () => {
    expect(dict('parktype')).toEqual([]);
    localStorage.removeItem('SYSTEM_DICTIONARY');
    expect(dict('logaction')).toEqual([]);
    expect(areaTree()).toEqual([]);
    localStorage.setItem('SYSTEM_DICTIONARY', '{oops');
    expect(readDictionary()).toEqual({});
  });

  it('sees a refreshed cache', () => {
    expect(dict('logaction')).toHaveLength(2);
    localStorage.setItem('SYSTEM_DICTIONARY', JSON.stringify({ logaction: [{ value: 3, title: '修改', code: 'modify' }] }));
    expect(dictTitle('logaction', 3)).toBe('修改');
  });

  it('finds titles by value, matching numbers and their text', () => {
    expect(dictTitle('logaction', 2)).toBe('删除');
    expect(dictTitle('logaction', '1')).toBe('新增');
    expect(dictTitle('logaction', 9)).toBe('');
    expect(dictTitle('logaction', '')).toBe('');
  });
});

describe('area helpers', () => {
  it('finds the id path of a district, a city (ending on its self-copy) and a childless province', () => {
    expect(areaPath(440106)).toEqual([19, 4401, 440106]);
    expect(areaPath('440106')).toEqual([19, 4401, 440106]);
    expect(areaPath(4401)).toEqual([19, 4401, 4401]);
    expect(areaPath(32)).toEqual([32]);
  });
  it('gives [] for 0 (not filled in) and unknown ids', () => {
    expect(areaPath(0)).toEqual([]);
    expect(areaPath(null)).toEqual([]);
    expect(areaPath(999)).toEqual([]);
  });
  it('labels the path without repeating the city', () => {
    expect(areaLabel(440106)).toBe('广东省 / 广州市 / 天河区');
    expect(areaLabel(4401, '')).toBe('广东省广州市');
    expect(areaLabel(0)).toBe('');
  });
});
