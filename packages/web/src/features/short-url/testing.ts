import { SHORT_URL_PATH, type ShortUrl } from '@gw/contracts';

export const S = SHORT_URL_PATH;

/** A short link as the API answers it. */
export function shortUrl(overrides: Partial<ShortUrl> = {}): ShortUrl {
  return {
    id: 1, code: 'promo1', short_url: 'https://gw.example.com/s/promo1', target: 'https://shop.example.com/spring?from=qr', title: '春季活动',
    expires_at: null, enabled: true, visits: 42, last_visit_at: '2026-03-01T02:00:00Z', device_id: null, gateway_id: null,
    created_at: '2026-02-01T02:00:00Z', updated_at: '2026-02-01T02:00:00Z',
    ...overrides,
  };
}

/** A campaign link, a box's link, and an expired, switched-off one. */
export const shortUrls: ShortUrl[] = [
  shortUrl(),
  shortUrl({ id: 2, code: 'Ab3dE9', short_url: 'https://gw.example.com/s/Ab3dE9', target: 'https://gw.example.com/custom/device/device?detail=5', title: 'GW-005', device_id: 5, gateway_id: 'GW-005', visits: 3 }),
  shortUrl({ id: 3, code: 'old-ad', short_url: 'https://gw.example.com/s/old-ad', title: '旧广告', expires_at: '2025-01-01T00:00:00+08:00', enabled: false, visits: 0, last_visit_at: null }),
];

/** A file answer as the server sends one: an attachment of `type`. */
export const attachment = (body: string, type: string, name: string) =>
  new Response(body, { headers: { 'content-type': type, 'content-disposition': `attachment; filename="${name}"` } });
