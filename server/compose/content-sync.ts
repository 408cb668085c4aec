/**
 * The composition root's content sync (GIT_REMOTE_URL): both ways on the writer, following on a
 * read replica, and review mode's branches, which the sync pushes and the posts and site copy
 * commit to. The service tests build theirs with the same functions, over a remote of their own.
 */
import type { Config } from '../config.ts'
import type { SiteSource } from '../content/site-source.ts'
import type { PostPaths } from '../content/post-paths.ts'
import type { ConnectedRemote, ContentRepository, GitAuthor, SideBranches } from '../git/content-repository.ts'
import type { Logger } from '../lib/logger.ts'
import type { BlogContent } from '../services/content/blog-content.ts'
import { PostReviews } from '../services/posts/post-reviews.ts'
import { ContentSync } from '../services/sync/content-sync.ts'

/** PUBLISH_MODE=review: the review branches, and the reviews read from them. */
export interface Review {
  branches: SideBranches
  reviews: PostReviews
}

/** Review mode's branches and the posts' reviews on them, read once before anything asks. */
export async function openReview(options: { repository: ContentRepository; paths: PostPaths; logger: Logger }): Promise<Review> {
  const { repository, paths, logger } = options
  const branches = repository.sideBranches()
  const reviews = new PostReviews({ branches, repository, paths, logger })
  await reviews.refresh()
  return { branches, reviews }
}

/**
 * The content sync over `remote`. Both ways, it listens to the repository's commits: each
 * commit the writer makes (a post, a tag renamed, an image, the redirects, the site's copy, a
 * review branch) asks it once for a run, which pushes it in the background once the save's
 * transaction is over. Following (a replica), it makes no commits to push.
 */
export function buildContentSync(deps: {
  remote: ConnectedRemote
  repository: ContentRepository
  content: BlogContent
  siteCopy?: SiteSource
  paths: PostPaths
  intervalMs: number
  siteAuthor: GitAuthor
  logger: Logger
  review?: Review
  direction: 'two-way' | 'follow'
}): ContentSync {
  const sync = new ContentSync(deps)
  if (deps.direction === 'two-way') deps.repository.onCommit(() => sync.request('save'))
  return sync
}

/** The content sync with GIT_REMOTE_URL's settings, both ways (the writer) or following it (a replica). */
export async function openContentSync(options: {
  config: Pick<Config, 'contentSync' | 'siteUrl'>
  logger: Logger
  repository: ContentRepository
  content: BlogContent
  siteCopy?: SiteSource
  paths: PostPaths
  review?: Review
  direction: 'two-way' | 'follow'
}): Promise<ContentSync> {
  const { config, repository } = options
  if (!config.contentSync) throw new Error('The content sync needs GIT_REMOTE_URL (loadConfig checks it)')
  const { remoteUrl, remoteBranch, username, token, intervalSeconds } = config.contentSync
  return buildContentSync({
    remote: repository.connectRemote({ url: remoteUrl, branch: remoteBranch ?? (await repository.currentBranch()), username, token }),
    repository,
    content: options.content,
    siteCopy: options.siteCopy,
    paths: options.paths,
    intervalMs: intervalSeconds * 1000,
    siteAuthor: { name: 'Watchio site', email: `site@${new URL(config.siteUrl).hostname}` },
    logger: options.logger,
    review: options.review,
    direction: options.direction,
  })
}
