/**
 * Where a site's services are built, each with its dependencies passed in (as Ghost's
 * `posts-service-instance.js` does): the content and its pages (`openSite`, which the build
 * uses too) and the admin side (`openAdmin`). No service builds another or reaches one through
 * a late-bound closure: what two of them share (the save lock) is made here first and given to
 * both. start.ts only opens the repository, calls these, and listens.
 */
import path from 'node:path'
import { AccountStore, accountsFilePath } from './accounts/account-store.ts'
import { ensureFirstAdmin } from './accounts/first-admin.ts'
import { loadSessionSecret } from './accounts/session-secret.ts'
import { SessionStore } from './accounts/session-store.ts'
import type { BuildInfo } from './build-info.ts'
import type { Config } from './config.ts'
import { ParsedPosts } from './content/parsed-posts.ts'
import { PostFiles } from './content/post-files.ts'
import { blogDirOf, PostPaths, repositoryPath } from './content/post-paths.ts'
import { watchFolder } from './content/watch-folder.ts'
import type { ContentRepository, SideBranches } from './git/content-repository.ts'
import { FileCache } from './http/file-cache.ts'
import { mediaDirOf, variantsDirOf } from './media/media-folder.ts'
import { configureSharp, MediaVariants } from './media/media-variants.ts'
import type { Logger } from './lib/logger.ts'
import { SerialQueue } from './lib/serial-queue.ts'
import { PageFiles } from './pages/page-files.ts'
import { readPublicPages } from './pages/page-routes.ts'
import { createPageRenderer, loadServerBuild, renderSettingsOf } from './pages/render-page.ts'
import { AdminPosts } from './services/admin-posts.ts'
import { BlogContent } from './services/blog-content.ts'
import { ContentSync } from './services/content-sync.ts'
import { LoginGuard } from './services/login-guard.ts'
import { MediaLibrary } from './services/media-library.ts'
import { PostHistory } from './services/post-history.ts'
import { PostPreview } from './services/post-preview.ts'
import { PostReviews } from './services/post-reviews.ts'
import type { CatchUpOptions } from './services/page-catch-up.ts'
import { PublicPages } from './services/public-pages.ts'
import { type Clock, PublishSchedule } from './services/publish-schedule.ts'
import { dayIn } from '../renderer/site-day.ts'

/**
 * Where a site's pages live. The build writes its prerendered pages into `dist/client`, with
 * their stamps beside it. A running site never writes into `dist/` (it may be read-only, and
 * every site started from the checkout shares it): its own pages go into its own folder
 * (`pages/` in `siteDir`, their stamps in `pages.json`), and the build's pages seed it.
 */
export function pageFolders(config: Pick<Config, 'distDir' | 'siteDir'>) {
  const build = { dir: path.join(config.distDir, 'client'), stateFile: path.join(config.distDir, 'client-pages.json') }
  const site = { dir: path.join(config.siteDir, 'pages'), stateFile: path.join(config.siteDir, 'pages.json') }
  return { build, site }
}

/**
 * The content and the pages made from it, wired together: the index loaded from the post
 * files, the site's pages (or, for the build, the prerendered ones in `dist/client`), and
 * (when watching) every change to the files reaching the index, the caches and the pages
 * within a moment.
 */
export async function openSite(options: {
  config: Config
  /** What dist/ was built from and when: pages are stamped with it. */
  build: BuildInfo
  logger: Logger
  /**
   * `build`: prerender into dist/client (npm run build). `site`: a running site's own folder.
   * A folder of its own: every page rendered there from scratch (a static export, server/export/).
   */
  pagesFor: 'build' | 'site' | { dir: string; stateFile: string }
  /** The content repository's root: problems with post files name them relative to it. */
  repositoryRoot?: string
  /** The pace of the start's background catch-up (PublicPages.catchUp). */
  catchUp?: CatchUpOptions
  /** The wall clock, which says when scheduled posts go live (tests pass their own). */
  clock?: Clock
}) {
  const { config, build, logger } = options
  const clock = options.clock ?? (() => new Date())
  if (config.mode === 'production') await loadServerBuild(config.distDir)
  const blogDir = blogDirOf(config.contentDir)
  const folder = options.repositoryRoot ? repositoryPath(options.repositoryRoot, blogDir) : blogDir
  // A running site keeps what it read from each post file, so that its next start parses only
  // the files that changed. Not in development, where dist/ (and its source hash) may be older
  // than the code that reads the posts.
  const parsed =
    options.pagesFor === 'site' && config.mode === 'production'
      ? new ParsedPosts({ file: path.join(config.siteDir, 'parsed-posts.json'), parser: build.sourceHash })
      : undefined
  await parsed?.load()
  const content = new BlogContent({ files: new PostFiles({ blogDir, parsed }), logger, folder, today: dayIn(config.timeZone, clock()) })
  // Started by the server once it listens (start.ts); the build renders the day it is built.
  const schedule = new PublishSchedule({ content, zone: config.timeZone, clock, logger })
  await content.load()
  await parsed?.save()
  const settings = renderSettingsOf(config)
  if (options.pagesFor === 'site' && build.settings && JSON.stringify(build.settings) !== JSON.stringify(settings)) {
    // Not an error, but it costs a render of every page at first start: say why.
    logger.info('dist/ was built with other settings (SITE_URL or a redirect URL): this site renders its pages itself instead of serving the build\'s')
  }
  const render = createPageRenderer({ posts: content.index, settings })
  const fileCache = new FileCache()
  const folders = pageFolders(config)
  const own = options.pagesFor === 'build' ? folders.build : options.pagesFor === 'site' ? folders.site : options.pagesFor
  const pages = new PublicPages({
    files: new PageFiles({ dir: own.dir, onChange: (file) => fileCache.invalidate(file) }),
    seed: options.pagesFor === 'site' ? folders.build : undefined,
    // The routes of the server build. In development nothing is prerendered: no list needed.
    publicPages: config.mode === 'production' ? await readPublicPages() : [],
    render,
    index: content.index,
    stateFile: own.stateFile,
    // Pages embed these settings: a new value renders them again at the next start.
    renderId: `${build.sourceHash}:${JSON.stringify(settings)}`,
    siteUrl: config.siteUrl,
    builtOn: build.builtAt.slice(0, 10),
    logger,
    catchUp: options.catchUp,
  })
  // In development nothing is prerendered: every request renders with the current index.
  if (config.mode === 'production') content.onChange((change) => pages.applyChange(change).catch(() => {})) // failures are logged by the queue

  configureSharp()
  // Made on demand by the running site (the build makes none): the lead's upload warms a new image's.
  const media = new MediaVariants({ mediaDir: mediaDirOf(config.contentDir), variantsDir: variantsDirOf(config.siteDir), logger })

  let stopWatching = () => {}
  return {
    content,
    /** Scheduled posts go live when their day begins (SITE_TIMEZONE). */
    schedule,
    pages,
    render,
    fileCache,
    /** The media library's variants (and its originals' files): `/media/…` (serve-media.ts). */
    media,
    /** The build's client files (assets, public files), served as they are. */
    assetsDir: folders.build.dir,
    /** Follows edits to the post files made by anyone (an editor, a git pull). */
    watch() {
      stopWatching = watchFolder({
        dir: blogDir,
        settleMs: 100,
        onChange: (names) => {
          content.reload(names).catch((error) => logger.error('Reloading posts failed', error))
        },
        onError: (error) => logger.error('Watching the posts folder failed', error),
      })
    },
    async close() {
      schedule.stop()
      stopWatching()
      await media.close()
      await pages.flush()
    },
  }
}

