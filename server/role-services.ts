/**
 * The services each SITE_ROLE adds to the public site that openSite made: the writer's admin
 * side (`openAdmin`) and a read replica's sync (`openReplica`), each service with its dependencies passed in. What several share is
 * made first and given to each: the repository, whose transaction is the one lock of every
 * write (saves, media, pulls), which announces each commit the writer makes, and the content
 * sync, which listens and pushes them.
 */
import path from 'node:path'
import { AccountStore, accountsFilePath } from './accounts/account-store.ts'
import { ensureFirstAdmin } from './accounts/first-admin.ts'
import { InvitationStore, invitationsFilePath } from './accounts/invitation-store.ts'
import { loadSessionSecret } from './accounts/session-secret.ts'
import { SecuritySettings, securityFilePath } from './accounts/security-settings.ts'
import { SessionStore } from './accounts/session-store.ts'
import type { Config } from './config.ts'
import { blogDirOf, PostPaths } from './content/post-paths.ts'
import type { ContentRepository, SideBranches } from './git/content-repository.ts'
import { mediaDirOf } from './media/media-folder.ts'
import type { Logger } from './lib/logger.ts'
import { smtpMailer } from './mail/mailer.ts'
import { AdminPosts } from './services/posts/admin-posts.ts'
import { AdminTags } from './services/tags/admin-tags.ts'
import type { BlogContent } from './services/content/blog-content.ts'
import { ContentSync } from './services/sync/content-sync.ts'
import { LoginGuard } from './services/sign-in/login-guard.ts'
import type { Clock } from './services/posts/publish-schedule.ts'
import { MediaLibrary } from './services/media/media-library.ts'
import { DeletedPosts } from './services/posts/deleted-posts.ts'
import { Invitations } from './services/team/invitations.ts'
import { People } from './services/team/people.ts'
import { PostHistory } from './services/posts/post-history.ts'
import { PostPreview } from './services/posts/post-preview.ts'
import { PostReviews } from './services/posts/post-reviews.ts'
import { Redirects } from './services/redirects/redirects.ts'
import { SiteCopy } from './services/site-copy/site-copy.ts'
import { SiteHistory } from './services/site-copy/site-history.ts'
import { SitePreview } from './services/site-copy/site-preview.ts'
import { SiteReviews } from './services/site-copy/site-reviews.ts'
import type { Site } from './site.ts'

/**
 * The admin side: accounts (the first one created at first start, its password printed
 * once), sessions, the sign-in guard, and the posts service that turns saves into commits,
 * with its history, its reviews (PUBLISH_MODE=review) and the content sync (GIT_REMOTE_URL);
 * the media library, whose uploads are commits too.
 */
export async function openAdmin(options: { config: Config; logger: Logger; site: Site; repository: ContentRepository; clock?: Clock }) {
  const { config, logger, site, repository } = options
  const clock = options.clock ?? (() => new Date())
  const accounts = new AccountStore(accountsFilePath(config.dataDir))
  await createFirstAdmin({ config, logger, accounts })
  const secret = await loadSessionSecret({ dataDir: config.dataDir, configured: config.sessionSecret })
  const security = new SecuritySettings(securityFilePath(config.dataDir))
  // Read now: a damaged rules file stops the start, naming it, rather than failing each request.
  await security.get()
  const content = site.content
  const paths = new PostPaths({ root: repository.root, blogDir: blogDirOf(config.contentDir) })
  const history = new PostHistory({ content, repository, paths, deleted: new DeletedPosts({ content, repository, paths }) })
  let review: { reviews: PostReviews; branches: SideBranches } | undefined
  if (config.contentSync?.publishMode === 'review') {
    const branches = repository.sideBranches()
    review = { branches, reviews: new PostReviews({ branches, repository, paths, logger }) }
    await review.reviews.refresh()
  }
  const sync = config.contentSync ? await openContentSync({ config, logger, repository, content, paths, review, direction: 'two-way' }) : null
  // Not fileFor: a page being made again after a save has no file for that moment, yet is a page.
  const isPage = (url: string) => site.pages.hasPage(url)
  const redirects = new Redirects({ source: site.redirects, repository, index: content.index, isPage })
  const posts = new AdminPosts({ content, repository, paths, history, sync: sync ?? undefined, review, redirects, today: () => site.schedule.today() })
  const tags = new AdminTags({ content, repository, paths, reviewMode: review !== undefined })
  const siteHistory = new SiteHistory({ repository, contentDir: config.contentDir, source: site.siteCopy })
  const siteReviews = review ? new SiteReviews({ branches: review.branches, repository, contentDir: config.contentDir }) : undefined
  const siteCopy = new SiteCopy({ source: site.siteCopy, contentDir: config.contentDir, repository, history: siteHistory, review: siteReviews })
  const sitePreview = new SitePreview({ source: site.siteCopy, render: site.render })
  const preview = new PostPreview({ posts: content.index, render: site.render, today: () => site.schedule.today() })
  const media = new MediaLibrary({
    mediaDir: mediaDirOf(config.contentDir),
    repository,
    index: content.index,
    reviews: review?.reviews,
    limits: { maxPixels: config.media.maxPixels },
    logger,
    // A new image's variants are made in the background before its first visitors ask; a removed one's are deleted.
    onAdded: (added) => void site.media.warm(added),
    onRemoved: (removed) => void site.media.forget(removed).catch((error) => logger.warn(`Removing the variants of a deleted image failed: ${String(error)}`)),
  })
  // In the site's own folder: one writer per content repository, so two sites sharing a
  // DATA_DIR never overwrite each other's sessions.
  const sessions = new SessionStore({ file: path.join(config.siteDir, 'sessions.json'), logger })
  const invitations = new Invitations({
    invitations: new InvitationStore({ file: invitationsFilePath(config.dataDir), now: clock }),
    accounts,
    mailer: config.mail ? smtpMailer(config.mail) : null,
    siteUrl: config.siteUrl,
    logger,
  })
  return {
    accounts,
    sessions,
    people: new People({ accounts, sessions }),
    invitations,
    guard: new LoginGuard(),
    posts,
    tags,
    history,
    preview,
    content,
    redirects,
    siteCopy,
    siteHistory,
    sitePreview,
    media: { library: media, maxBytes: config.media.maxBytes },
    sync: { service: sync, branch: () => repository.currentBranch(), webhookSecret: config.contentSync?.webhookSecret ?? null },
    sessionKeys: [secret],
    security,
    now: () => clock().getTime(),
  }
}

