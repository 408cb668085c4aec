import { QueryClient, type QueryFunction } from '@tanstack/react-query'
import { fetchJson, HttpError } from '../../renderer/fetch-json.ts'

/** What a data read does with a 401 (SPEC §8): fail by default, or yield no data. */
export type On401 = 'throw' | 'returnNull'

/** The default read of SPEC §7: a GET on the key parts joined with slashes, with cookies, JSON back. */
export function queryFnWith<T = unknown>(on401: On401): QueryFunction<T | null> {
  return async ({ queryKey, signal }) => {
    try {
      return await fetchJson<T>(queryKey.join('/'), { signal })
    } catch (error) {
      if (on401 === 'returnNull' && error instanceof HttpError && error.status === 401) return null
      throw error
    }
  }
}

/**
 * One client for the admin area, kept across client-side navigations between its pages.
 * SPEC §4 and §9: no retries, no refetch on focus or by interval, data never stale, unused
 * data dropped after 5 minutes (TanStack Query's default), writes not retried either.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      queryFn: queryFnWith('throw'),
      retry: false,
      refetchInterval: false,
      refetchOnWindowFocus: false,
      staleTime: Number.POSITIVE_INFINITY,
      gcTime: 5 * 60 * 1000,
    },
    mutations: { retry: false },
  },
})

/** A write of SPEC §7: JSON body when given, cookies, non-2xx throws "<status>: <body>". */
export async function apiRequest(
  method: string,
  url: string,
  options: { body?: unknown; headers?: Record<string, string>; signal?: AbortSignal } = {},
): Promise<Response> {
  const headers: Record<string, string> = { ...options.headers }
  if (options.body !== undefined) headers['Content-Type'] = 'application/json'
  const response = await fetch(url, {
    method,
    credentials: 'include',
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: options.signal,
  })
  if (!response.ok) {
    const text = (await response.text()) || response.statusText
    throw new HttpError(response.status, `${response.status}: ${text}`)
  }
  return response
}

export const ME_KEY = ['/api/auth/me']
export const ADMIN_POSTS_KEY = ['/api/admin/blog/posts']
/** One whole post, as Edit reads it: `GET /api/admin/blog/posts/{id}` (under the list's key, so a write refetches it). */
export const postKey = (id: string) => [...ADMIN_POSTS_KEY, encodeURIComponent(id)]
export const POST_PROBLEMS_KEY = ['/api/admin/blog/problems']
export const PUBLIC_POSTS_KEY = ['/api/blog/posts']
export const SYNC_KEY = ['/api/admin/sync']
