import { useState } from 'react'
import { usePageContext } from '../../renderer/usePageContext.tsx'
import { useJson } from '../../renderer/useJson.ts'
import type { Data, ListedPost } from './+data.ssr.ts'
import { PostCard, PostCardPlaceholder } from './PostCard.tsx'
import { Pagination } from './Pagination.tsx'

/** SPEC §9: ten posts a page, three placeholders while the list loads. */
const PAGE_SIZE = 10
const PLACEHOLDER_COUNT = 3

export default function Page() {
  const data = usePageContext().data as Data | undefined
  const state = useJson<readonly ListedPost[]>('/api/blog/posts', data?.posts)

  return (
    <div className="container">
      <header className="page-header">
        <h1>Blog</h1>
        <p>News, updates, and insights from the team</p>
      </header>
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
      {state.status === 'ready' && <PostList posts={Array.isArray(state.data) ? state.data : []} />}
    </div>
  )
}

function PostList({ posts }: { posts: readonly ListedPost[] }) {
  const [page, setPage] = useState(1)
  if (posts.length === 0) return <p className="empty-state">No blog posts yet. Check back soon!</p>

  const totalPages = Math.ceil(posts.length / PAGE_SIZE)
  const current = Math.min(page, totalPages)
  const visible = posts.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE)
  const goTo = (next: number) => {
    setPage(Math.max(1, Math.min(totalPages, next)))
    document.getElementById('main')?.scrollIntoView({ block: 'start' })
  }

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
