import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadArea } from '../tools/area.js';
import { mapRegion, provinceCentre, provinceShortName } from './regions.js';

const centres = JSON.parse(readFileSync(new URL('../../../assets/region-centres.json', import.meta.url), 'utf8')) as {
  provinces: Record<string, [number, number]>;
  cities: Record<string, Record<string, [number, number]>>;
};
const china = JSON.parse(readFileSync(new URL('../../../../web/public/maps/china.json', import.meta.url), 'utf8')) as {
  features: { properties: { name: string } }[];
};

describe('regions on the map', () => {
  it('names every province of the dictionary as the China map does', () => {
    const mapNames = new Set(china.features.map((f) => f.properties.name));
    expect(mapNames.size).toBe(34);
    for (const province of loadArea()) expect(mapNames.has(provinceShortName(province.title)), province.title).toBe(true);
    expect(['内蒙古自治区', '广西壮族自治区', '新疆维吾尔自治区', '宁夏回族自治区', '西藏自治区', '香港特别行政区', '澳门特别行政区', '台湾省', '北京市'].map(provinceShortName)).toEqual([
      '内蒙古',
      '广西',
      '新疆',
      '宁夏',
      '西藏',
      '香港',
      '澳门',
      '台湾',
      '北京',
    ]);
    expect(Object.keys(centres.provinces).sort()).toEqual([...mapNames].sort());
  });

  it('places a province at its centre, a city and its districts at the city centre', () => {
    expect(mapRegion(19)).toEqual({ province: '广东', city: '', centre: centres.provinces['广东'] });
    expect(mapRegion(4401)).toEqual({ province: '广东', city: '广州市', centre: centres.cities['广东']['广州市'] });
    expect(mapRegion(440103)).toEqual({ province: '广东', city: '广州市', centre: centres.cities['广东']['广州市'] });
    expect(mapRegion(440305)?.city).toBe('深圳市');
    expect(mapRegion(5)).toMatchObject({ province: '内蒙古', city: '' });
    expect(mapRegion(1501)).toMatchObject({ province: '内蒙古', city: '呼和浩特市' });
  });

  it('takes the districts of a municipality and county-level cities as the map draws them', () => {
    // 北京 → 市辖区 → 东城区: the map of 北京 draws its districts, not 市辖区
    expect(mapRegion(110101)).toEqual({ province: '北京', city: '东城区', centre: centres.cities['北京']['东城区'] });
    expect(mapRegion(1101)).toEqual({ province: '北京', city: '', centre: centres.provinces['北京'] });
    expect(mapRegion(469002)).toMatchObject({ province: '海南', city: '琼海市' });
    // renamed since the map was drawn
    expect(mapRegion(5406)).toMatchObject({ province: '西藏', city: '那曲地区' });
  });

  it('knows nothing of 0 or an unknown id', () => {
    expect(mapRegion(0)).toBeUndefined();
    expect(mapRegion(999_999_999)).toBeUndefined();
    expect(provinceCentre('广东')).toEqual(centres.provinces['广东']);
    expect(provinceCentre('toString')).toBeUndefined();
  });
});
