import { readFileSync } from 'node:fs';
import type { AreaNode, LngLat } from '@gw/contracts';
import { loadArea } from '../tools/area.js';

/**
 * The centres of the map's provinces and of the features of each province's map (its cities; the districts of
 * 北京, 上海, 天津, 重庆, 香港 and 澳门), written by scripts/derive-china-map.mjs from the same files the console
 * draws. Same path from src/modules/gis/ and dist/modules/gis/.
 */
const CENTRES_FILE = new URL('../../../assets/region-centres.json', import.meta.url);

interface Centres {
  provinces: Record<string, LngLat>;
  cities: Record<string, Record<string, LngLat>>;
}

/** Where a region of the area dictionary lies on the map. */
export interface MapRegion {
  /** The province as the map names it: 广东, 内蒙古, 新疆, 北京, 香港. */
  province: string;
  /** The feature of the province's map the region lies in (广州市; 朝阳区 in 北京); '' for a province or no match. */
  city: string;
  /** That feature's centre, else the province's. */
  centre: LngLat;
}

/** The dictionary's newer names of regions the map still knows by their old ones. */
const RENAMED: Readonly<Record<string, string>> = { 那曲市: '那曲地区', 梁平区: '梁平县', 武隆区: '武隆县' };

/** 广东省 → 广东, 内蒙古自治区 → 内蒙古, 广西壮族自治区 → 广西, 北京市 → 北京, 香港特别行政区 → 香港. */
export const provinceShortName = (title: string): string => title.replace(/(特别行政区|维吾尔自治区|壮族自治区|回族自治区|自治区|省|市)$/, '');

let centres: Centres | undefined;
let regions: Map<number, MapRegion> | undefined;

const loadCentres = (): Centres => (centres ??= JSON.parse(readFileSync(CENTRES_FILE, 'utf8')) as Centres);

/** The centre of a province by the map's name for it (广东); undefined for a name the map does not have. */
export function provinceCentre(name: string): LngLat | undefined {
  const { provinces } = loadCentres();
  return Object.hasOwn(provinces, name) ? provinces[name] : undefined;
}

function index(): Map<number, MapRegion> {
  if (regions) return regions;
  const { provinces, cities: citiesOf } = loadCentres();
  const map = new Map<number, MapRegion>();
  for (const top of loadArea()) {
    const province = provinceShortName(top.title);
    // a province the map does not draw has no place on it
    if (!Object.hasOwn(provinces, province)) continue;
    const cities = citiesOf[province] ?? {};
    const visit = (node: AreaNode, inherited: string) => {
      // the feature an ancestor already lies in, else the region itself if the map draws it: a district of
      // 广州市 lies in 广州市; a district of 北京 is a feature itself (the map does not draw its parent 市辖区)
      const own = RENAMED[node.title] ?? node.title;
      const city = node === top ? '' : inherited || (Object.hasOwn(cities, own) ? own : '');
      // a city's first child is a copy of it with the same id: the city keeps its own entry
      if (!map.has(node.id)) map.set(node.id, { province, city, centre: city ? cities[city] : provinces[province] });
      for (const child of node.children ?? []) visit(child, city);
    };
    visit(top, '');
  }
  regions = map;
  return map;
}

/** Where the region with this id (a province, city or district) lies; undefined for 0 (not filled in) or an unknown id. */
export function mapRegion(areaId: number): MapRegion | undefined {
  return index().get(areaId);
}
