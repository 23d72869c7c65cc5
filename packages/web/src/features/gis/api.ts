import { CUSTOM_MAP_PATH, type CustomMap, GIS_PATH, type GisQuery } from '@gw/contracts';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../utils/request';
import { boxesFor, mapFile } from './early';

/** The boxes on the map for these filters (GET /device/gis); kept while the next filters load. */
export function useGisBoxes(query: GisQuery) {
  return useQuery({
    queryKey: [GIS_PATH, query],
    queryFn: () => boxesFor(query),
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
