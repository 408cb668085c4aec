import type { PostChange } from '../../../core/contract/index.ts'
import type { Post } from '../../../core/post.ts'
import { commitMessageDate, describePostChange } from '../../../core/post-change-words.ts'

/** The trailer a restore writes: the full id of the commit whose version it brought back. */
const RESTORED_FROM = 'Restored-from'

/**
 * A post save's commit message (pure). The first line is what it has always been, for whatever
 * reads it (`git log --oneline`, the sync's list of commits waiting to be pushed, scripts):
 * `blog: <verb> "<title>" (<slug>)`, `(<old> → <new>)` for a rename, ` to <7 hex>` after a
 * restore. The body says what changed, in the words the admin's History panel shows
 * ("Title and content.", "Published.", "Restored from 3 Nov 2025."), and a restore ends with
 * a `Restored-from: <commit>` trailer that names the version in full.
 */
export function postCommitMessage(options: { verb: string; title: string; slugs: string; change: PostChange }): string {
  const { verb, title, slugs, change } = options
  const from = change.restoredFrom
  const subject = `blog: ${verb} "${title}" (${slugs})${from ? ` to ${from.commit.slice(0, 7)}` : ''}`
  const body = `${describePostChange(change, commitMessageDate)}.`
  return from ? `${subject}\n\n${body}\n\n${RESTORED_FROM}: ${from.commit}` : `${subject}\n\n${body}`
}

/** What an update did, for its commit's first line: a rename, the Published switch, the review mark, or an edit. */
export function updateVerb(before: Post, after: Post): 'rename' | 'publish' | 'unpublish' | 'submit for review' | 'withdraw from review' | 'update' {
  if (after.slug !== before.slug) return 'rename'
  if (after.isPublished !== before.isPublished) return after.isPublished ? 'publish' : 'unpublish'
  if (after.inReview !== before.inReview) return after.inReview ? 'submit for review' : 'withdraw from review'
  return 'update'
}

/**
 * The commit a restore brought back, from its message: the trailer's full id, or for a restore
 * written before the trailer existed, the short id its first line ends with. null: not a restore.
 */
export function restoredCommitOf(message: string): string | null {
  const [subject = ''] = message.split('\n', 1)
  if (!subject.startsWith('blog: restore ')) return null
  const trailer = new RegExp(`^${RESTORED_FROM}: ([0-9a-f]{40})$`, 'm').exec(message)
  if (trailer) return trailer[1]!
  return / to ([0-9a-f]{7,40})$/.exec(subject)?.[1] ?? null
}
