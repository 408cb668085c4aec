import path from 'node:path'
import { buildPostServices } from '../../server/compose/admin.ts'
import { buildContentSync, openReview, type Review } from '../../server/compose/content-sync.ts'
import { openPostContent } from '../../server/compose/site.ts'
import type { PostFiles } from '../../server/content/post-files.ts'
import { PostPaths } from '../../server/content/post-paths.ts'
import { SiteSource } from '../../server/content/site-source.ts'
import { ContentRepository } from '../../server/git/content-repository.ts'
import type { AdminPosts } from '../../server/services/posts/admin-posts.ts'
import type { AdminTags } from '../../server/services/tags/admin-tags.ts'
import type { BlogContent } from '../../server/services/content/blog-content.ts'
import type { ContentSync } from '../../server/services/sync/content-sync.ts'
import type { MediaLibrary } from '../../server/services/media/media-library.ts'
import type { PostHistory } from '../../server/services/posts/post-history.ts'
import { waitFor } from '../support/wait-for.ts'
import { createTempRepo, postText, recordingLogger, type TempRepo } from './git-fixture.ts'
import { createRemoteWorld, type RemoteWorld } from './git-remote-world.ts'

/** The day the services take as today. */
export const TODAY = '2026-11-26'

/** Who the content sync names as the author of merge commits nobody chose anything for. */
export const SITE_AUTHOR = { name: 'Watchio site', email: 'site@watchio.example' }

type Cleanups = (() => Promise<void> | void)[]

/** The admin's services over a real repository, built by the composition root's functions (server/compose/), without HTTP. */
export interface AdminServices {
  repo: TempRepo
  repository: ContentRepository
  content: BlogContent
  paths: PostPaths
  history: PostHistory
  posts: AdminPosts
  tags: AdminTags
  media: MediaLibrary
  /** The media library's hashes it reported added and removed (onAdded, onRemoved), in order. */
  mediaEvents: { added: string[]; removed: string[] }
  logger: ReturnType<typeof recordingLogger>
}

/** The same with GIT_REMOTE_URL: the content sync, over a real remote, and (review mode) the reviews. */
export interface SyncedServices extends AdminServices {
  remote: RemoteWorld
  sync: ContentSync
  /** The site's copy (content/site/), loaded and not watched: what a pull brings reaches it through the sync alone. */
  siteCopy: SiteSource
  /** PUBLISH_MODE=review only. */
  review?: Review
}

/**
 * A repository with `posts` (default one post, `first`) in its first commit, read, with
 * AdminPosts, PostHistory, AdminTags and MediaLibrary built over it, each dependency passed in. Each thing
 * made is handed to `cleanups` to undo. `files`: the post files' reader (a test's own, to see
 * what is read), by default a PostFiles.
 */
export async function createAdminServices(
  cleanups: Cleanups,
  options: { posts?: Record<string, string>; files?: (blogDir: string) => PostFiles } = {},
): Promise<AdminServices> {
  const repo = createTempRepo({ posts: options.posts ?? { 'first.html': postText({ slug: 'first', title: 'The first post', body: 'First.' }) } })
  cleanups.push(() => repo.remove())
  const logger = recordingLogger()
  const repository = await ContentRepository.open({ dir: repo.blogDir, logger })
  cleanups.push(() => repository.close())
  return wire({ cleanups, repo, repository, logger, files: options.files })
}

/**
 * The same over a repository that syncs with a real git remote (`git http-backend`, a
 * maintainer's clone: createRemoteWorld, with `posts`, default `a` and `b`), ContentSync built as
 * with GIT_REMOTE_URL, no polling; `review`: PUBLISH_MODE=review. The sync is not started: a test
 * asks for a run (`syncRun`), as the webhook does.
 */
export async function createSyncedServices(cleanups: Cleanups, options: { posts?: Record<string, string>; review?: boolean } = {}): Promise<SyncedServices> {
  const remote = await createRemoteWorld({ cleanups, posts: options.posts })
  const services = await wire({ cleanups, repo: remote.site, repository: remote.repository, logger: recordingLogger(), remote, review: options.review })
  return { ...services, remote, sync: services.sync!, siteCopy: services.siteCopy! }
}

/**
 * Builds the services with the composition root's functions, as openAdmin does (server/compose/),
 * with a test's options: the temp repository, the day TODAY, no redirects, media events
 * recorded, the sync over the world's remote without polling, with the site's copy unwatched.
 */
async function wire(options: {
  cleanups: Cleanups
  repo: TempRepo
  repository: ContentRepository
  logger: AdminServices['logger']
  files?: (blogDir: string) => PostFiles
  remote?: RemoteWorld
  review?: boolean
}): Promise<AdminServices & { sync?: ContentSync; siteCopy?: SiteSource; review?: Review }> {
  const { cleanups, repo, repository, logger, remote, files } = options
  const content = await openPostContent({ blogDir: repo.blogDir, folder: 'content/blog', today: TODAY, postFiles: files && ((deps) => files(deps.blogDir)), logger })
  const paths = new PostPaths({ root: repository.root, blogDir: repo.blogDir })
  const review = options.review ? await openReview({ repository, paths, logger }) : undefined
  let sync: ContentSync | undefined
  let siteCopy: SiteSource | undefined
  if (remote) {
    siteCopy = new SiteSource({ contentDir: path.join(repo.dir, 'content'), logger })
    await siteCopy.load()
    const made = buildContentSync({ remote: remote.sync, repository, content, siteCopy, paths, intervalMs: 0, siteAuthor: SITE_AUTHOR, logger, review, direction: 'two-way' })
    cleanups.push(() => made.close())
    sync = made
  }
  const mediaEvents = { added: [] as string[], removed: [] as string[] }
  const { history, posts, tags, media } = buildPostServices({
    repository,
    content,
    paths,
    logger,
    today: () => TODAY,
    review,
    sync,
    media: {
      dir: path.join(repo.dir, 'content', 'media'),
      maxPixels: 50_000_000,
      tempDir: path.join(repo.dir, '.uploads'),
      onAdded: (name) => mediaEvents.added.push(name.hash),
      onRemoved: (name) => mediaEvents.removed.push(name.hash),
      now: () => new Date(`${TODAY}T12:00:00Z`),
    },
  })
  return { repo, repository, content, paths, history, posts, tags, media, mediaEvents, logger, sync, siteCopy, review }
}

/**
 * Asks the sync for a run (as the webhook does: fetch, integrate, push) and waits until no run
 * is in progress any more.
 */
export async function syncRun(services: SyncedServices): Promise<void> {
  services.sync.request('webhook')
  await waitFor(async () => !(await services.sync.status()).syncing)
}
