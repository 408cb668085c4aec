import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import type { PostListQuery, PostState } from '../../../core/contract/index.ts'
import { adminQueries } from '../api/admin-queries.ts'

/** Typing pauses this long before the list is asked for again. */
const SEARCH_DELAY_MS = 250

/** What the admin asked the list for; kept by BlogAdmin, so the editor's Close comes back to it. */
export interface ListView {
  search: string
  state: PostState | 'all'
  /** A tag's slug: only its posts. */
  tag?: string
  page: number
}

export const FIRST_VIEW: ListView = { search: '', state: 'all', page: 1 }

/**
 * One page of the admin list from the server (the server searches, filters and pages
 * 10,000 posts in a few milliseconds, so the browser never holds more than a page). While the
 * next page or search is on its way, the previous one stays on screen.
 */
export function usePostList(view: ListView) {
  const search = useDebounced(view.search.trim(), SEARCH_DELAY_MS)
  // The first page of everything is the bare SPEC §7 call: the server's default page size is the
  // admin's (ADMIN_LIST_PER_PAGE), so no perPage is sent.
  const listQuery: PostListQuery = {
    q: search || undefined,
    state: view.state === 'all' ? undefined : view.state,
    tag: view.tag || undefined,
    page: view.page > 1 ? view.page : undefined,
  }
  const query = useQuery({ ...adminQueries.postPage(listQuery), placeholderData: keepPreviousData })
  return { ...query, searching: search !== view.search.trim() || query.isPlaceholderData }
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
