import { QueryClient } from '@tanstack/react-query';

/** Server data cache. The request client already toasts failures, so a retry would toast twice. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false }, mutations: { retry: false } },
  });
}
