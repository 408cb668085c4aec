/**
 * The composition root's admin side, the writer's (SITE_ROLE=writer): the people (accounts.ts),
 * then the services that change content, each with its dependencies passed in. What several
 * share is made first and given to each: the repository, whose transaction is the one lock of
 * every write (saves, media, pulls) and which announces each commit the writer makes; review
 * mode's branches; the content sync, which listens to those commits and pushes them (and shows
 * the posts out of sync); the redirects, which a post's slug change writes. No service builds
 * another or reaches one through a late-bound closure. The service tests build theirs with the
 * same functions (`buildPostServices`, `buildSiteCopyServices`).
 */
import type { AdminArea } from '../app.ts'
import type { Config } from '../config.ts'
import { blogDirOf, PostPaths } from '../content/post-paths.ts'
import type { SiteSource } from '../content/site-source.ts'
import type { ContentRepository } from '../git/content-repository.ts'
import type { Logger } from '../lib/logger.ts'
import type { MediaName } from '../../core/media-urls.ts'
import { mediaDirOf, uploadsDirOf } from '../media/media-folder.ts'
import type { PreparedImage } from '../media/prepare-image.ts'
import type { RenderUrl } from '../pages/render-page.ts'
import type { BlogContent } from '../services/content/blog-content.ts'
import { MediaLibrary } from '../services/media/media-library.ts'
import { LinkDetails } from '../link-details/link-details.ts'
import { AdminPosts } from '../services/posts/admin-posts.ts'
import { BookmarkDetails } from '../services/posts/bookmark-details.ts'
import { DeletedPosts } from '../services/posts/deleted-posts.ts'
import { PostHistory } from '../services/posts/post-history.ts'
import { PostPreview } from '../services/posts/post-preview.ts'
import type { Clock } from '../services/posts/publish-schedule.ts'
import { Redirects } from '../services/redirects/redirects.ts'
import { SiteCopy } from '../services/site-copy/site-copy.ts'
import { SiteHistory } from '../services/site-copy/site-history.ts'
import { SitePreview } from '../services/site-copy/site-preview.ts'
import { SiteReviews } from '../services/site-copy/site-reviews.ts'
import type { ContentSync } from '../services/sync/content-sync.ts'
import { AdminTags } from '../services/tags/admin-tags.ts'
import { openAccounts } from './accounts.ts'
import { openContentSync, openReview, type Review } from './content-sync.ts'
import type { Site } from './site.ts'

/**
 * The admin area over the site openSite made, in order: the people; the posts' paths, review
 * mode's branches and the content sync (GIT_REMOTE_URL), which the services below are given;
 * the redirects; the posts with their history and tags, and the media library, whose uploads
 * are commits too; the site's copy; the previews, rendered as the site renders.
 */
export async function openAdmin(options: {
  config: Config
  logger: Logger
  site: Site
  repository: ContentRepository
  clock?: Clock
  /** Ends one bookmark page's fetch (LinkDetails' `deadline`): tests end a page that hangs themselves. */
  linkDeadline?: () => AbortSignal
}) {
  const { config, logger, site, repository } = options
  const clock = options.clock ?? (() => new Date())
  const people = await openAccounts({ config, logger, clock })
  const content = site.content
  const paths = new PostPaths({ root: repository.root, blogDir: blogDirOf(config.contentDir) })
  const review = config.contentSync?.publishMode === 'review' ? await openReview({ repository, paths, logger }) : undefined
  const sync = config.contentSync ? await openContentSync({ config, logger, repository, content, siteCopy: site.siteCopy, paths, review, direction: 'two-way' }) : null
  // Not fileFor: a page being made again after a save has no file for that moment, yet is a page.
  const redirects = new Redirects({ source: site.redirects, repository, index: content.index, isPage: (url) => site.pages.hasPage(url) })
  const today = () => site.schedule.today()
  // One cache of the linked pages' details for the saves and the previews (LINK_DETAILS_FETCH).
  const bookmarks = config.linkDetails.fetch ? new BookmarkDetails({ links: new LinkDetails({ allowHosts: config.linkDetails.allowHosts, clock, logger, deadline: options.linkDeadline }) }) : undefined
  const { history, posts, tags, media } = buildPostServices({
    repository,
    content,
    paths,
    logger,
    today,
    review,
    sync: sync ?? undefined,
    redirects,
    bookmarks,
    media: {
      dir: mediaDirOf(config.contentDir),
      maxPixels: config.media.maxPixels,
      limits: config.media,
      // The site's own folder: on the server's disk, never in the content repository.
      tempDir: uploadsDirOf(config.siteDir),
      // A new image's variants are made in the background before its first visitors ask; a removed one's are deleted.
      onAdded: (added) => void site.media.warm(added),
      onRemoved: (removed) => void site.media.forget(removed).catch((error) => logger.warn(`Removing the variants of a deleted image failed: ${String(error)}`)),
    },
  })
  const siteCopy = buildSiteCopyServices({ repository, contentDir: config.contentDir, source: site.siteCopy, render: site.render, review })
  const area = {
    ...people,
    posts,
    tags,
    history,
    preview: new PostPreview({ posts: content.index, render: site.render, today, bookmarks }),
    content,
    redirects,
    ...siteCopy,
    media: { library: media, maxBytes: media.maxUploadBytes },
    sync: { service: sync, branch: () => repository.currentBranch(), webhookSecret: config.contentSync?.webhookSecret ?? null },
  } satisfies AdminArea
  return area
}

