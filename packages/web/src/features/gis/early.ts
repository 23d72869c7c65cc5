import { GIS_PATH, type GisBoxes, type GisQuery } from '@gw/contracts';
import { preloadChart } from '../../components/Chart/load';
import { request } from '../../utils/request';

// What GIS 地图 asks for first, kept here apart from its hooks: the console's warm start (app/routes.tsx) asks for
// it before the page's code has loaded, so this module carries nothing beyond the request client.

const MAPS = `${import.meta.env.BASE_URL}maps/`;

/** The map files fetched so far, each once per tab (a failed one is forgotten, so a retry fetches it again). */
const files = new Map<string, Promise<unknown>>();

export function mapFile<T>(name: string): Promise<T> {
  let file = files.get(name);
  if (!file) {
    file = fetch(`${MAPS}${name}`).then(async (res) => {
      if (!res.ok) throw new Error(`${name}: ${res.status}`);
      return res.json() as Promise<unknown>;
    });
    file.catch(() => files.delete(name));
    files.set(name, file);
  }
  return file as Promise<T>;
}


const fetchBoxes = async (query: GisQuery, quiet = false) => (await request<GisBoxes>({ url: GIS_PATH, params: query, quiet })).data;

/** How long boxes asked for ahead of the page stay good for its first query. */
const EARLY_MS = 10_000;
let early: { at: number; boxes: Promise<GisBoxes> } | undefined;

/**
 * Asks for the unfiltered boxes ahead of the page's first render, beside the chart code and the map file: its first
 * query takes them (quietly asked: a refusal is asked again, and shown, then).
 */
export function prefetchBoxes(): void {
  if (early && Date.now() - early.at < EARLY_MS) return; // asked for already (the console's warm start, then the page's code)
  early = { at: Date.now(), boxes: fetchBoxes({}, true) };
  early.boxes.catch(() => undefined);
}

/** The boxes for these filters: the ones asked for ahead when they are for no filter and fresh (once), else asked now. */
export function boxesFor(query: GisQuery): Promise<GisBoxes> {
  const taken = early;
  early = undefined;
  const unfiltered = Object.values(query).every((value) => value === undefined);
  return taken && unfiltered && Date.now() - taken.at < EARLY_MS ? taken.boxes.catch(() => fetchBoxes(query)) : fetchBoxes(query);
}

/**
 * What GIS 地图 asks for first — the chart code, the country's map file and the unfiltered boxes — started as the
 * console opens on the page (its route's warm) and again, at no cost, as the page's code runs.
 */
export function warmGis(): void {
  preloadChart();
  mapFile('china.json').catch(() => undefined);
  prefetchBoxes();
}

