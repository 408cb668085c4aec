import { createHash } from 'node:crypto'
import { dayIn, isLive } from '../../core/site-day.ts'
import { postFileName } from './post-paths.ts'
import { displayPostHtml } from './display-html.ts'
import { safePostHtml } from './sanitize-html.ts'
import { BoundedCache } from '../lib/bounded-cache.ts'
import { type IndexedPost, type Post, type PostSummary, type PublicPost, type PublishedPosts, toSummary, type VersionedPost } from '../../core/post.ts'
import { readContent, type StoredContent, type StoredPost } from './stored-content.ts'

interface Entry {
  /**
   * The post's fields with its version (the file's blob id: what the admin API's optimistic
   * concurrency compares), made once: the admin list hands these out.
   */
  post: IndexedPost
  /** Its content: the text, or where a content file has it (read on each use). */
  content: StoredContent
  /** Hash of its slug and date, while it is live (in the published list): its share of `urlsDigest`. */
  urlHash?: bigint
}

/**
 * Characters of content as pages show it kept for the posts shown last (about 800 posts of 5 KB):
 * a page rendered again, the public API and the feeds do not sanitize the same post twice, and
 * the posts' content is not all held again once every page has been rendered.
 */
const SHOWN_CACHE_CHARS = 4_000_000

/**
 * Every post in memory, by slug and by id. The published list is kept sorted newest
 * `publishDate` first (ties by slug, so the order is stable). It is sorted once, then each
 * change moves just the one entry (a save must not re-sort 10,000 posts), and a new array
 * is made for each change so that a list handed out never changes under its holder.
 *
 * "Published" in every public view means live: published, and its day begun (`today`, the
 * site's day: core/site-day.ts). A post dated later is scheduled, and joins the public
 * views when `setToday` reaches its day.
 */
export class PostIndex implements PublishedPosts {
  readonly #bySlug = new Map<string, Entry>()
  readonly #slugById = new Map<string, string>()
  #publishedList: PostSummary[] | null = null
  /** Every post, drafts included, newest first; kept sorted like the published list. */
  #everyPost: IndexedPost[] | null = null
  /** XOR of the published entries' slug-and-date hashes: what the sitemap is made from. */
  #urlsDigest = 0n
  /** Increases on every change; part of every ETag derived from the index. */
  revision = 0
  /** The site's day, `YYYY-MM-DD`: posts dated after it are scheduled. */
  #today: string
  /**
   * Sanitized content as pages show it (images made responsive), by slug with the content it was
   * made from, computed on first use: loading 10,000 posts must not parse 10,000 HTML bodies.
   */
  readonly #shown = new BoundedCache<string, { from: StoredContent; html: string }>({ maxBytes: SHOWN_CACHE_CHARS })

  constructor(options: { today?: string } = {}) {
    this.#today = options.today ?? dayIn('UTC', new Date())
  }

  get today(): string {
    return this.#today
  }

