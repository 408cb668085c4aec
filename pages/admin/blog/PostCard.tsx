import { useQuery } from '@tanstack/react-query'
import type { AdminPostCard, Keep, PostSyncState } from '../../../core/contract/index.ts'
import { mayChangePost } from '../../../core/post-roles.ts'
import { adminQueries } from '../api/admin-queries.ts'
import { formatLocalDate } from './post-form.ts'
import { ViewPostLink } from './PostActions.tsx'

export const DELETE_QUESTION = 'Are you sure you want to delete this post?'

/** One post: its badges, a conflict with the git remote when there is one, Edit and Delete. */
export function PostCard(props: {
  post: AdminPostCard
  /** Just closed the editor on it: shown for a moment. */
  marked?: boolean
  onEdit: () => void
  onDelete: () => void
  deleting: boolean
  onResolve: (keep: Keep) => void
  resolving: boolean
}) {
  const { post, marked, onEdit, onDelete, deleting, onResolve, resolving } = props
  // Mirrors the server's rule: an author deletes only their own drafts.
  const me = useQuery(adminQueries.me()).data
  const mayDelete = !me || mayChangePost(me, post)
  // Settling a conflict writes the file: editors and admins (the server refuses authors).
  const mayResolve = !me || me.role !== 'author'
  return (
    <li className={marked ? 'admin-card admin-post is-marked' : 'admin-card admin-post'} data-post-id={post.id}>
      <div className="admin-post__heading">
        <h3 className="admin-post__title">{post.title}</h3>
        <StateBadge post={post} />
        {/* On a review branch (review mode), or submitted by its author: waiting for an editor either way. */}
        {(post.review || post.inReview) && <span className="admin-badge admin-badge--review">In review</span>}
        {post.sync?.state === 'out-of-sync' && <span className="admin-badge admin-badge--conflict">Out of sync</span>}
      </div>
      {post.sync?.state === 'out-of-sync' && mayResolve && <SyncConflict title={post.title} sync={post.sync} onResolve={onResolve} resolving={resolving} />}
      <p className="admin-post__summary">{post.summary}</p>
      <p className="admin-post__date">
        {post.scheduled && 'Scheduled for '}
        <time dateTime={post.publishDate}>{formatLocalDate(post.publishDate)}</time>
      </p>
      <div className="admin-post__actions">
        <button type="button" className="button admin-post__edit" onClick={onEdit} aria-label={`Edit "${post.title}"`}>
          Edit
        </button>
        {mayDelete && (
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
        )}
        {/* Live now: published, and its day has begun (a scheduled post has no page yet). */}
        {post.isPublished && !post.scheduled && <ViewPostLink slug={post.slug} title={post.title} />}
      </div>
    </li>
  )
}

/** SPEC's Published or Draft; a published post whose day has not begun is Scheduled. */
function StateBadge({ post }: { post: AdminPostCard }) {
  const [label, modifier] = post.scheduled ? ['Scheduled', 'scheduled'] : post.isPublished ? ['Published', 'published'] : ['Draft', 'draft']
  return <span className={`admin-badge admin-badge--${modifier}`}>{label}</span>
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
