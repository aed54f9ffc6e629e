import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { getJson } from './api-client';

/** The default read: a GET to the query key's first entry (a URL), parsed as JSON. */
const defaultQueryFn: QueryFunction = ({ queryKey }) => getJson(String(queryKey[0]));

/**
 * The spec's caching defaults: never refetch automatically (not on focus, mount, reconnect or an
 * interval), data never goes stale, no retries. Calls that differ say so where they are defined.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: defaultQueryFn,
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
