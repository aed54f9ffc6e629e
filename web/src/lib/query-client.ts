import { QueryClient } from '@tanstack/react-query';

/**
 * The spec's caching defaults: never refetch automatically (not on focus, mount, reconnect or an
 * interval), data never goes stale, no retries. Calls that differ say so where they are defined.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        refetchOnWindowFocus: false,
        refetchOnMount: false,
        refetchOnReconnect: false,
        refetchInterval: false,
        staleTime: Infinity,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}

/**
 * The one exception the spec makes, for pages whose figures others change (the profile's record,
 * the admin's lists): read afresh each time the page is entered; `onFocus` also when the window
 * comes back.
 */
export const freshOnEntry = { staleTime: 0, refetchOnMount: 'always' } as const;
export const freshOnEntryAndFocus = { ...freshOnEntry, refetchOnWindowFocus: true } as const;
