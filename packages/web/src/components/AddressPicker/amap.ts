import { request } from '../../utils/request';

/** The slice of the AMap JS API v2 the address picker uses. */
export interface LngLat {
  getLng(): number;
  getLat(): number;
}
export interface AMapMap {
  on(event: 'click', handler: (e: { lnglat: LngLat }) => void): void;
  add(overlay: unknown): void;
  setCenter(position: [number, number]): void;
  destroy(): void;
}
export interface AMapMarker {
  setPosition(position: [number, number]): void;
}
export interface Poi {
  id: string;
  name: string;
  address?: string | unknown[];
  location?: LngLat;
}
export interface AMapNamespace {
  Map: new (container: HTMLElement, options: { zoom: number; center: [number, number] }) => AMapMap;
  Marker: new (options?: { position?: [number, number] }) => AMapMarker;
  Geocoder: new (options?: { city?: string }) => {
    getAddress(position: [number, number], done: (status: string, result: { regeocode?: { formattedAddress: string } }) => void): void;
  };
  PlaceSearch: new (options?: { city?: string; citylimit?: boolean; pageSize?: number }) => {
    search(keyword: string, done: (status: string, result: { poiList?: { pois: Poi[] } }) => void): void;
  };
}

declare global {
  interface Window {
    AMap?: AMapNamespace;
    _AMapSecurityConfig?: { securityJsCode: string };
  }
}

export const amapScriptUrl = (key: string) =>
  `https://webapi.amap.com/maps?v=2.0&key=${encodeURIComponent(key)}&plugin=AMap.Geocoder,AMap.PlaceSearch`;

/** Public config read once per page (GET /tools/config); unreachable means no map. */
let config: Promise<Record<string, string>> | null = null;
export async function readMapConfig(): Promise<{ key: string; securityCode: string }> {
  config ??= request<Record<string, string>>({ url: '/tools/config' })
    .then((res) => res.data ?? {})
    .catch(() => {
      config = null;
      return {};
    });
  const values = await config;
  return { key: values.amap_key ?? '', securityCode: values.amap_security_code ?? '' };
}

let loading: Promise<AMapNamespace> | null = null;

/**
 * Loads the AMap script on first use. Rejects on a load error or after `timeoutMs` (offline machines), and then
 * forgets the attempt so a later open may try again.
 */
export function loadAmap(key: string, securityCode = '', timeoutMs = 10_000): Promise<AMapNamespace> {
  if (window.AMap) return Promise.resolve(window.AMap);
  if (securityCode) window._AMapSecurityConfig = { securityJsCode: securityCode };
  loading ??= new Promise<AMapNamespace>((resolve, reject) => {
    const script = document.createElement('script');
    const fail = (reason: string) => {
      clearTimeout(timer);
      script.remove();
      loading = null;
      reject(new Error(reason));
    };
    const timer = setTimeout(() => fail('AMap load timed out'), timeoutMs);
    script.src = amapScriptUrl(key);
    script.async = true;
    script.onerror = () => fail('AMap failed to load');
    script.onload = () => {
      clearTimeout(timer);
      if (window.AMap) resolve(window.AMap);
      else fail('AMap missing after load');
    };
    document.head.appendChild(script);
  });
  return loading;
}
