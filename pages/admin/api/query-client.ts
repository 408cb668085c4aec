import { QueryClient } from '@tanstack/react-query'
import { fetchJson } from '../../../renderer/fetch-json.ts'

/**
 * One client for the admin area, kept across client-side navigations between its pages.
 * SPEC §4 and §9: no retries, no refetch on focus or by interval, data never stale, unused
 * data dropped after 5 minutes (TanStack Query's default), writes not retried either. Every
 * query comes from admin-queries.ts with its own typed read; the default read stays SPEC §7's
 * (a GET on the key parts joined with slashes), which is why each key starts with its URL.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      queryFn: ({ queryKey, signal }) => fetchJson(queryKey.join('/'), { signal }),
      retry: false,
      refetchInterval: false,
      refetchOnWindowFocus: false,
      staleTime: Number.POSITIVE_INFINITY,
      gcTime: 5 * 60 * 1000,
    },
    mutations: { retry: false },
  },
})
