/**
 * The composition root of a running server: every part the Koa app is given, built once, in
 * order, each with its dependencies passed in. What several share is made first:
 *
 * 1. the requests in flight, which the pages' background catch-up gives way to and the app counts;
 * 2. the content repository (the writer lock, a crash's save or pull settled), the one lock of
 *    every write, which announces each commit it makes;
 * 3. the site (site.ts): the posts' index, the pages, the search, the media variants, the
 *    redirects and the site's copy (a broken file of it keeps its last valid version from the
 *    repository's history);
 * 4. the role's services: the writer's admin area (admin.ts: the people, the content sync, the
 *    services that change content), or a replica's sync alone (content-sync.ts);
 * 5. what the app serves from: the public API's bodies, Vite's middleware in development.
 *
 * start.ts builds the app from these, listens, and starts the background work; app.ts only
 * mounts middleware and routes over them.
 */
import { mkdir } from 'node:fs/promises'
import type { Middleware } from 'koa'
import type { AppDeps } from '../app.ts'
import type { BuildInfo } from '../build-info.ts'
import type { Config } from '../config.ts'
import { blogDirOf, PostPaths } from '../content/post-paths.ts'
import { ContentRepository } from '../git/content-repository.ts'
import { PublicApiBodies } from '../http/public-api.ts'
import { RequestsInFlight } from '../http/requests-in-flight.ts'
import { removeStaleTempFiles } from '../lib/atomic-write.ts'
import type { Logger } from '../lib/logger.ts'
import type { CatchUpOptions } from '../services/pages/page-catch-up.ts'
import type { Clock } from '../services/posts/publish-schedule.ts'
import { committedVersions } from '../services/site-copy/site-history.ts'
import { openAdmin } from './admin.ts'
import { openContentSync } from './content-sync.ts'
import { openSite, type Site } from './site.ts'
import { uploadsDirOf } from '../media/media-folder.ts'

/**
 * The longest the background rendering of stale pages waits for a moment without requests
 * before its next chunk: under steady traffic it still moves on, a chunk at a time.
 */
const QUIET_WAIT_MS = 250

export interface ComposedServer {
  repository: ContentRepository
  site: Site
  /** The writer's admin area; null on a replica. */
  admin: Awaited<ReturnType<typeof openAdmin>> | null
  /** The content sync (null without GIT_REMOTE_URL) and the webhook's secret. */
  sync: NonNullable<AppDeps['sync']>
  traffic: RequestsInFlight
  /** What the Koa app is built from (app.ts). */
  app: AppDeps
  /** Closes what was built, last made first closed: the sync, the sessions, the site, the repository. */
  close(): Promise<void>
}

