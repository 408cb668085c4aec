import { useMutation } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { toast } from '../../../renderer/components/toast.ts'
import { ADMIN_LIST_PER_PAGE, type AdminPostCard, type ResolveRequest } from '../../../core/contract/index.ts'
import { adminApi } from '../api/api-client.ts'
import { refetchLists } from '../api/admin-queries.ts'
import { Pagination } from './Pagination.tsx'
import { PostCard } from './PostCard.tsx'
import { preloadRichTextEditor } from './PostFormFields.tsx'
import { PostListControls } from './PostListControls.tsx'
import { PostProblems } from './PostProblems.tsx'
import { type FocusRequest, useCardFocus } from './use-card-focus.ts'
import { type ListView, usePostList } from './use-post-list.ts'

export { DELETE_QUESTION } from './PostCard.tsx'
export type { FocusRequest }

/**
 * SPEC §2: "All Blog Posts", New Post, and a card per post with Edit and Delete; for scale, one
 * page of cards at a time, searched and filtered by the server.
 */
export function PostList(props: {
  view: ListView
  /** `replace`: a correction, not a step of the admin's that Back should undo. */
  onViewChange: (view: ListView, how?: 'replace') => void
  onNew: () => void
  onEdit: (post: AdminPostCard) => void
  /** Back from the editor: where focus goes once the list is up to date (use-card-focus.ts). */
  focusRequest: FocusRequest | null
  onFocused: () => void
}) {
  const { view, onViewChange } = props
  const list = usePostList(view)
  const resolve = useMutation({
    mutationFn: (choice: ResolveRequest) => adminApi.resolveConflict(choice),
    onSuccess: () => refetchLists(),
    onError: (error) => toast({ title: 'Error', description: `Failed to resolve the conflict (${error.message})`, variant: 'destructive' }),
  })
  const remove = useMutation({
    mutationFn: (post: AdminPostCard) => adminApi.deletePost(post),
    onSuccess: async () => {
      toast({ title: 'Success', description: 'Blog post deleted' })
      await refetchLists()
    },
    onError: () => toast({ title: 'Error', description: 'Failed to delete blog post', variant: 'destructive' }),
  })

  const page = list.data
  const pages = page ? Math.max(1, Math.ceil(page.total / ADMIN_LIST_PER_PAGE)) : 1
  // The last post of the last page was deleted (or the list shrank): show the new last page.
  const beyondLast = page !== undefined && !list.isPlaceholderData && page.items.length === 0 && view.page > pages
  useEffect(() => {
    if (beyondLast) onViewChange({ ...view, page: pages }, 'replace')
  }, [beyondLast, pages, view, onViewChange])
  const filtered = view.search.trim() !== '' || view.state !== 'all'
  // Once the list is on screen, the editor's code downloads while the admin reads: Edit then
  // waits only for the post, not for Milkdown (its own chunk, ~150 kB).
  const shown = page !== undefined
  useEffect(() => {
    if (!shown) return
    const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 200))
    idle(() => preloadRichTextEditor())
  }, [shown])

  const section = useRef<HTMLElement>(null)
  const marked = useCardFocus({
    list: section,
    request: props.focusRequest,
    ready: page !== undefined && !list.isFetching && !list.searching,
    onFocused: props.onFocused,
  })

  return (
    <section ref={section} aria-labelledby="admin-posts-title">
      <div className="admin-section-header">
        <h2 id="admin-posts-title" tabIndex={-1}>
          All Blog Posts
        </h2>
        <button type="button" className="button button--primary admin-new-post" onClick={props.onNew}>
          New Post
        </button>
      </div>
      <PostProblems />
      <PostListControls view={view} onViewChange={onViewChange} total={page?.total} />
      {list.isPending && (
        <p className="admin-status" role="status">
          Loading posts...
        </p>
      )}
      {list.isError && (
        <p className="admin-status" role="alert">
          The posts could not be loaded ({list.error.message}).
        </p>
      )}
      {page?.total === 0 && (
        <p className="admin-status">{filtered ? 'No posts match this search.' : 'No blog posts yet. Create your first post!'}</p>
      )}
      {page && page.items.length > 0 && (
        <ul className="admin-post-list" aria-busy={list.searching}>
          {page.items.map((post) => (
            <PostCard
              key={post.id}
              post={post}
              marked={marked === post.id}
              onEdit={() => props.onEdit(post)}
              onDelete={() => remove.mutate(post)}
              deleting={remove.isPending && remove.variables?.id === post.id}
              onResolve={(keep) => resolve.mutate({ slug: post.slug, keep })}
              resolving={resolve.isPending}
            />
          ))}
        </ul>
      )}
      {pages > 1 && <Pagination page={Math.min(view.page, pages)} pages={pages} onPage={(next) => onViewChange({ ...view, page: next })} />}
    </section>
  )
}
