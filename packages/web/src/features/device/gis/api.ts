import { CUSTOM_MAP_PATH, type CustomMap, GIS_PATH, type GisBoxes, type GisQuery } from '@gw/contracts';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../utils/request';

const fetchBoxes = async (query: GisQuery, quiet = false) => (await request<GisBoxes>({ url: GIS_PATH, params: query, quiet })).data;

/** How long boxes asked for ahead of the page stay good for its first query. */
const EARLY_MS = 10_000;
let early: { at: number; boxes: Promise<GisBoxes> } | undefined;

/**
 * Asks for the unfiltered boxes as the page's code loads, beside the chart code and the map file, instead of after
 * the page's first render: its first query takes them (quietly asked: a refusal is asked again, and shown, then).
 */
export function prefetchBoxes(): void {
  early = { at: Date.now(), boxes: fetchBoxes({}, true) };
  early.boxes.catch(() => undefined);
}

function takeEarly(query: GisQuery): Promise<GisBoxes> | undefined {
  const taken = early;
  early = undefined;
  const unfiltered = Object.values(query).every((value) => value === undefined);
  return taken && unfiltered && Date.now() - taken.at < EARLY_MS ? taken.boxes : undefined;
}

/** The boxes on the map for these filters (GET /device/gis); kept while the next filters load. */
export function useGisBoxes(query: GisQuery) {
  return useQuery({
    queryKey: [GIS_PATH, query],
    queryFn: () => takeEarly(query)?.catch(() => fetchBoxes(query)) ?? fetchBoxes(query),
    placeholderData: (previous) => previous,
  });
}

/** Customers per province (GET /tools/custom_map). */
export function useCustomerMap(enabled: boolean) {
  return useQuery({
    queryKey: [CUSTOM_MAP_PATH],
    queryFn: async () => (await request<CustomMap>({ url: CUSTOM_MAP_PATH })).data,
    enabled,
  });
}

const MAPS = `${import.meta.env.BASE_URL}maps/`;

/** The map files fetched so far, each once per tab (a failed one is forgotten, so a retry fetches it again). */
const files = new Map<string, Promise<unknown>>();

function mapFile<T>(name: string): Promise<T> {
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

/** Starts fetching the country's map before the page asks for it (the page's code loads beside the session). */
export const prefetchCountry = (): void => void mapFile('china.json').catch(() => undefined);

/**
 * The map's regions, bundled with the console (public/maps, derived by scripts/derive-china-map.mjs): China's
 * provinces, or one province's cities by its short name. Read once per tab.
 */
export function useRegions(province: string | null) {
  return useQuery({
    queryKey: ['maps', province ?? 'china'],
    queryFn: async () => {
      if (!province) return mapFile<object>('china.json');
      const files = await mapFile<Record<string, string>>('index.json');
      return files[province] ? mapFile<object>(`province/${files[province]}`) : null;
    },
    staleTime: Infinity,
    gcTime: Infinity,
  });
}
