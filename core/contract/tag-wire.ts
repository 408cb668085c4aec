/** The post tags as the admin API sends and takes them (core/tags.ts says what a tag is). */

/** A tag on at least one post, drafts included (`GET /api/admin/tags`). */
export interface TagInUse {
  /** As the newest post with it spells it. */
  name: string
  slug: string
  /** How many posts have it. */
  count: number
}

/**
 * `POST /api/admin/tags/rename` (TagRenameBody): every post with the tag `from` (a name or slug;
 * matched by slug) gets `to` instead, in one commit; a post that already has `to` keeps it once (a merge).
 */
export interface TagRenameResult {
  /** The posts changed. */
  posts: number
  /** The tag as it is named now. */
  tag: TagInUse
}