/**
 * A read replica's side (SITE_ROLE=replica): no accounts, sessions or saves, only the content
 * sync, following GIT_REMOTE_URL (fetch on the webhook and the interval, fast-forward only). The
 * app mounts the webhook for it and no admin area (app.ts).
 */
export async function openReplica(options: { config: Config; logger: Logger; site: Site; repository: ContentRepository }) {
  const { config, logger, site, repository } = options
  if (!config.contentSync) throw new Error('A replica needs GIT_REMOTE_URL (loadConfig checks it)')
  const paths = new PostPaths({ root: repository.root, blogDir: blogDirOf(config.contentDir) })
  const service = await openContentSync({ config, logger, repository, content: site.content, paths, direction: 'follow' })
  return { sync: { service, webhookSecret: config.contentSync.webhookSecret } }
}

/** The content sync with GIT_REMOTE_URL, both ways (the writer) or following it (a replica). */
async function openContentSync(options: {
  config: Config
  logger: Logger
  repository: ContentRepository
  content: BlogContent
  paths: PostPaths
  review?: { reviews: PostReviews; branches: SideBranches }
  direction: 'two-way' | 'follow'
}): Promise<ContentSync> {
  const { config, repository } = options
  const { remoteUrl, remoteBranch, username, token, intervalSeconds } = config.contentSync!
  const sync = new ContentSync({
    remote: repository.connectRemote({ url: remoteUrl, branch: remoteBranch ?? (await repository.currentBranch()), username, token }),
    repository,
    content: options.content,
    paths: options.paths,
    intervalMs: intervalSeconds * 1000,
    siteAuthor: { name: 'Watchio site', email: `site@${new URL(config.siteUrl).hostname}` },
    logger: options.logger,
    review: options.review,
    direction: options.direction,
  })
  // Every commit the writer makes (a post, a tag rename, media, redirects, the site's copy, a review branch) is pushed, in the background.
  if (options.direction === 'two-way') repository.onCommit(() => sync.request('save'))
  return sync
}

/** At first start, the first admin account; a password made up for it is printed, once. */
async function createFirstAdmin(options: { config: Config; logger: Logger; accounts: AccountStore }): Promise<void> {
  const { config, logger, accounts } = options
  const first = await ensureFirstAdmin({
    store: accounts,
    env: { ADMIN_USERNAME: config.firstAdmin.username, ADMIN_PASSWORD: config.firstAdmin.password },
    siteHost: new URL(config.siteUrl).host,
  })
  if (first?.password) {
    logger.info(
      [
        'First start: created the admin account. This password is shown only once.',
        `  Sign in at ${config.siteUrl}/admin/login`,
        `  username: ${first.username}`,
        `  password: ${first.password}`,
        `  Change it with: npm run admin -- passwd ${first.username}`,
      ].join('\n'),
    )
  } else if (first) {
    logger.info(`First start: created the admin account "${first.username}" from ADMIN_USERNAME and ADMIN_PASSWORD.`)
  }
}
