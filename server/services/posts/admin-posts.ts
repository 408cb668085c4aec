import type { AdminPost, VersionRef } from '../../../core/contract/index.ts'
import { isLive } from '../../../core/site-day.ts'
import { existsSync } from 'node:fs'
import { blobId } from '../../git/blob-id.ts'
import type { Post, VersionedPost } from '../../../core/post.ts'
import { type PostInput, readPostInput, readVersion } from '../../content/post-input.ts'
import { type PostPaths, slugOfFile } from '../../content/post-paths.ts'
import { newPostId } from '../../content/post-identity.ts'
import { checkContentShape } from '../../content/post-rules.ts'
import { changeBetween } from '../../content/post-changes.ts'
import { cleanPostHtml } from '../../content/sanitize-html.ts'
import { serializePost } from '../../content/serialize-post.ts'
import { ConflictError, InvalidInputError, NotFoundError } from '../../lib/errors.ts'
import type { ContentRepository, FileChange, GitAuthor, RepositoryTransaction, SideBranches } from '../../git/content-repository.ts'
import { AdminPostList, type PostListPage, type PostListQuery } from './admin-post-list.ts'
import type { BlogContent } from '../content/blog-content.ts'
import type { ContentSync } from '../sync/content-sync.ts'
import { postCommitMessage, updateVerb } from './post-commit-message.ts'
import type { PostHistory } from './post-history.ts'
import type { Redirects } from '../redirects/redirects.ts'
import { type PostReviews, REVIEW_PREFIX, reviewState } from './post-reviews.ts'
import { ensureMayChange, ensureMayPublish, ownerOfNewPost, ownershipOf, type PostActor } from './post-permissions.ts'
import { parseInput } from '../../lib/parse-input.ts'
import type { BookmarkDetails } from './bookmark-details.ts'
import { deletedRestoreRequestSchema, restoreRequestSchema } from '../../../core/contract/post-requests.ts'

/** In review mode, a post under review also says so (and shows its review branch's version): the contract's shape. */
export type { AdminPost }

export interface AdminPostsDeps {
  content: BlogContent
  /**
   * Each save is one transaction of the repository, the lock every write takes (media, pulls):
   * its checks, its commit and the index update run alone, so a check and the write it allows
   * never interleave with another save, nor with a pull replacing the file.
   */
  repository: Pick<ContentRepository, 'transaction'>
  /** Where the posts are in the repository. */
  paths: PostPaths
  /** Past versions, for restore. */
  history: PostHistory
  /** The content sync, when GIT_REMOTE_URL is set: the admin list shows which posts are out of sync. */
  sync?: Pick<ContentSync, 'stateOf'>
  /**
   * PUBLISH_MODE=review: saves go to the post's review branch (`cms/<slug>`), not live; the
   * admin side shows and edits the review's version. Absent: saves go live (direct mode).
   */
  review?: { reviews: PostReviews; branches: Pick<SideBranches, 'commit'> }
  /** content/redirects.yaml: a live slug change of a published post redirects the old path in the same commit (not a review's, nor a draft's); a path that redirects elsewhere is not taken. */
  redirects?: Pick<Redirects, 'ensurePostPathFree' | 'postMoved'>
  /** Today in the site's time zone (SITE_TIMEZONE), `YYYY-MM-DD`: a new post's default publish date. */
  today: () => string
  /**
   * Fills the bookmark cards saved without a title from the pages they link to (LINK_DETAILS_FETCH),
   * before the save's transaction: the repository is never locked while a page is fetched. Absent: cards are saved as written.
   */
  bookmarks?: Pick<BookmarkDetails, 'fillBody'>
}

/** What a save did: `committed` is false when the post was already exactly so. */
export interface SaveResult {
  post: AdminPost
  committed: boolean
}

/**
 * The rules of the admin side: what a create, an update and a delete do. Each one validates and sanitizes, checks the version the
 * admin started from and that the slug is free, then writes the post's file(s) as exactly one git commit authored by the admin, hands
 * the index what it wrote, and answers once the index and the public pages show the change. All of it is one repository transaction,
 * so a check and the write it allows can never interleave with another save or a pull.
 */
