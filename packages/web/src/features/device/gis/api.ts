import { CUSTOM_MAP_PATH, type CustomMap, GIS_PATH, type GisBoxes, type GisQuery } from '@gw/contracts';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../utils/request';

/** The boxes on the map for these filters (GET /device/gis); kept while the next filters load. */
export function useGisBoxes(query: GisQuery) {
  return useQuery({
    queryKey: [GIS_PATH, query],
    queryFn: async () => (await request<GisBoxes>({ url: GIS_PATH, params: query })).data,
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
