import { safePostHtml } from './sanitize-html.ts'
import { type Post, type PostSummary, type PublicPost, type PublishedPosts, toSummary } from './post.ts'

interface Entry {
  post: Post
  /** The file's blob id: what the admin API's optimistic concurrency compares. */
  version: string
  /** Sanitized content, computed on first use: loading 10,000 posts must not parse 10,000 HTML bodies. */
  cleanContent?: string
}

/**
 * Every post in memory, by slug and by id. The published list is kept sorted newest
 * `publishDate` first (ties by slug, so the order is stable) and rebuilt only after a change.
 */
export class PostIndex implements PublishedPosts {
  private readonly bySlug = new Map<string, Entry>()
  private readonly slugById = new Map<string, string>()
  private publishedList: PostSummary[] | null = null
  /** Increases on every change; part of every ETag derived from the index. */
  revision = 0

  /** @returns a reason when the post cannot be added (its id belongs to another post). */
  upsert(post: Post, version = ''): string | null {
    const owner = this.slugById.get(post.id)
    if (owner !== undefined && owner !== post.slug) return `id ${post.id} is already used by ${owner}.html`
    const previous = this.bySlug.get(post.slug)
    if (previous && previous.post.id !== post.id) this.slugById.delete(previous.post.id)
    this.bySlug.set(post.slug, { post, version })
    this.slugById.set(post.id, post.slug)
    // An edit of a post's content alone leaves the published list as it was: keeping it
    // spares re-sorting every post on each save.
    this.changed(!previous || showsInListDifferently(previous.post, post))
    return null
  }

  remove(slug: string): Post | undefined {
    const entry = this.bySlug.get(slug)
    if (!entry) return undefined
    this.bySlug.delete(slug)
    this.slugById.delete(entry.post.id)
    this.changed()
    return entry.post
  }

  bySlugAny(slug: string): Post | undefined {
    return this.bySlug.get(slug)?.post
  }

  byId(id: string): Post | undefined {
    return this.versionedById(id)?.post
  }

  /** A post, drafts included, with its version (the admin side). */
  versionedById(id: string): { post: Post; version: string } | undefined {
    const slug = this.slugById.get(id)
    const entry = slug === undefined ? undefined : this.bySlug.get(slug)
    return entry && { post: entry.post, version: entry.version }
  }

  all(): Post[] {
    return this.allVersioned().map((entry) => entry.post)
  }

  /** Every post, drafts included, newest first, with its version (the admin list). */
  allVersioned(): { post: Post; version: string }[] {
    return [...this.bySlug.values()]
      .sort((a, b) => newestFirst(a.post, b.post))
      .map((entry) => ({ post: entry.post, version: entry.version }))
  }

  versionOf(slug: string): string | undefined {
    return this.bySlug.get(slug)?.version
  }

  /** Published posts, newest first. */
  list(): readonly PostSummary[] {
    this.publishedList ??= [...this.bySlug.values()]
      .map((entry) => entry.post)
      .filter((post) => post.isPublished)
      .sort(newestFirst)
      .map(toSummary)
    return this.publishedList
  }

  /** One published post with sanitized content; drafts and unknown slugs give undefined. */
  get(slug: string): PublicPost | undefined {
    const entry = this.bySlug.get(slug)
    if (!entry || !entry.post.isPublished) return undefined
    entry.cleanContent ??= safePostHtml(entry.post.content)
    return { ...toSummary(entry.post), content: entry.cleanContent }
  }

  get size(): number {
    return this.bySlug.size
  }

  private changed(listChanged = true): void {
    if (listChanged) this.publishedList = null
    this.revision++
  }
}

/** Whether the published list (summaries, order, membership) differs between two versions of a post. */
export function showsInListDifferently(before: Post, after: Post): boolean {
  if (!before.isPublished && !after.isPublished) return false
  return (
    before.isPublished !== after.isPublished ||
    before.id !== after.id ||
    before.slug !== after.slug ||
    before.title !== after.title ||
    before.summary !== after.summary ||
    before.publishDate !== after.publishDate ||
    before.featuredImageUrl !== after.featuredImageUrl
  )
}

function newestFirst(a: Post, b: Post): number {
  if (a.publishDate !== b.publishDate) return a.publishDate < b.publishDate ? 1 : -1
  return a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0
}
