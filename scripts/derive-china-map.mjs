// Derives the offline China map of the console's GIS page and the region centres the server places boxes with,
// from the map files of Apache ECharts 4.9.0 (installed as the npm alias `echarts-4-maps`; licence Apache-2.0;
// ECharts 5 and later ship no map data). Writes, all committed so nothing is downloaded at run time:
//   packages/web/public/maps/china.json             the China map (34 provinces, short names such as 广东), as is
//   packages/web/public/maps/province/<pinyin>.json each province's map (cities, or districts in 北京/上海/…), as is
//   packages/web/public/maps/index.json             short province name → province file name
//   packages/server/assets/region-centres.json      { provinces: {广东: [lng, lat]}, cities: {广东: {广州市: [lng, lat]}} }
// The centres are each feature's `properties.cp` (see centreOf for the few without). Re-run after changing the
// source: node scripts/derive-china-map.mjs
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const source = path.join(root, 'node_modules/echarts-4-maps');
const maps = path.join(root, 'packages/web/public/maps');
const centresFile = path.join(root, 'packages/server/assets/region-centres.json');

/** The source's province files by the short names china.json gives its features (山西 is shanxi, 陕西 shanxi1). */
const PROVINCE_FILES = {
  北京: 'beijing',
  天津: 'tianjin',
  河北: 'hebei',
  山西: 'shanxi',
  内蒙古: 'neimenggu',
  辽宁: 'liaoning',
  吉林: 'jilin',
  黑龙江: 'heilongjiang',
  上海: 'shanghai',
  江苏: 'jiangsu',
  浙江: 'zhejiang',
  安徽: 'anhui',
  福建: 'fujian',
  江西: 'jiangxi',
  山东: 'shandong',
  河南: 'henan',
  湖北: 'hubei',
  湖南: 'hunan',
  广东: 'guangdong',
  广西: 'guangxi',
  海南: 'hainan',
  重庆: 'chongqing',
  四川: 'sichuan',
  贵州: 'guizhou',
  云南: 'yunnan',
  西藏: 'xizang',
  陕西: 'shanxi1',
  甘肃: 'gansu',
  青海: 'qinghai',
  宁夏: 'ningxia',
  新疆: 'xinjiang',
  台湾: 'taiwan',
  香港: 'xianggang',
  澳门: 'aomen',
};

const { version, license } = JSON.parse(readFileSync(path.join(source, 'package.json'), 'utf8'));
if (version !== '4.9.0' || license !== 'Apache-2.0') throw new Error(`expected echarts 4.9.0 (Apache-2.0) as echarts-4-maps, found ${version} (${license})`);

/**
 * A feature's centre: its `cp`, or for the few without one (崇明区, 山南市, 昆玉市, Taiwan's counties) the middle of
 * the bounding box of its largest polygon. Rounded to about a metre.
 */
function centreOf(feature, file, scale) {
  const cp = feature.properties?.cp;
  const centre = Array.isArray(cp) && cp.length === 2 && cp.every(Number.isFinite) ? cp : boxCentre(feature.geometry, scale);
  if (!centre) throw new Error(`${file}: ${feature.properties?.name} has neither cp nor a polygon`);
  return centre.map((v) => Math.round(v * 1e6) / 1e6);
}

function boxCentre(geometry, scale) {
  const polygons = geometry.type === 'Polygon' ? [[geometry.coordinates, geometry.encodeOffsets]] : geometry.coordinates.map((c, i) => [c, geometry.encodeOffsets?.[i]]);
  let best;
  for (const [rings, offsets] of polygons) {
    const outer = offsets ? decodeRing(rings[0], offsets[0], scale) : rings[0];
    const xs = outer.map((p) => p[0]);
    const ys = outer.map((p) => p[1]);
    const box = [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
    const area = (box[2] - box[0]) * (box[3] - box[1]);
    if (!best || area > best.area) best = { area, centre: [(box[0] + box[2]) / 2, (box[1] + box[3]) / 2] };
  }
  return best?.centre;
}

/** ECharts' compressed ring (`UTF8Encoding`): zigzag deltas as pairs of characters, from `offsets`, over `scale`. */
function decodeRing(text, offsets, scale) {
  const points = [];
  let [x, y] = offsets;
  for (let i = 0; i < text.length; i += 2) {
    const dx = text.charCodeAt(i) - 64;
    const dy = text.charCodeAt(i + 1) - 64;
    x += (dx >> 1) ^ -(dx & 1);
    y += (dy >> 1) ^ -(dy & 1);
    points.push([x / scale, y / scale]);
  }
  return points;
}

/** The map's coordinates' scale: ECharts' default unless the file names its own. */
const scaleOf = (map) => (map.UTF8Encoding ? (map.UTF8Scale ?? 1024) : 1);

const chinaText = readFileSync(path.join(source, 'map/json/china.json'), 'utf8');
const china = JSON.parse(chinaText);
const names = china.features.map((f) => f.properties.name);
const missing = names.filter((n) => !PROVINCE_FILES[n]);
const extra = Object.keys(PROVINCE_FILES).filter((n) => !names.includes(n));
if (missing.length || extra.length) throw new Error(`china.json and the province table disagree: missing ${missing}, extra ${extra}`);

mkdirSync(path.join(maps, 'province'), { recursive: true });
writeFileSync(path.join(maps, 'china.json'), chinaText);

const provinces = {};
const cities = {};
for (const feature of china.features) {
  const name = feature.properties.name;
  const file = `${PROVINCE_FILES[name]}.json`;
  provinces[name] = centreOf(feature, 'china.json', scaleOf(china));
  const text = readFileSync(path.join(source, 'map/json/province', file), 'utf8');
  writeFileSync(path.join(maps, 'province', file), text);
  const map = JSON.parse(text);
  cities[name] = Object.fromEntries(map.features.map((f) => [f.properties.name, centreOf(f, file, scaleOf(map))]));
}

const index = Object.fromEntries(Object.entries(PROVINCE_FILES).map(([name, file]) => [name, `${file}.json`]));
writeFileSync(path.join(maps, 'index.json'), `${JSON.stringify(index, null, 2)}\n`);
// one line per province, so a change of the source shows as a readable diff
const lines = (record) => Object.entries(record).map(([key, value]) => `    ${JSON.stringify(key)}: ${JSON.stringify(value)}`).join(',\n');
writeFileSync(centresFile, `{\n  "provinces": {\n${lines(provinces)}\n  },\n  "cities": {\n${lines(cities)}\n  }\n}\n`);

const cityCount = Object.values(cities).reduce((n, c) => n + Object.keys(c).length, 0);
console.log(`echarts ${version}: ${names.length} provinces, ${cityCount} cities → ${path.relative(root, maps)}, ${path.relative(root, centresFile)}`);