  /** Whether the post shows in public: published, and dated today or before. */
  isLive(post: Pick<Post, 'isPublished' | 'publishDate'>): boolean {
    return isLive(post, this.#today)
  }

  /**
   * A new day for the site (or an earlier one, if the clock was set back): the posts dated
   * between the two days join the public views (or leave them). Returns their slugs.
   */
  setToday(day: string): string[] {
    if (day === this.#today) return []
    const [from, to] = day > this.#today ? [this.#today, day] : [day, this.#today]
    const moved = [...this.#bySlug.values()].filter((entry) => entry.post.isPublished && entry.post.publishDate > from && entry.post.publishDate <= to)
    for (const entry of moved) this.#leaveList(entry)
    this.#today = day
    for (const entry of moved) this.#joinList(entry)
    if (moved.length > 0) this.revision++
    return moved.map((entry) => entry.post.slug)
  }

  /** @returns a reason when the post cannot be added (its id belongs to another post). */
  upsert(stored: Omit<StoredPost, 'version'>, version = ''): string | null {
    const { content, ...fields } = stored
    const post: IndexedPost = { ...fields, version }
    const owner = this.#slugById.get(post.id)
    if (owner !== undefined && owner !== post.slug) return `id ${post.id} is already used by ${postFileName(owner)}`
    const previous = this.#bySlug.get(post.slug)
    if (previous && previous.post.id !== post.id) this.#slugById.delete(previous.post.id)
    const entry: Entry = { post, content }
    this.#bySlug.set(post.slug, entry)
    this.#slugById.set(post.id, post.slug)
    this.#moveInEveryPost(previous, entry)
    if (!previous || showsInListDifferently(previous.post, post, this.#today)) {
      if (previous) this.#leaveList(previous)
      this.#joinList(entry)
    } else {
      // An edit of the content alone leaves the list entry as it was.
      entry.urlHash = previous.urlHash
    }
    this.revision++
    return null
  }

  remove(slug: string): IndexedPost | undefined {
    const entry = this.#bySlug.get(slug)
    if (!entry) return undefined
    this.#bySlug.delete(slug)
    this.#slugById.delete(entry.post.id)
    this.#moveInEveryPost(entry, null)
    this.#leaveList(entry)
    this.#shown.delete(slug)
    this.revision++
    return entry.post
  }

  /**
   * Changes exactly when the published posts' slugs or dates do (a title edit leaves it); cheap,
   * whatever the number of posts: equal digests, equal sets (and the order follows from them).
   */
  publishedUrlsDigest(): string {
    return this.#urlsDigest.toString(36)
  }

  /** A post's fields, drafts included; its content is `contentOf(slug)`. */
  bySlugAny(slug: string): IndexedPost | undefined {
    return this.#bySlug.get(slug)?.post
  }

  byId(id: string): IndexedPost | undefined {
    return this.#entryById(id)?.post
  }

  /** A post's content (sanitized HTML, as its file has it), drafts included, read now. */
  contentOf(slug: string): string | undefined {
    const entry = this.#bySlug.get(slug)
    return entry && readContent(entry.content)
  }

  /** A post, drafts included, with its version and its content read now (the admin side). */
  versionedById(id: string): VersionedPost | undefined {
    const entry = this.#entryById(id)
    return entry && { ...entry.post, content: readContent(entry.content) }
  }

  /** A post with its content where the index keeps it, not read: what reading its file gave. */
  storedBySlug(slug: string): StoredPost | undefined {
    const entry = this.#bySlug.get(slug)
    return entry && { ...entry.post, content: entry.content }
  }

  /**
   * The content of the post `slug`, as of `version`, is now also at `content` (the parse cache
   * wrote it to its content file): the index reads it there and lets go of what it held. Nothing
   * changes for a post saved since: its version is another.
   */
  relocateContent(slug: string, version: string, content: StoredContent): void {
    const entry = this.#bySlug.get(slug)
    if (entry?.post.version === version) entry.content = content
  }

  all(): readonly IndexedPost[] {
    return this.allVersioned()
  }

  /**
   * Every post, drafts included, newest first, with its version (the admin list). Sorted once,
   * then each change moves one entry in a new array: measured at 10,000 posts, sorting on every
   * call cost 30 to 170 ms (a list request after each save); the move costs well under 1 ms.
   */
  allVersioned(): readonly IndexedPost[] {
    this.#everyPost ??= [...this.#bySlug.values()].map((entry) => entry.post).sort(newestFirst)
    return this.#everyPost
  }

  versionOf(slug: string): string | undefined {
    return this.#bySlug.get(slug)?.post.version
  }

  /** Live posts (published, day begun), newest first. */
  list(): readonly PostSummary[] {
    this.#publishedList ??= [...this.#bySlug.values()]
      .map((entry) => entry.post)
      .filter((post) => this.isLive(post))
      .sort(newestFirst)
      .map(toSummary)
    return this.#publishedList
  }

  /**
   * One live post with its content as its page shows it (sanitized, images made responsive);
   * drafts, scheduled posts and unknown slugs give undefined.
   */
  get(slug: string): PublicPost | undefined {
    const entry = this.#bySlug.get(slug)
    if (!entry || !this.isLive(entry.post)) return undefined
    let shown = this.#shown.get(slug)
    if (shown?.from !== entry.content) {
      shown = { from: entry.content, html: displayPostHtml(safePostHtml(readContent(entry.content))) }
      this.#shown.set(slug, shown, shown.html.length)
    }
    return { ...toSummary(entry.post), content: shown.html }
  }

  #entryById(id: string): Entry | undefined {
    const slug = this.#slugById.get(id)
    return slug === undefined ? undefined : this.#bySlug.get(slug)
  }

  /** `from` leaves the sorted list of every post, `to` joins it (either may be null). */
  #moveInEveryPost(from: Entry | undefined | null, to: Entry | null): void {
    if (this.#everyPost === null) return
    const list = this.#everyPost.slice()
    if (from) {
      const at = this.#positionOf(list, from.post)
      if (list[at]?.slug !== from.post.slug) {
        this.#everyPost = null // Not where it should be: sorted again on next use.
        return
      }
      list.splice(at, 1)
    }
    if (to) list.splice(this.#positionOf(list, to.post), 0, to.post)
    this.#everyPost = list
  }

  get size(): number {
    return this.#bySlug.size
  }

  #joinList(entry: Entry): void {
    if (!this.isLive(entry.post)) return
    const summary = toSummary(entry.post)
    entry.urlHash = sha1(`${summary.slug}\n${summary.publishDate}`)
    this.#urlsDigest ^= entry.urlHash
    if (this.#publishedList === null) return
    const list = this.#publishedList.slice()
    list.splice(this.#positionOf(list, entry.post), 0, summary)
    this.#publishedList = list
  }

  #leaveList(entry: Entry): void {
    if (entry.urlHash === undefined) return
    this.#urlsDigest ^= entry.urlHash
    entry.urlHash = undefined
    if (this.#publishedList === null) return
    const list = this.#publishedList.slice()
    const at = this.#positionOf(list, entry.post)
    if (list[at]?.slug !== entry.post.slug) {
      this.#publishedList = null // Not where it should be: rebuilt from scratch on next use.
      return
    }
    list.splice(at, 1)
    this.#publishedList = list
  }

  /** Where `post` is, or would go, in the sorted list (binary search). */
  #positionOf(list: readonly Pick<Post, 'publishDate' | 'slug'>[], post: Pick<Post, 'publishDate' | 'slug'>): number {
    let low = 0
    let high = list.length
    while (low < high) {
      const middle = (low + high) >>> 1
      if (newestFirst(list[middle]!, post) < 0) low = middle + 1
      else high = middle
    }
    return low
  }
}

/** Whether the published list (summaries, order, membership) differs between two versions of a post on `today`. */
export function showsInListDifferently(before: Omit<Post, 'content'>, after: Omit<Post, 'content'>, today: string): boolean {
  const [wasLive, isLiveNow] = [isLive(before, today), isLive(after, today)]
  if (!wasLive && !isLiveNow) return false
  return (
    wasLive !== isLiveNow ||
    before.id !== after.id ||
    before.slug !== after.slug ||
    before.title !== after.title ||
    before.summary !== after.summary ||
    before.publishDate !== after.publishDate ||
    before.featuredImageUrl !== after.featuredImageUrl ||
    before.featuredImageAlt !== after.featuredImageAlt ||
    (before.tags ?? []).join('\n') !== (after.tags ?? []).join('\n')
  )
}

function sha1(text: string): bigint {
  return BigInt(`0x${createHash('sha1').update(text).digest('hex')}`)
}

function newestFirst(a: Pick<Post, 'publishDate' | 'slug'>, b: Pick<Post, 'publishDate' | 'slug'>): number {
  if (a.publishDate !== b.publishDate) return a.publishDate < b.publishDate ? 1 : -1
  return a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0
}
