import { useMutation } from '@tanstack/react-query'
import { useEffect } from 'react'
import { toast } from '../../../renderer/components/toast.ts'
import type { AdminPostSummary } from '../../../server/services/admin-post-list.ts'
import { ADMIN_POSTS_KEY, apiRequest, POST_PROBLEMS_KEY, PUBLIC_POSTS_KEY, queryClient, SYNC_KEY } from '../query-client.ts'
import { Pagination } from './Pagination.tsx'
import { type Keep, PostCard } from './PostCard.tsx'
import { preloadRichTextEditor } from './PostFormFields.tsx'
import { PostListControls } from './PostListControls.tsx'
import { PostProblems } from './PostProblems.tsx'
import { type ListView, PER_PAGE, usePostList } from './use-post-list.ts'

export { DELETE_QUESTION } from './PostCard.tsx'

/** After a write, both lists are fetched again (SPEC §7): the admin list's pages, and the public one. */
export async function refetchLists(): Promise<void> {
  await Promise.all([
    // The admin list's page on screen now, or as soon as the list shows again (after a save); other
    // pages when they are next shown, never all at once. (A post Edit reads is read afresh anyway.)
    queryClient.invalidateQueries({ queryKey: ADMIN_POSTS_KEY, refetchType: 'active', predicate: (query) => typeof query.queryKey[1] === 'object' }),
    queryClient.invalidateQueries({ queryKey: PUBLIC_POSTS_KEY, refetchType: 'all' }),
    // Whatever changed the posts (a save, a pull) may have fixed or broken a file.
    queryClient.invalidateQueries({ queryKey: POST_PROBLEMS_KEY, refetchType: 'all' }),
    // A save changes what waits to be pushed, and a post's history.
    queryClient.invalidateQueries({ queryKey: SYNC_KEY }),
    queryClient.invalidateQueries({ predicate: (query) => String(query.queryKey[0]).endsWith('/history') }),
  ])
}

/**
 * SPEC §2: "All Blog Posts", New Post, and a card per post with Edit and Delete; issue 12: one
 * page of cards at a time, searched and filtered by the server.
 */
export function PostList(props: { view: ListView; onViewChange: (view: ListView) => void; onNew: () => void; onEdit: (post: AdminPostSummary) => void }) {
  const { view, onViewChange } = props
  const list = usePostList(view)
  const resolve = useMutation({
    mutationFn: (choice: { slug: string; keep: Keep }) => apiRequest('POST', '/api/admin/sync/resolve', { body: choice }),
    onSuccess: () => refetchLists(),
    onError: (error) => toast({ title: 'Error', description: `Failed to resolve the conflict (${error.message})`, variant: 'destructive' }),
  })
  const remove = useMutation({
    mutationFn: (post: AdminPostSummary) =>
      apiRequest('DELETE', `/api/admin/blog/posts/${encodeURIComponent(post.id)}`, { headers: { 'If-Match': `"${post.version}"` } }),
    onSuccess: async () => {
      toast({ title: 'Success', description: 'Blog post deleted' })
      await refetchLists()
    },
    onError: () => toast({ title: 'Error', description: 'Failed to delete blog post', variant: 'destructive' }),
  })

  const page = list.data
  const pages = page ? Math.max(1, Math.ceil(page.total / PER_PAGE)) : 1
  // The last post of the last page was deleted (or the list shrank): show the new last page.
  const beyondLast = page !== undefined && !list.isPlaceholderData && page.posts.length === 0 && view.page > pages
  useEffect(() => {
    if (beyondLast) onViewChange({ ...view, page: pages })
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

  return (
    <section aria-labelledby="admin-posts-title">
      <div className="admin-section-header">
        <h2 id="admin-posts-title">All Blog Posts</h2>
        <button type="button" className="button button--primary" onClick={props.onNew}>
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
      {page && page.posts.length > 0 && (
        <ul className="admin-post-list" aria-busy={list.searching}>
          {page.posts.map((post) => (
            <PostCard
              key={post.id}
              post={post}
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