export class AdminPosts {
  readonly #deps: AdminPostsDeps
  readonly #list: AdminPostList

  constructor(deps: AdminPostsDeps) {
    this.#deps = deps
    this.#list = new AdminPostList({ index: deps.content.index, sync: deps.sync, reviews: deps.review?.reviews })
  }

  /**
   * The admin list: cards without content, newest first, searched, filtered and paged as `query` asks. A post changed both here and on
   * the git remote also has `sync`. In review mode, a post under review has `review`, and new posts that exist only on a review branch
   * are listed too (with their review's fields).
   */
  list(query: PostListQuery = {}): PostListPage {
    return this.#list.select(query)
  }

  get(id: string): AdminPost {
    const found = this.#deps.content.index.versionedById(id)
    const review = this.#deps.review?.reviews.get(id)
    if (review?.post) return { ...review.post, review: reviewState(review) }
    if (!found) throw new NotFoundError('No post has this id')
    return this.#withReview(found)
  }

  /** `actor`: who asks (post-permissions.ts), an author owns what they create. Without it (inside the server) nothing is refused. */
  async create(body: unknown, author: GitAuthor, actor?: PostActor): Promise<SaveResult> {
    const filled = await this.#withBookmarkDetails(body)
    return this.#deps.repository.transaction(async (tx) => {
      const today = this.#deps.today()
      const { input, inReview } = readPostInput(filled, { publishDate: today, isPublished: false, featuredImageUrl: '' })
      ensureMayPublish(actor, input)
      await this.#ensureSlugFree(input.slug, null)
      const post: Post = { id: this.#newId(), ...input, ...ownershipOf(input, { author: ownerOfNewPost(actor), inReview }), content: cleanContent(input.content) }
      return this.#write(tx, { post, previous: null, author, verb: 'create' })
    })
  }

  async update(id: string, body: unknown, author: GitAuthor, actor?: PostActor): Promise<SaveResult> {
    // Nothing is fetched for a save that will be refused; the transaction checks again, against the post as it is then.
    ensureMayChange(actor, this.get(id), 'edit')
    const filled = await this.#withBookmarkDetails(body)
    return this.#deps.repository.transaction(async (tx) => {
      const current = this.get(id)
      ensureMayChange(actor, current, 'edit')
      const { input, version, inReview } = readPostInput(filled, current)
      ensureMayPublish(actor, input)
      this.#ensureVersion(current, version)
      if (input.slug !== current.slug) await this.#ensureSlugFree(input.slug, current)
      const owned = ownershipOf(input, { author: current.author, inReview: inReview ?? current.inReview })
      const post: Post = { ...orderedFields(input), ...owned, id: current.id, content: cleanContent(input.content) }
      return this.#write(tx, { post, previous: current, author, verb: updateVerb(current, post) })
    })
  }

  /**
   * Makes the version of the post in `commit` (one of its history's) the current one, as one new
   * commit on top: history is never rewritten. A version with another slug (before a rename)
   * brings that slug back, in the same commit (the current file removed, the old one added).
   * Body: `{ commit, version? }` (RestoreRequest), version being the current version the admin saw.
   */
  restore(id: string, body: unknown, author: GitAuthor, actor?: PostActor): Promise<SaveResult> {
    return this.#deps.repository.transaction(async (tx) => {
      const { commit, version } = parseInput(restoreRequestSchema, body)
      const current = this.get(id)
      ensureMayChange(actor, current, 'restore')
      this.#ensureVersion(current, version)
      const { post: old, from } = await this.#deps.history.restorable(id, commit)
      ensureMayPublish(actor, old)
      if (old.slug !== current.slug) await this.#ensureSlugFree(old.slug, current)
      // The owner is the post's, whatever an old version said (or did not say).
      const owned = ownershipOf(old, { author: current.author, inReview: current.inReview })
      const post: Post = { ...orderedFields(old), ...owned, id: current.id, content: cleanContent(old.content) }
      return this.#write(tx, { post, previous: current, author, verb: 'restore', restoredFrom: from })
    })
  }

  /** A deleted post back as one new commit: `{ commit? }`, a version of its history (default its last); refused while its id or slug is taken. */
  undelete(id: string, body: unknown, author: GitAuthor, actor?: PostActor): Promise<SaveResult> {
    return this.#deps.repository.transaction(async (tx) => {
      const live = this.#deps.content.index.byId(id)
      if (live) throw new ConflictError(`This post is not deleted: "${live.title}" (${live.slug}) has its id. Open it from the list.`)
      const deleted = await this.#deps.history.findDeleted(id)
      if (!deleted) throw new NotFoundError('No deleted post has this id')
      const commit = parseInput(deletedRestoreRequestSchema, body).commit ?? deleted.lastVersion.commit
      const { post: old, from } = await this.#deps.history.restorable(id, commit)
      ensureMayChange(actor, old, 'restore')
      if (this.#slugTaken(old.slug, null)) {
        const holder = this.#deps.content.index.bySlugAny(old.slug)
        throw new ConflictError(`"${old.title}" cannot be restored: its slug "${old.slug}" is used by ${holder ? `the post "${holder.title}"` : 'another file'} now. Change that post's slug first.`)
      }
      await this.#deps.redirects?.ensurePostPathFree(old.slug, null)
      const post: Post = { ...orderedFields(old), ...ownershipOf(old, { author: old.author, inReview: old.inReview }), id, content: cleanContent(old.content) }
      return this.#write(tx, { post, previous: null, author, verb: 'restore', restoredFrom: from })
    })
  }

  remove(id: string, ifMatch: string | undefined, author: GitAuthor, actor?: PostActor): Promise<void> {
    return this.#deps.repository.transaction(async (tx) => {
      const current = this.get(id)
      ensureMayChange(actor, current, 'delete')
      this.#ensureVersion(current, readVersion(ifMatch))
      const changes: FileChange[] = [{ path: this.#deps.paths.fileOf(current.slug), content: null }]
      const message = `blog: delete "${current.title}" (${current.slug})`
      if (this.#deps.review) {
        await this.#commitForReview(tx, { id, changes, message, author })
        return
      }
      await this.#deps.content.commit(tx, { changes, message, author })
    })
  }

  async #write(tx: RepositoryTransaction, options: {
    post: Post
    previous: VersionedPost | null
    author: GitAuthor
    verb: 'create' | 'restore' | ReturnType<typeof updateVerb>
    /** A restore: the version it brings back. */
    restoredFrom?: VersionRef
  }): Promise<SaveResult> {
    const { post, previous, author, verb, restoredFrom } = options
    const text = serializePost(post)
    const bytes = Buffer.from(text, 'utf8')
    // The post's version, computed once: the save stores the blob under it, the index takes it.
    const version = blobId(bytes)
    const changes: FileChange[] = [{ path: this.#deps.paths.fileOf(post.slug), content: bytes, blobId: version }]
    const renamed = previous !== null && previous.slug !== post.slug
    if (renamed) changes.unshift({ path: this.#deps.paths.fileOf(previous.slug), content: null })
    // Only an address visitors could reach is kept: a draft's or a scheduled post's old slug never
    // was one, and recording it would let an author turn a slug a deletion freed into a redirect
    // to a path of their own, which then blocks that post's undelete (WordPress, too, records old
    // slugs only for published posts).
    const moved = renamed && isLive(previous, this.#deps.today()) && !this.#deps.review ? await this.#deps.redirects?.postMoved(previous.slug, post.slug) : undefined
    if (moved) changes.push(moved.change)
    const slugs = renamed ? `${previous.slug} → ${post.slug}` : post.slug
    const change = changeBetween(previous, post)
    const message = postCommitMessage({ verb, title: post.title, slugs, change: restoredFrom ? { kind: 'restored', fields: previous ? change.fields : [], restoredFrom } : change })
    if (this.#deps.review) {
      const committed = await this.#commitForReview(tx, { id: post.id, changes, message, author })
      const review = this.#deps.review.reviews.get(post.id)
      return { post: { ...post, version, ...(review ? { review: reviewState(review) } : {}) }, committed }
    }
    // The live save: one commit, and the index takes the post it wrote without reading it back.
    const saved = await this.#deps.content.commit(tx, { changes, message, author, posts: [{ post, version, text }] })
    moved?.committed()
    return { post: { ...post, version }, committed: saved !== null }
  }

  /**
   * Review mode: the save is one commit on the post's review branch (created from the live
   * branch the first time: `cms/<its live slug>`, or its slug for a new post). Nothing changes on
   * the live site; the review branch is pushed in the background for a pull request.
   */
  async #commitForReview(tx: RepositoryTransaction, options: { id: string; changes: FileChange[]; message: string; author: GitAuthor }): Promise<boolean> {
    const { reviews, branches } = this.#deps.review!
    const live = this.#deps.content.index.byId(options.id)
    const firstSlug = slugOfFile(options.changes.at(-1)!.path)
    const branch = reviews.get(options.id)?.branch ?? `${REVIEW_PREFIX}${live?.slug ?? firstSlug}`
    const commit = await branches.commit({ branch, changes: options.changes, message: options.message, author: options.author, tx })
    await reviews.refresh()
    return commit !== null
  }

  #withBookmarkDetails(body: unknown): Promise<unknown> {
    return this.#deps.bookmarks ? this.#deps.bookmarks.fillBody(body) : Promise.resolve(body)
  }

  /** The live post, marked when a review of it (a deletion) is pending. */
  #withReview(post: VersionedPost): AdminPost {
    const review = this.#deps.review?.reviews.get(post.id)
    return review ? { ...post, review: reviewState(review) } : post
  }

  #ensureVersion(current: VersionedPost, version: string | undefined): void {
    // No version: SPEC §7's contract sends none, so such a save wins. The admin UI always sends one.
    if (version !== undefined && version !== current.version) {
      throw new ConflictError(
        `This post was changed since you opened it (its version is now ${current.version}). Reload it, then save again.`,
        current.version,
      )
    }
  }

  /** A slug names a file: not another post's, nor a file the index skipped, nor (review mode) a post under review's; its path redirects nowhere. */
  async #ensureSlugFree(slug: string, moving: VersionedPost | null): Promise<void> {
    if (this.#slugTaken(slug, moving?.id ?? null)) throw new ConflictError(`slug "${slug}" is already used by another post`)
    await this.#deps.redirects?.ensurePostPathFree(slug, moving?.slug ?? null)
  }

  #slugTaken(slug: string, exceptId: string | null): boolean {
    return Boolean(this.#deps.content.index.bySlugAny(slug) || existsSync(this.#deps.paths.fileOf(slug)) || this.#deps.review?.reviews.slugTaken(slug, exceptId))
  }

  #newId(): string {
    return newPostId((id) => Boolean(this.#deps.content.index.byId(id) || this.#deps.review?.reviews.get(id)))
  }
}

/**
 * Sanitized with the render schema, one block per line; nothing left means no content. The
 * limits are checked first (again, for a restore's old version): the sanitizer's tree walk
 * would overflow the stack on deep enough nesting.
 */
export function cleanContent(html: string): string {
  const shape = checkContentShape(html)
  if (shape) throw new InvalidInputError(`content ${shape}`, 'content')
  const clean = cleanPostHtml(html)
  if (clean.trim() === '') throw new InvalidInputError('content has nothing left once unsafe HTML is removed', 'content')
  return clean
}

/** The input's fields in `Post` order (JSON of the answer reads like the file). */
function orderedFields(input: PostInput): Omit<Post, 'id' | 'content' | 'author' | 'inReview'> {
  const { title, slug, summary, publishDate, isPublished, featuredImageUrl, featuredImageAlt, tags } = input
  return { title, slug, summary, publishDate, isPublished, featuredImageUrl, ...(featuredImageAlt ? { featuredImageAlt } : {}), ...(tags?.length ? { tags } : {}) }
}
