import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query'
import { type MediaItem, type MediaKind, type MediaListQuery, MEDIA_PER_PAGE } from '../../../../core/contract/index.ts'
import { HttpError } from '../../../../renderer/fetch-json.ts'
import { adminApi } from '../../api/api-client.ts'
import { adminQueries, refetchMedia } from '../../api/admin-queries.ts'

/**
 * One page of the library, newest first (`GET /api/admin/media?page=&perPage=&q=&kind=`), MEDIA_PER_PAGE
 * thumbnails a page (the server's default too; asked for explicitly all the same, so the grid never
 * depends on it). The query is only made while `enabled` (the library dialog is open); the
 * previous page stays on screen while the next one is on its way.
 */
export function useMediaLibrary(view: { page: number; search: string; kind?: MediaKind }, enabled: boolean) {
  const query: MediaListQuery = { page: view.page, perPage: MEDIA_PER_PAGE, q: view.search.trim() || undefined, kind: view.kind }
  return useQuery({
    ...adminQueries.mediaPage(query),
    placeholderData: keepPreviousData,
    enabled,
    // An upload from another tab or another admin shows when the library is opened again.
    staleTime: 0,
  })
}

/** Deleting an unused image (`DELETE /api/admin/media/:id`); a 409's message names the posts using it. */
export function useDeleteMedia() {
  return useMutation({
    mutationFn: (item: MediaItem) => adminApi.deleteMedia(item.id),
    onSettled: () => refetchMedia(),
  })
}

/** The server's own words of a failed write (the client's "<status>: <body>"), without the status. */
export function deleteFailureMessage(error: unknown): string {
  if (error instanceof HttpError) return error.message.replace(/^\d{3}: /, '')
  return 'Delete failed: network error. Try again.'
}