export type Site = Awaited<ReturnType<typeof openSite>>

/**
 * The admin side: accounts (the first one created at first start, its password printed
 * once), sessions, the sign-in guard, and the posts service that turns saves into commits,
 * with its history, its reviews (PUBLISH_MODE=review) and the content sync (GIT_REMOTE_URL);
 * the media library, whose uploads are commits too.
 */
export async function openAdmin(options: { config: Config; logger: Logger; site: Site; repository: ContentRepository }) {
  const { config, logger, site, repository } = options
  const accounts = new AccountStore(accountsFilePath(config.dataDir))
  await createFirstAdmin({ config, logger, accounts })
  const secret = await loadSessionSecret({ dataDir: config.dataDir, configured: config.sessionSecret })
  const content = site.content
  const paths = new PostPaths({ root: repository.root, blogDir: blogDirOf(config.contentDir) })
  // Made first, given to both: saves and pulls take turns on it.
  const saveLock = new SerialQueue()
  const history = new PostHistory({ content, repository, paths })
  let review: { reviews: PostReviews; branches: SideBranches } | undefined
  if (config.contentSync?.publishMode === 'review') {
    const branches = repository.sideBranches()
    review = { branches, reviews: new PostReviews({ branches, repository, paths, logger }) }
    await review.reviews.refresh()
  }
  let sync: ContentSync | null = null
  if (config.contentSync) {
    const { remoteUrl, remoteBranch, username, token, intervalSeconds } = config.contentSync
    sync = new ContentSync({
      remote: repository.connectRemote({ url: remoteUrl, branch: remoteBranch ?? (await repository.currentBranch()), username, token }),
      content,
      paths,
      saveLock,
      intervalMs: intervalSeconds * 1000,
      siteAuthor: { name: 'Watchio site', email: `site@${new URL(config.siteUrl).hostname}` },
      logger,
      review,
    })
  }
  const posts = new AdminPosts({ content, repository, paths, history, saveLock, sync: sync ?? undefined, review, today: () => site.schedule.today() })
  const preview = new PostPreview({ posts: content.index, render: site.render, today: () => site.schedule.today() })
  const media = new MediaLibrary({
    mediaDir: mediaDirOf(config.contentDir),
    repository,
    index: content.index,
    saveLock,
    sync: sync ?? undefined,
    reviews: review?.reviews,
    limits: { maxPixels: config.media.maxPixels },
    logger,
    // A new image's variants are made in the background before its first visitors ask; a removed one's are deleted.
    onAdded: (added) => void site.media.warm(added),
    onRemoved: (removed) => void site.media.forget(removed).catch((error) => logger.warn(`Removing the variants of a deleted image failed: ${String(error)}`)),
  })
  return {
    accounts,
    // In the site's own folder: one writer per content repository, so two sites sharing a
    // DATA_DIR never overwrite each other's sessions.
    sessions: new SessionStore({ file: path.join(config.siteDir, 'sessions.json'), logger }),
    guard: new LoginGuard(),
    posts,
    history,
    preview,
    content,
    media: { library: media, maxBytes: config.media.maxBytes },
    sync: { service: sync, branch: () => repository.currentBranch(), webhookSecret: config.contentSync?.webhookSecret ?? null },
    sessionKeys: [secret],
  }
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