/**
 * The posts' services over the content and the repository, in order: the history (with the
 * deleted posts), the posts service (which takes the history, the reviews, the sync's states and
 * the redirects), the tags, the media library. `redirects` absent: a slug change or a tag's rename records none.
 */
export function buildPostServices(deps: {
  repository: ContentRepository
  content: BlogContent
  paths: PostPaths
  logger: Logger
  /** Today in the site's time zone (`YYYY-MM-DD`). */
  today: () => string
  review?: Review
  sync?: Pick<ContentSync, 'stateOf'>
  redirects?: Redirects
  /** Fills bookmark cards saved without a title (LINK_DETAILS_FETCH); absent, they are saved as written. */
  bookmarks?: BookmarkDetails
  media: {
    dir: string
    maxPixels: number
    /** The most bytes of an image, a video and an audio file (the contract's defaults where unsaid). */
    limits?: { maxBytes?: number; maxVideoBytes?: number; maxAudioBytes?: number }
    /** Where video and audio uploads are spooled (uploadsDirOf). */
    tempDir: string
    onAdded?: (media: MediaName) => void
    onRemoved?: (media: MediaName) => void
    /** The year a new upload is filed under (default the wall clock's). */
    now?: () => Date
    prepare?: (bytes: Buffer, limits: { maxPixels: number }) => Promise<PreparedImage>
  }
}) {
  const { repository, content, paths, logger, review } = deps
  const history = new PostHistory({ content, repository, paths, deleted: new DeletedPosts({ content, repository, paths }) })
  const posts = new AdminPosts({ content, repository, paths, history, sync: deps.sync, review, redirects: deps.redirects, today: deps.today, bookmarks: deps.bookmarks })
  const tags = new AdminTags({ content, repository, paths, reviewMode: review !== undefined, redirects: deps.redirects })
  const media = new MediaLibrary({
    mediaDir: deps.media.dir,
    repository,
    index: content.index,
    reviews: review?.reviews,
    limits: { ...deps.media.limits, maxPixels: deps.media.maxPixels },
    tempDir: deps.media.tempDir,
    prepare: deps.media.prepare,
    logger,
    onAdded: deps.media.onAdded,
    onRemoved: deps.media.onRemoved,
    now: deps.media.now,
  })
  return { history, posts, tags, media }
}

/** The site's copy for the admin (content/site/): its history, its review branches in review mode, its saves, its previews. */
export function buildSiteCopyServices(deps: { repository: ContentRepository; contentDir: string; source: SiteSource; render: RenderUrl; review?: Review }) {
  const { repository, contentDir, source } = deps
  const siteHistory = new SiteHistory({ repository, contentDir, source })
  const review = deps.review ? new SiteReviews({ branches: deps.review.branches, repository, contentDir }) : undefined
  return {
    siteCopy: new SiteCopy({ source, contentDir, repository, history: siteHistory, review }),
    siteHistory,
    sitePreview: new SitePreview({ source, render: deps.render }),
  }
}
