import type { ReviewState } from '../../../core/contract/index.ts'
import { SITE_FILE_NAMES, type SiteFileName } from '../../../core/site-content/index.ts'
import { siteFileOf } from '../../content/site-source.ts'
import type { ContentRepository, GitAuthor, RepositoryTransaction, SideBranches } from '../../git/content-repository.ts'
import { REVIEW_PREFIX } from '../posts/post-reviews.ts'

/**
 * A page's review branch: `cms/site.<name>` (`cms/site.pricing`), beside the posts' `cms/<slug>`,
 * so the content sync pushes it and removes it once merged as it does a post's. A post's slug
 * has no dot, so no post's branch can take this name.
 */
const SITE_REVIEW_PREFIX = `${REVIEW_PREFIX}site.`

function siteReviewBranch(name: SiteFileName): string {
  return `${SITE_REVIEW_PREFIX}${name}`
}

/** A file's pending edit on its review branch: the file there (null: the branch removes it) and its blob id. */
export interface SiteReview {
  branch: string
  commit: string
  text: string | null
  version: string | null
}

export interface SiteReviewsDeps {
  branches: Pick<SideBranches, 'list' | 'commit'>
  repository: Pick<ContentRepository, 'readBlob'>
  contentDir: string
}

/**
 * PUBLISH_MODE=review for the site's copy, as for posts (post-reviews.ts, admin-posts.ts): each
 * page's saves are commits on its own branch, made from the live branch the first time, never
 * on the live site; the sync pushes the branch for a pull request and, once a pull brings the
 * merge, removes it (content-sync.ts). Read from git on each call (SideBranches keeps what each
 * branch changes by its tip): a merged branch is gone without anything to refresh here.
 */
export class SiteReviews {
  readonly #deps: SiteReviewsDeps

  constructor(deps: SiteReviewsDeps) {
    this.#deps = deps
  }

  /** The file's edit awaiting review, or null when its branch does not exist or changes nothing of it. */
  async get(name: SiteFileName): Promise<SiteReview | null> {
    return this.#reviewIn(await this.#deps.branches.list(siteReviewBranch(name)), name)
  }

  /** Every file's edit awaiting review, from one listing of the site's review branches. */
  async all(): Promise<Map<SiteFileName, SiteReview>> {
    const branches = await this.#deps.branches.list(SITE_REVIEW_PREFIX)
    const reviews = new Map<SiteFileName, SiteReview>()
    for (const name of SITE_FILE_NAMES) {
      const review = await this.#reviewIn(branches, name)
      if (review) reviews.set(name, review)
    }
    return reviews
  }

  async #reviewIn(branches: Awaited<ReturnType<SideBranches['list']>>, name: SiteFileName): Promise<SiteReview | null> {
    const wanted = siteReviewBranch(name)
    const branch = branches.find((candidate) => candidate.name === wanted)
    const file = siteFileOf(this.#deps.contentDir, name)
    const change = branch?.changes.find((candidate) => candidate.path === file)
    if (!branch || !change) return null
    const text = change.after === null ? null : Buffer.from(await this.#deps.repository.readBlob(change.after)).toString('utf8')
    return { branch: branch.name, commit: branch.commit, text, version: change.after }
  }

  /** One commit of the file's new text on its review branch; null when it already holds that text. */
  commit(options: { name: SiteFileName; text: string; message: string; author: GitAuthor; tx: RepositoryTransaction }): Promise<string | null> {
    const { name, text, message, author, tx } = options
    return this.#deps.branches.commit({ branch: siteReviewBranch(name), changes: [{ path: siteFileOf(this.#deps.contentDir, name), content: text }], message, author, tx })
  }
}

export function siteReviewState(review: SiteReview): ReviewState {
  return { state: 'in-review', branch: review.branch }
}
