import path from 'node:path'
import type { ReviewState } from '../../../core/contract/index.ts'
import type { Post, VersionedPost } from '../../../core/post.ts'
import { parsePostFile } from '../../content/parse-post.ts'
import { isPostFileName, type PostPaths } from '../../content/post-paths.ts'
import type { ContentRepository, SideBranches } from '../../git/content-repository.ts'
import type { Logger } from '../../lib/logger.ts'

/** Where review branches live: `cms/<slug>`, one per post under review. */
export const REVIEW_PREFIX = 'cms/'

/** A post's pending version on its review branch (PUBLISH_MODE=review). */
export interface PostReview {
  branch: string
  commit: string
  /** The post as the branch has it, with its version (the blob id); null: the review deletes it. */
  post: VersionedPost | null
  /** The post's slug on the live branch (null: a new post, not live yet). */
  liveSlug: string | null
}

/** What the admin API shows of a review (`review` beside a post): the contract's shape. */
export type { ReviewState }

export function reviewState(review: PostReview): ReviewState {
  return review.post ? { state: 'in-review', branch: review.branch } : { state: 'in-review', branch: review.branch, deleted: true }
}

/**
 * The posts under review: what each `cms/*` branch changes in the posts folder since it forked
 * from the live branch, read from git and kept in memory (the admin list reads it on every call).
 * `refresh()` re-reads it after a review save and after a sync (a merged review's branch is
 * removed then, and its post is live).
 */
export interface PostReviewsDeps {
  branches: SideBranches
  repository: Pick<ContentRepository, 'readBlob'>
  /** Where the posts are in the repository. */
  paths: PostPaths
  logger: Logger
}

export class PostReviews {
  readonly #deps: PostReviewsDeps
  #byId = new Map<string, PostReview>()

  constructor(deps: PostReviewsDeps) {
    this.#deps = deps
  }

  get(id: string): PostReview | undefined {
    return this.#byId.get(id)
  }

  all(): PostReview[] {
    return [...this.#byId.values()]
  }

  /** Whether a review other than `exceptId`'s uses `slug`, or a branch for it exists already. */
  slugTaken(slug: string, exceptId: string | null): boolean {
    return this.all().some((review) => review.post?.id !== exceptId && (review.post?.slug === slug || review.branch === `${REVIEW_PREFIX}${slug}`))
  }

  async refresh(): Promise<void> {
    const byId = new Map<string, PostReview>()
    for (const branch of await this.#deps.branches.list(REVIEW_PREFIX)) {
      const posts = branch.changes.filter((change) => isPostFileName(this.#deps.paths.nameInBlog(change.path) ?? ''))
      const added = new Map<string, PostReview>()
      for (const change of posts) {
        if (change.after === null) continue
        const post = await this.#read(change.path, change.after)
        if (!post) continue
        added.set(post.id, { branch: branch.name, commit: branch.commit, post: { ...post, version: change.after }, liveSlug: null })
      }
      for (const change of posts) {
        if (change.before === null) continue
        const old = await this.#read(change.path, change.before)
        if (!old) continue
        const review = added.get(old.id)
        if (review) review.liveSlug = old.slug
        else added.set(old.id, { branch: branch.name, commit: branch.commit, post: null, liveSlug: old.slug })
      }
      for (const [id, review] of added) {
        if (byId.has(id)) this.#deps.logger.warn(`Post ${id} is under review on two branches (${byId.get(id)!.branch}, ${review.branch}); showing ${review.branch}`)
        byId.set(id, review)
      }
    }
    this.#byId = byId
  }

  async #read(file: string, blob: string): Promise<Post | null> {
    try {
      return parsePostFile(Buffer.from(await this.#deps.repository.readBlob(blob)).toString('utf8'), path.basename(file))
    } catch (error) {
      this.#deps.logger.warn(`A review branch holds an unreadable ${path.basename(file)}: ${error instanceof Error ? error.message : String(error)}`)
      return null
    }
  }
}
