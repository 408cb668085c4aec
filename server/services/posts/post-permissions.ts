import type { Role } from '../../../core/contract/index.ts'
import type { Post } from '../../../core/post.ts'
import { ForbiddenError } from '../../lib/errors.ts'
import { mayChangePost, mayPublish } from '../../../core/post-roles.ts'

/** Who asks for a change: the signed-in person's username and role. */
export interface PostActor {
  username: string
  role: Role
}

type Owned = Pick<Post, 'author' | 'isPublished'>

/** The rule itself is shared with the admin UI, which mirrors it (core/post-roles.ts). */
export { mayChangePost }

/**
 * Refuses (403) a change `actor` may not make to `post` as it is now; `action` names it in the
 * message. No actor: a call from inside the server (an import, a test of the service), which
 * the routes never make.
 */
export function ensureMayChange(actor: PostActor | undefined, post: Owned, action: 'edit' | 'delete' | 'restore'): void {
  if (!actor || mayChangePost(actor, post)) return
  if (post.author !== actor.username) throw new ForbiddenError(`Authors may ${action} only their own posts: ask an editor`)
  throw new ForbiddenError(`This post is published: only editors and admins may ${action} it`)
}

/**
 * Refuses (403) a save by an author that would publish: creating or saving a post with
 * Published on (scheduled for a later date included), or restoring a published version.
 */
export function ensureMayPublish(actor: PostActor | undefined, next: Pick<Post, 'isPublished'>): void {
  if (!actor || mayPublish(actor.role) || !next.isPublished) return
  throw new ForbiddenError('Authors cannot publish: save the post as a draft and submit it for review')
}

/**
 * The owner a new post gets: its creator, when an author creates it. An owner grants one thing,
 * an author's right to change their own drafts; editors and admins change every post anyway, so
 * theirs are written without the line, exactly as before posts had owners (and a site with one
 * admin gets no new line in every post).
 */
export function ownerOfNewPost(actor: PostActor | undefined): string | undefined {
  return actor?.role === 'author' ? actor.username : undefined
}

/**
 * The owner and the review mark a save writes: the owner as it was (on create, the creator;
 * none for a call from inside the server), the mark as the save asks (else as it was), and no
 * mark once the post is published, since the review it asked for is done.
 */
export function ownershipOf(next: Pick<Post, 'isPublished'>, options: { author: string | undefined; inReview: boolean | undefined }): Pick<Post, 'author' | 'inReview'> {
  const inReview = options.inReview === true && !next.isPublished
  return { ...(options.author ? { author: options.author } : {}), ...(inReview ? { inReview: true as const } : {}) }
}
