import { useState } from 'react'
import { BLOG_PAGE_SIZE, type ListedPost } from '../../core/blog-list.ts'
import { API_PATHS } from '../../core/contract/index.ts'
import { usePageContext } from '../../renderer/usePageContext.tsx'
import { useJson } from '../../renderer/useJson.ts'
import type { Data } from './+data.ssr.ts'
import { PostCard, PostCardPlaceholder } from './PostCard.tsx'
import { Pagination } from './Pagination.tsx'

/** SPEC §9: three placeholders while the list loads. */
const PLACEHOLDER_COUNT = 3

/**
 * The blog list: the server renders its first page; in the browser the reader pages on, and the
 * whole list is fetched at once when they do (an island: renderer/Island.tsx).
 */
export function BlogList() {
  const preview = usePageContext().data as Data | undefined
  const [page, setPage] = useState(1)
  // The server rendered the first page and the count. The whole list (SPEC §4: fetched at once,
  // paginated here) is needed once the reader pages on, or at once after a client-side visit.
  const [wantsAll, setWantsAll] = useState(false)
  const previewIsAll = preview !== undefined && preview.total <= preview.posts.length
  const usePreview = preview !== undefined && (previewIsAll || !wantsAll)
  const state = useJson<readonly ListedPost[]>(API_PATHS.publicPosts, usePreview ? preview.posts : undefined)

  const goTo = (next: number) => {
    if (next > 1) setWantsAll(true)
    setPage(next)
    document.getElementById('main')?.scrollIntoView({ block: 'start' })
  }

  return (
    <>
      {state.status === 'loading' && (
        <ul className="post-grid" aria-busy="true" aria-label="Loading posts">
          {Array.from({ length: PLACEHOLDER_COUNT }, (_, i) => (
            <PostCardPlaceholder key={i} />
          ))}
        </ul>
      )}
      {state.status === 'error' && (
        <p className="empty-state" role="alert">
          The posts could not be loaded. Please try again in a moment.
        </p>
      )}
      {state.status === 'ready' &&
        (usePreview ? (
          <PostList firstPage={preview.posts} total={preview.total} page={1} onPage={goTo} />
        ) : (
          <PostList all={Array.isArray(state.data) ? state.data : []} page={page} onPage={goTo} />
        ))}
    </>
  )
}

/** One page of cards and the pagination: from the whole list, or (page 1 only) from the server's first page. */
function PostList(
  props: ({ all: readonly ListedPost[] } | { firstPage: readonly ListedPost[]; total: number }) & {
    page: number
    onPage: (page: number) => void
  },
) {
  const total = 'all' in props ? props.all.length : props.total
  if (total === 0) return <p className="empty-state">No blog posts yet. Check back soon!</p>

  const totalPages = Math.ceil(total / BLOG_PAGE_SIZE)
  const current = Math.max(1, Math.min(props.page, totalPages))
  const visible = 'all' in props ? props.all.slice((current - 1) * BLOG_PAGE_SIZE, current * BLOG_PAGE_SIZE) : props.firstPage
  const goTo = (next: number) => props.onPage(Math.max(1, Math.min(totalPages, next)))

  return (
    <>
      <ul className="post-grid">
        {visible.map((post, index) => (
          <PostCard key={post.id} post={post} eager={index < 3} />
        ))}
      </ul>
      {totalPages > 1 && <Pagination page={current} totalPages={totalPages} onChange={goTo} />}
    </>
  )
}