export async function composeServer(options: {
  config: Config
  build: BuildInfo
  logger: Logger
  /** The pace of the background catch-up of stale pages (tests slow it down to watch it). */
  catchUp?: CatchUpOptions
  /** The wall clock, which says when scheduled posts go live (tests pass their own). */
  clock?: Clock
  /** Ends one bookmark page's fetch (default 4 seconds from its start): tests end a page that hangs themselves. */
  linkDeadline?: () => AbortSignal
}): Promise<ComposedServer> {
  const { config, build, logger } = options
  // The stale pages' background rendering gives way to requests (a save among them).
  const traffic = new RequestsInFlight()
  // Before the posts are read: it refuses to start beside another writer of the repository,
  // and finishes or undoes a save that a crash interrupted. (The build only reads: no lock.)
  // History is cached in the site's folder across restarts, and filled in the background.
  // A replica's clone only follows its remote: no writer lock, no commits, and no history
  // (nobody asks it for a post's history).
  const replica = config.role === 'replica'
  const repository = await ContentRepository.open({
    dir: config.contentDir,
    logger,
    follower: replica,
    history: replica ? undefined : { cacheDir: config.siteDir, warm: true },
    // Reading HEAD's trees, warming the history and checking whether to pack: once listening.
    background: 'later',
  })
  const catchUp = {
    ...options.catchUp,
    beforeChunk: async (progress: { done: number; total: number }) => {
      await traffic.quiet(QUIET_WAIT_MS)
      await options.catchUp?.beforeChunk?.(progress)
    },
  }
  let site: Site
  try {
    // Private (it holds password hashes) before the site writes its pages into it.
    await mkdir(config.dataDir, { recursive: true, mode: 0o700 })
    // The accounts and sessions files are written whole under temp names: a crash mid-write
    // leaves one behind (a live writer's, like the admin CLI's, is left alone).
    for (const dir of [config.dataDir, config.siteDir]) await removeStaleTempFiles(dir)
    // A broken file of the site's copy keeps its last valid version from history (a replica keeps no history: the built-in copy).
    const siteHistory = replica ? undefined : committedVersions(repository)
    site = await openSite({ config, build, logger, pagesFor: 'site', repositoryRoot: repository.root, catchUp, clock: options.clock, siteHistory })
    // Variants are written whole under temp names in their folder, and uploads spooled to theirs: a crash mid-write leaves one.
    await removeStaleTempFiles(site.media.tempDir)
    await removeStaleTempFiles(uploadsDirOf(config.siteDir))
  } catch (error) {
    await repository.close()
    throw error
  }
  const devMiddleware = config.mode !== 'production' ? await createViteMiddleware() : undefined
  // Followed from here on: the server's own saves are in the index already.
  site.watch()
  // The writer: accounts, sessions, saves, two-way sync. A replica: the sync alone, following.
  const admin = replica ? null : await openAdmin({ config, logger, site, repository, clock: options.clock, linkDeadline: options.linkDeadline })
  const sync = admin ? admin.sync : await openReplicaSync({ config, logger, site, repository })

  const app: AppDeps = {
    config,
    api: new PublicApiBodies({ posts: site.content.index, revision: () => site.content.index.revision }),
    // Production: what no file answers (a stale page among them) is rendered from the index as it is now.
    render: config.mode === 'production' ? site.pages.renderNow : site.render,
    files: config.mode === 'production' ? { assetsDir: site.assetsDir, pageFile: (url) => site.pages.fileFor(url), pagesKnown: () => site.pages.pagesKnown() } : null,
    fileCache: site.fileCache,
    redirects: site.redirects,
    mediaVariants: site.media,
    search: site.search ? { dirs: () => site.search!.index.dirs(), deltas: site.search.index, cache: site.search.cache } : undefined,
    logger,
    traffic,
    devMiddleware,
    sync,
    admin,
  }
  return {
    repository,
    site,
    admin,
    sync,
    traffic,
    app,
    async close() {
      await sync.service?.close()
      await admin?.sessions.flush()
      await site.close()
      await repository.close()
    },
  }
}

/**
 * A read replica's side (SITE_ROLE=replica): no accounts, sessions or saves, only the content
 * sync, following GIT_REMOTE_URL (fetch on the webhook and the interval, fast-forward only). The
 * app mounts the webhook for it and no admin area (app.ts).
 */
async function openReplicaSync(options: { config: Config; logger: Logger; site: Site; repository: ContentRepository }) {
  const { config, logger, site, repository } = options
  if (!config.contentSync) throw new Error('A replica needs GIT_REMOTE_URL (loadConfig checks it)')
  const paths = new PostPaths({ root: repository.root, blogDir: blogDirOf(config.contentDir) })
  const service = await openContentSync({ config, logger, repository, content: site.content, siteCopy: site.siteCopy, paths, direction: 'follow' })
  return { service, webhookSecret: config.contentSync.webhookSecret }
}

/** vike's development middleware (Vite with hot reload), mounted in Koa. */
async function createViteMiddleware(): Promise<Middleware> {
  const { createDevMiddleware } = await import('vike/server')
  const { devMiddleware } = await createDevMiddleware({ root: process.cwd() })
  return (ctx, next) =>
    new Promise<void>((resolve, reject) => {
      ctx.res.once('finish', () => {
        ctx.respond = false
        resolve()
      })
      devMiddleware(ctx.req, ctx.res, (error?: unknown) => (error ? reject(error) : resolve(next())))
    })
}
