/**
 * The posts as the API sends and takes them (SPEC §3, §7). The server's own types may say more;
 * what goes over the wire is these shapes, and the server's routes are typed with them.
 */

/** The fields an admin sends to create or update a post (SPEC §7), and a post has. */
export interface PostFields {
  title: string
  /** Equals the post file's name without `.html`. */
  slug: string
  summary: string
  /** Sanitized HTML, one block element per line. */
  content: string
  /** `YYYY-MM-DD`. */
  publishDate: string
  isPublished: boolean
  /** Empty, an http(s) URL, or a site-relative path such as `/images/blog/x.svg`. */
  featuredImageUrl: string
  /**
   * The featured image's alt text (at most MAX_ALT_LENGTH characters, one line). Not one of
   * SPEC §7's fields: absent from a post that has none; '' in a body removes it.
   */
  featuredImageAlt?: string
  /**
   * The post's tags (core/tags.ts), as names. Not one of SPEC §7's fields: absent from a post
   * that has none; left out of a body, a save keeps the post's tags, and [] removes them.
   */
  tags?: string[]
}

/** A post: its fields and its stable id, the admin API's `{id}`. */
export type WirePost = PostFields & { id: string }

/** A post with its version (its file's blob id): sent back on update (`version`) and delete (`If-Match`). */
export type VersionedWirePost = WirePost & { version: string }

/** An entry of the public list (`GET /api/blog/posts`). */
export type PublicPostSummary = Pick<WirePost, 'id' | 'slug' | 'title' | 'summary' | 'featuredImageUrl' | 'featuredImageAlt' | 'publishDate' | 'tags'>

/** One public post (`GET /api/blog/posts/{slug}`). */
export type PublicPost = PublicPostSummary & Pick<WirePost, 'content'>

/** Who made a commit. */
export interface CommitAuthor {
  name: string
  email: string
}

/** PUBLISH_MODE=review: a post waiting on its review branch. */
export interface ReviewState {
  state: 'in-review'
  branch: string
  /** The review removes the post. */
  deleted?: true
}

/** A post changed both here and on the git remote since they last agreed. */
export interface PostSyncState {
  state: 'out-of-sync'
  /** Repository-relative path of the file. */
  path: string
  /** Who last changed it on the remote, and when (ISO). */
  remoteAuthor: CommitAuthor | null
  remoteDate: string | null
  /** The remote's version of the file (its blob id), null when the remote deleted it. */
  remoteVersion: string | null
  /** The version here, null when it was deleted here. */
  localVersion: string | null
}

/** One whole post as the admin API answers it (`GET`, `POST`, `PUT /api/admin/blog/posts…`). */
export type AdminPost = VersionedWirePost & PostOwnership & { review?: ReviewState; sync?: PostSyncState }

/**
 * Who owns a post (the username that created it; absent for posts made before owners, or by
 * hand, which only editors and admins change) and whether its author submitted it for review.
 */
export interface PostOwnership {
  author?: string
  inReview?: true
}

/**
 * A card of the admin list: no content, no image. The version is the full blob id, as Delete
 * sends it back in If-Match.
 */
export type AdminPostCard = Pick<VersionedWirePost, 'id' | 'slug' | 'title' | 'summary' | 'publishDate' | 'isPublished' | 'version' | 'tags'> & PostOwnership & {
  /** Published, but its day has not begun in the site's time zone: not public yet. */
  scheduled?: true
  review?: ReviewState
  sync?: PostSyncState
}

/** The list's filters: SPEC's two states (published meaning live: public now), scheduled, review and sync. */
export const POST_STATES = ['published', 'scheduled', 'draft', 'in-review', 'out-of-sync'] as const
export type PostState = (typeof POST_STATES)[number]

/** Newest publish date first (the default, SPEC's order), oldest first, or by title. */
export const POST_SORTS = ['newest', 'oldest', 'title'] as const
export type PostSort = (typeof POST_SORTS)[number]

/**
 * A post file the site cannot read (`GET /api/admin/blog/problems`), or a path the sync refused;
 * or, with `severity: 'warning'`, a file the site uses all the same: a post file served cleaned
 * of what the sanitizer removes, the redirects file with chains too long to leave as they are.
 */
export interface PostProblem {
  /** Relative to the repository, e.g. `content/blog/foo.html`. */
  path: string
  reason: string
  /** A file the site uses all the same (served cleaned, chains followed); absent for one the site leaves out. */
  severity?: 'warning'
}
