/** A blog post as stored in `content/blog/<slug>.html` (SPEC §3). */
export interface Post {
  /** Stable identifier, never changes; the admin API's `{id}`. */
  id: string
  title: string
  /** Equals the file name without `.html`. */
  slug: string
  summary: string
  /** `YYYY-MM-DD`. */
  publishDate: string
  isPublished: boolean
  /** Empty, an http(s) URL, or a site-relative path such as `/images/blog/x.svg`. */
  featuredImageUrl: string
  /**
   * The featured image's alt text; absent when there is none (never ''). Not one of SPEC §3's
   * fields: written after them, and only when set, so files without it stay as they are.
   */
  featuredImageAlt?: string
  /**
   * The post's tags (core/tags.ts): names as written, at least one, each with its own page
   * `/blog/tag/<slug>`. Not one of SPEC §3's fields: written after them, and only when there are
   * some, so files without tags stay as they are.
   */
  tags?: string[]
  /**
   * The username of the person who created the post (written by the server on create, kept by
   * every later save): an author may edit their own drafts only. Absent from files made before
   * posts had owners, or by hand: those are editors' and admins' to change. Never public.
   */
  author?: string
  /** An author asked an editor to review this draft; absent when not (never false in a file). Cleared when the post is published. */
  inReview?: true
  /** Sanitized HTML, one block element per line. */
  content: string
}

/** Front-matter keys in the order they are always written. */
export const POST_KEYS = [
  'id',
  'title',
  'slug',
  'summary',
  'publishDate',
  'isPublished',
  'featuredImageUrl',
] as const satisfies readonly (keyof Post)[]

/** Optional front-matter keys, after POST_KEYS and in this order, each written only when set. */
export const OPTIONAL_POST_KEYS = ['featuredImageAlt', 'tags', 'author', 'inReview'] as const satisfies readonly (keyof Post)[]

/** An entry of the public list (`GET /api/blog/posts`). */
export type PostSummary = Pick<Post, 'id' | 'slug' | 'title' | 'summary' | 'featuredImageUrl' | 'featuredImageAlt' | 'publishDate' | 'tags'>

/** One public post (`GET /api/blog/posts/{slug}`). */
export type PublicPost = PostSummary & Pick<Post, 'content'>

/** What the pages need from the blog: the published posts only. */
export interface PublishedPosts {
  list(): readonly PostSummary[]
  get(slug: string): PublicPost | undefined
  /**
   * What the post page of `slug` shows of the other posts, when `list()` cannot tell it (a build
   * worker's batch of posts): worked out where the whole list is. Without it, from `list()`.
   */
  extrasOf?(slug: string): PostExtras | null
}

export function toSummary(post: Omit<Post, 'content'>): PostSummary {
  const { id, slug, title, summary, featuredImageUrl, featuredImageAlt, publishDate, tags } = post
  return { id, slug, title, summary, featuredImageUrl, ...(featuredImageAlt ? { featuredImageAlt } : {}), publishDate, ...(tags?.length ? { tags } : {}) }
}

/**
 * A post with its version: the blob id of its file's bytes, what git records for the file. The
 * one shape for it everywhere (a read file, the index, a review branch, the admin API, which
 * shows every field, drafts included, and takes the version back to detect a conflicting edit).
 */
export type VersionedPost = Post & { version: string }

/**
 * A post as the index lists it: every field but the content, with its version. The content is
 * read when asked for (PostIndex.contentOf), from where the index keeps it.
 */
export type IndexedPost = Omit<VersionedPost, 'content'>

/** Another post as a post page links to it. */
export interface PostLink {
  slug: string
  title: string
  publishDate: string
}

/**
 * What a post page shows of the other posts: its previous and next links and its related posts.
 * Everything the markup shows of them is here, and only that: a page's stamp hashes it
 * (server/services/pages/page-stamps.ts), so the page is rendered again exactly when it changes.
 */
export interface PostExtras {
  /** The next post: the one published just after it. */
  newer: PostLink | null
  /** The previous post: the one published just before it. */
  older: PostLink | null
  related: PostLink[]
}
