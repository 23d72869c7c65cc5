import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../utils/request';

/** As `captchaSchema` of @gw/contracts. */
export interface Captcha {
  c_id: string;
  svg: string;
}

/** GET /tools/captcha: a single-use image captcha (SVG markup) and its id. */
export async function fetchCaptcha(): Promise<Captcha> {
  return (await request<Captcha>({ url: '/tools/captcha' })).data;
}

/** Never reused from cache: the server spends a captcha on the first login attempt that names it. */
export const captchaQuery = queryOptions({ queryKey: ['tools', 'captcha'], queryFn: fetchCaptcha, staleTime: Infinity, gcTime: 0 });

/** The SVG as an image source: shown through <img>, so markup from the server never becomes page markup. */
export function svgImageSource(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/**
 * The current captcha and a way to get a new one.
 * @example const { cId, image, refresh } = useCaptcha();
 */
export function useCaptcha() {
  const { data, isFetching, isError, refetch } = useQuery(captchaQuery);
  return {
    cId: data?.c_id ?? '',
    image: data ? svgImageSource(data.svg) : undefined,
    loading: isFetching,
    failed: isError,
    refresh: () => void refetch(),
  };
}
