import { Tooltip } from '../../../renderer/components/Tooltip.tsx'
import type { AdminPost } from '../../../core/contract/index.ts'
import { postUrl } from '../../../core/post-urls.ts'
import { dayIn, isLive } from '../../../core/site-day.ts'
import { ReviewActions } from './ReviewActions.tsx'
import type { Conflict } from './use-post-save.ts'
import { useSiteTimeZone } from './use-site-time-zone.ts'

const isMac = () => typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent)

/**
 * The editor's action bar, kept in view at the bottom of the window while the form scrolls
 * (sticky): what went wrong with the last save that belongs to no one field, a conflict's
 * choices, Save (its tooltip names Ctrl+S / ⌘S), Cancel, and View post when the post is live.
 */
export function PostActions(props: {
  post: AdminPost | null
  saving: boolean
  waiting: boolean
  problem: string | null
  problemId: string
  conflict: Conflict | null
  onLoad: (options: { keepMine: boolean }) => void
  onCancel: () => void
  /** The signed-in person may not change this post (an author, another's post or a published one): no Save. */
  readOnly?: boolean
  /** An author's own draft: Submit for review, or Withdraw from review while it is in review. */
  review?: { inReview: boolean; onSubmit: () => void; onWithdraw: () => void }
}) {
  const { post, saving, waiting, problem, problemId, conflict, onLoad, onCancel, readOnly, review } = props
  const mac = isMac()
  const timeZone = useSiteTimeZone()
  const live = post !== null && isLive(post, dayIn(timeZone, new Date()))
  return (
    <div className="admin-form__bar">
      {conflict && <ConflictAlert conflict={conflict} onLoad={onLoad} />}
      {problem && (
        <p id={problemId} className="admin-alert" role="alert" tabIndex={-1}>
          {problem}
        </p>
      )}
      <div className="admin-form__actions">
        {!readOnly && (
          <Tooltip content={`Save (${mac ? '⌘S' : 'Ctrl+S'})`}>
            <button type="submit" className="button button--primary" disabled={saving || waiting} aria-keyshortcuts={mac ? 'Meta+S' : 'Control+S'}>
              {post ? 'Update Post' : 'Create Post'}
            </button>
          </Tooltip>
        )}
        {review && <ReviewActions {...review} disabled={saving || waiting} />}
        <button type="button" className="button" onClick={onCancel} disabled={saving}>
          Cancel
        </button>
        {live && <ViewPostLink slug={post.slug} />}
      </div>
    </div>
  )
}

/** The live page of a published post, in a new tab (the admin's work stays where it is). */
export function ViewPostLink(props: { slug: string; title?: string }) {
  return (
    <a className="button admin-view-post" href={postUrl(props.slug)} target="_blank" rel="noopener">
      View post
      <span className="visually-hidden">{props.title ? ` "${props.title}"` : ''} (opens in a new tab)</span>
    </a>
  )
}

/** A 409: load the version saved in between, or save what the admin typed over it. */
function ConflictAlert(props: { conflict: Conflict; onLoad: (options: { keepMine: boolean }) => void }) {
  const { conflict, onLoad } = props
  return (
    <div className="admin-alert admin-alert--conflict" role="alert">
      <p>{conflict.message}</p>
      <div className="admin-alert__actions">
        <button type="button" className="button" onClick={() => onLoad({ keepMine: false })}>
          Load the saved version
        </button>
        <button type="button" className="button" onClick={() => onLoad({ keepMine: true })}>
          Save mine over it
        </button>
      </div>
    </div>
  )
}
