import type { ReviewState } from '../../../core/contract/index.ts'

/**
 * PUBLISH_MODE=review: the page's edits wait on their own branch for a pull request to be
 * merged (the form shows the branch's values); the live page changes then, not at a save.
 */
export function SiteReviewNote(props: { review: ReviewState | undefined; pageTitle: string }) {
  if (!props.review) return null
  return (
    <p className="admin-hint" role="status">
      <span className="admin-badge admin-badge--review">In review</span> Your edits to {props.pageTitle} await review on the branch <code>{props.review.branch}</code>: the live page
      changes once it is merged.
    </p>
  )
}
