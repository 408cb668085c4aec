import { useMutation, useQuery } from '@tanstack/react-query'
import { toast } from '../../../renderer/components/toast.ts'
import type { AdminPost } from '../../../server/services/admin-posts.ts'
import type { PostSyncState } from '../../../server/services/content-sync-conflicts.ts'
import { ADMIN_POSTS_KEY, apiRequest, POST_PROBLEMS_KEY, PUBLIC_POSTS_KEY, queryClient, SYNC_KEY } from '../query-client.ts'
import { formatLocalDate } from './post-form.ts'
import { PostProblems } from './PostProblems.tsx'

/** Which version of a post changed on both sides a resolve keeps. */
type Keep = 'mine' | 'theirs'

export const DELETE_QUESTION = 'Are you sure you want to delete this post?'

/** After a write, both lists are fetched again (SPEC §7). */
export async function refetchLists(): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: ADMIN_POSTS_KEY, refetchType: 'all' }),
    queryClient.invalidateQueries({ queryKey: PUBLIC_POSTS_KEY, refetchType: 'all' }),
    // Whatever changed the posts (a save, a pull) may have fixed or broken a file.
    queryClient.invalidateQueries({ queryKey: POST_PROBLEMS_KEY, refetchType: 'all' }),
    // A save changes what waits to be pushed, and a post's history.
    queryClient.invalidateQueries({ queryKey: SYNC_KEY }),
    queryClient.invalidateQueries({ predicate: (query) => String(query.queryKey[0]).endsWith('/history') }),
  ])
}

/** SPEC §2: "All Blog Posts", New Post, and a card per post with Edit and Delete. */
export function PostList(props: { onNew: () => void; onEdit: (post: AdminPost) => void }) {
  const posts = useQuery<AdminPost[]>({ queryKey: ADMIN_POSTS_KEY })
  const resolve = useMutation({
    mutationFn: (choice: { slug: string; keep: Keep }) => apiRequest('POST', '/api/admin/sync/resolve', { body: choice }),
    onSuccess: () => refetchLists(),
    onError: (error) => toast({ title: 'Error', description: `Failed to resolve the conflict (${error.message})`, variant: 'destructive' }),
  })
  const remove = useMutation({
    mutationFn: (post: AdminPost) =>
      apiRequest('DELETE', `/api/admin/blog/posts/${encodeURIComponent(post.id)}`, { headers: { 'If-Match': `"${post.version}"` } }),
    onSuccess: async () => {
      toast({ title: 'Success', description: 'Blog post deleted' })
      await refetchLists()
    },
    onError: () => toast({ title: 'Error', description: 'Failed to delete blog post', variant: 'destructive' }),
  })

  return (
    <section aria-labelledby="admin-posts-title">
      <div className="admin-section-header">
        <h2 id="admin-posts-title">All Blog Posts</h2>
        <button type="button" className="button button--primary" onClick={props.onNew}>
          New Post
        </button>
      </div>
      <PostProblems />
      {posts.isPending && (
        <p className="admin-status" role="status">
          Loading posts...
        </p>
      )}
      {posts.isError && (
        <p className="admin-status" role="alert">
          The posts could not be loaded ({posts.error.message}).
        </p>
      )}
      {posts.data?.length === 0 && <p className="admin-status">No blog posts yet. Create your first post!</p>}
      {posts.data && posts.data.length > 0 && (
        <ul className="admin-post-list">
          {posts.data.map((post) => (
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
    </section>
  )
}

/** One post: its badges, a conflict with the git remote when there is one, Edit and Delete. */
function PostCard(props: {
  post: AdminPost
  onEdit: () => void
  onDelete: () => void
  deleting: boolean
  onResolve: (keep: Keep) => void
  resolving: boolean
}) {
  const { post, onEdit, onDelete, deleting, onResolve, resolving } = props
  return (
    <li className="admin-card admin-post">
      <div className="admin-post__heading">
        <h3 className="admin-post__title">{post.title}</h3>
        <span className={`admin-badge ${post.isPublished ? 'admin-badge--published' : 'admin-badge--draft'}`}>
          {post.isPublished ? 'Published' : 'Draft'}
        </span>
        {post.review && <span className="admin-badge admin-badge--review">In review</span>}
        {post.sync?.state === 'out-of-sync' && <span className="admin-badge admin-badge--conflict">Out of sync</span>}
      </div>
      {post.sync?.state === 'out-of-sync' && <SyncConflict title={post.title} sync={post.sync} onResolve={onResolve} resolving={resolving} />}
      <p className="admin-post__summary">{post.summary}</p>
      <p className="admin-post__date">
        <time dateTime={post.publishDate}>{formatLocalDate(post.publishDate)}</time>
      </p>
      <div className="admin-post__actions">
        <button type="button" className="button" onClick={onEdit} aria-label={`Edit "${post.title}"`}>
          Edit
        </button>
        <button
          type="button"
          className="button button--danger"
          aria-label={`Delete "${post.title}"`}
          disabled={deleting}
          onClick={() => {
            if (window.confirm(DELETE_QUESTION)) onDelete()
          }}
        >
          Delete
        </button>
      </div>
    </li>
  )
}

/** Changed here and on the git remote since they last agreed: the admin keeps one of the two. */
function SyncConflict(props: { title: string; sync: PostSyncState; onResolve: (keep: Keep) => void; resolving: boolean }) {
  const { title, sync, onResolve, resolving } = props
  return (
    <div className="admin-alert" role="group" aria-label={`Conflict on "${title}"`}>
      <p>
        Also changed on the git remote
        {sync.remoteAuthor ? ` by ${sync.remoteAuthor.name}` : ''}
        {sync.remoteDate ? ` on ${new Date(sync.remoteDate).toLocaleString()}` : ''}. Keep which version?
      </p>
      <div className="admin-alert__actions">
        <button type="button" className="button" disabled={resolving} onClick={() => onResolve('mine')}>
          Keep mine
        </button>
        <button type="button" className="button" disabled={resolving} onClick={() => onResolve('theirs')}>
          Keep theirs
        </button>
      </div>
    </div>
  )
}
