import path from 'node:path'
import { PostFiles } from '../../server/content/post-files.ts'
import { PostPaths } from '../../server/content/post-paths.ts'
import { ContentRepository, type SideBranches } from '../../server/git/content-repository.ts'
import { AdminPosts } from '../../server/services/posts/admin-posts.ts'
import { BlogContent } from '../../server/services/content/blog-content.ts'
import { ContentSync } from '../../server/services/sync/content-sync.ts'
import { MediaLibrary } from '../../server/services/media/media-library.ts'
import { DeletedPosts } from '../../server/services/posts/deleted-posts.ts'
import { PostHistory } from '../../server/services/posts/post-history.ts'
import { PostReviews } from '../../server/services/posts/post-reviews.ts'
import { waitFor } from '../support/wait-for.ts'
import { createTempRepo, postText, recordingLogger, type TempRepo } from './git-fixture.ts'
import { createRemoteWorld, type RemoteWorld } from './git-remote-world.ts'

/** The day the services take as today. */
export const TODAY = '2026-11-26'

/** Who the content sync names as the author of merge commits nobody chose anything for. */
export const SITE_AUTHOR = { name: 'Watchio site', email: 'site@watchio.example' }

type Cleanups = (() => Promise<void> | void)[]

/** The admin's services over a real repository, as role-services.ts wires them, without HTTP. */
export interface AdminServices {
  repo: TempRepo
  repository: ContentRepository
  content: BlogContent
  paths: PostPaths
  history: PostHistory
  posts: AdminPosts
  media: MediaLibrary
  /** The media library's hashes it reported added and removed (onAdded, onRemoved), in order. */
  mediaEvents: { added: string[]; removed: string[] }
  logger: ReturnType<typeof recordingLogger>
}

/** The same with GIT_REMOTE_URL: the content sync, over a real remote, and (review mode) the reviews. */
export interface SyncedServices extends AdminServices {
  remote: RemoteWorld
  sync: ContentSync
  /** PUBLISH_MODE=review only. */
  review?: { reviews: PostReviews; branches: SideBranches }
}

/**
 * A repository with `posts` (default one post, `first`) in its first commit, read, with
 * AdminPosts, PostHistory and MediaLibrary built over it, each dependency passed in. Each thing
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
  return { ...services, remote, sync: services.sync! }
}

/**
 * Builds the services as role-services.ts's openAdmin does: each write (a save, an upload, a
 * pull) is one of the repository's transactions, so nothing is shared between them but it.
 */
async function wire(options: {
  cleanups: Cleanups
  repo: TempRepo
  repository: ContentRepository
  logger: AdminServices['logger']
  files?: (blogDir: string) => PostFiles
  remote?: RemoteWorld
  review?: boolean
}): Promise<AdminServices & { sync?: ContentSync; review?: SyncedServices['review'] }> {
  const { cleanups, repo, repository, logger, remote } = options
  const files = options.files?.(repo.blogDir) ?? new PostFiles({ blogDir: repo.blogDir })
  const content = new BlogContent({ files, logger, folder: 'content/blog', today: TODAY })
  await content.load()
  const paths = new PostPaths({ root: repository.root, blogDir: repo.blogDir })
  const history = new PostHistory({ content, repository, paths, deleted: new DeletedPosts({ content, repository, paths }) })
  let review: SyncedServices['review']
  if (options.review) {
    const branches = repository.sideBranches()
    review = { branches, reviews: new PostReviews({ branches, repository, paths, logger }) }
    await review.reviews.refresh()
  }
  let sync: ContentSync | undefined
  if (remote) {
    sync = new ContentSync({ remote: remote.sync, repository, content, paths, intervalMs: 0, siteAuthor: SITE_AUTHOR, logger, review, direction: 'two-way' })
    const made = sync
    repository.onCommit(() => made.request('save'))
    cleanups.push(() => made.close())
  }
  const posts = new AdminPosts({ content, repository, paths, history, sync, review, today: () => TODAY })
  const mediaEvents = { added: [] as string[], removed: [] as string[] }
  const media = new MediaLibrary({
    mediaDir: path.join(repo.dir, 'content', 'media'),
    repository,
    index: content.index,
    reviews: review?.reviews,
    limits: { maxPixels: 50_000_000 },
    logger,
    onAdded: (name) => mediaEvents.added.push(name.hash),
    onRemoved: (name) => mediaEvents.removed.push(name.hash),
    now: () => new Date(`${TODAY}T12:00:00Z`),
  })
  return { repo, repository, content, paths, history, posts, media, mediaEvents, logger, sync, review }
}

/**
 * Asks the sync for a run (as the webhook does: fetch, integrate, push) and waits until no run
 * is in progress any more.
 */
export async function syncRun(services: SyncedServices): Promise<void> {
  services.sync.request('webhook')
  await waitFor(async () => !(await services.sync.status()).syncing)
}
