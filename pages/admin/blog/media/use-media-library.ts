import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query'
import { HttpError } from '../../../../renderer/fetch-json.ts'
import { apiRequest, queryClient } from '../../query-client.ts'
import { MEDIA_API, type MediaItem } from './media-item.ts'

/** Thumbnails per page: three rows of four, a few KB of JSON and twelve 320 px images. */
export const MEDIA_PER_PAGE = 12

export interface MediaPage {
  items: MediaItem[]
  total: number
}

/**
 * One page of the library, newest first (`GET /api/admin/media?page=&perPage=&q=`). The query is
 * only made while `enabled` (the library dialog is open); the previous page stays on screen
 * while the next one is on its way.
 */
export function useMediaLibrary(view: { page: number; search: string }, enabled: boolean) {
  const params = new URLSearchParams({ page: String(view.page), perPage: String(MEDIA_PER_PAGE) })
  if (view.search.trim()) params.set('q', view.search.trim())
  return useQuery<MediaPage>({
    queryKey: [MEDIA_API, { list: params.toString() }],
    queryFn: ({ signal }) => fetchMediaPage(`${MEDIA_API}?${params}`, signal),
    placeholderData: keepPreviousData,
    enabled,
    // An upload from another tab or another admin shows when the library is opened again.
    staleTime: 0,
  })
}

async function fetchMediaPage(url: string, signal: AbortSignal): Promise<MediaPage> {
  const response = await fetch(url, { credentials: 'include', signal })
  if (!response.ok) throw new HttpError(response.status, `${response.status}: ${(await response.text()) || response.statusText}`)
  const items = (await response.json()) as MediaItem[]
  return { items, total: Number(response.headers.get('X-Total-Count') ?? items.length) }
}

/** Deleting an unused image (`DELETE /api/admin/media/:id`); a 409's message names the posts using it. */
export function useDeleteMedia() {
  return useMutation({
    mutationFn: (item: MediaItem) => apiRequest('DELETE', `${MEDIA_API}/${encodeURIComponent(item.id)}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [MEDIA_API] }),
  })
}

/** The server's own words of a failed write (apiRequest's "<status>: <body>"), without the status. */
export function deleteFailureMessage(error: unknown): string {
  if (error instanceof HttpError) return error.message.replace(/^\d{3}: /, '')
  return 'Delete failed: network error. Try again.'
}
