import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { ADMIN_LIST_PER_PAGE } from '../../../renderer/admin-list-page.ts'
import { HttpError } from '../../../renderer/fetch-json.ts'
import type { AdminPostSummary, PostState } from '../../../server/services/admin-post-list.ts'
import { ADMIN_POSTS_KEY } from '../query-client.ts'

/** Cards per page: a screen or two of them, a few KB over the wire whatever the number of posts. */
export const PER_PAGE = ADMIN_LIST_PER_PAGE

/** Typing pauses this long before the list is asked for again. */
const SEARCH_DELAY_MS = 250

/** What the admin asked the list for; kept by BlogAdmin, so the editor's Close comes back to it. */
export interface ListView {
  search: string
  state: PostState | 'all'
  page: number
}

export const FIRST_VIEW: ListView = { search: '', state: 'all', page: 1 }

export interface PostListPage {
  posts: AdminPostSummary[]
  total: number
}

/**
 * One page of the admin list from the server (issue 12: the server searches, filters and pages
 * 10,000 posts in a few milliseconds, so the browser never holds more than a page). While the
 * next page or search is on its way, the previous one stays on screen.
 */
export function usePostList(view: ListView) {
  const search = useDebounced(view.search.trim(), SEARCH_DELAY_MS)
  // The first page of everything is the bare SPEC §7 call: the server's default page is this one.
  const params = new URLSearchParams()
  if (search) params.set('q', search)
  if (view.state !== 'all') params.set('state', view.state)
  if (view.page > 1) params.set('page', String(view.page))
  const url = params.size > 0 ? `${ADMIN_POSTS_KEY[0]}?${params}` : ADMIN_POSTS_KEY[0]!
  const query = useQuery<PostListPage>({
    queryKey: [...ADMIN_POSTS_KEY, { list: params.toString() }],
    queryFn: ({ signal }) => fetchListPage(url, signal),
    placeholderData: keepPreviousData,
  })
  return { ...query, searching: search !== view.search.trim() || query.isPlaceholderData }
}

async function fetchListPage(url: string, signal: AbortSignal): Promise<PostListPage> {
  const response = await fetch(url, { credentials: 'include', signal })
  if (!response.ok) throw new HttpError(response.status, `${response.status}: ${(await response.text()) || response.statusText}`)
  const posts = (await response.json()) as AdminPostSummary[]
  return { posts, total: Number(response.headers.get('X-Total-Count') ?? posts.length) }
}

function useDebounced(value: string, delayMs: number): string {
  const [settled, setSettled] = useState(value)
  useEffect(() => {
    if (value === '') {
      setSettled('') // clearing the search shows everything at once
      return
    }
    const timer = window.setTimeout(() => setSettled(value), delayMs)
    return () => window.clearTimeout(timer)
  }, [value, delayMs])
  return settled
}
