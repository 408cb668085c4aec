import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Middleware } from 'koa'
import { mkdir } from 'node:fs/promises'
import { createApp } from './app.ts'
import { ContentRepository } from './git/content-repository.ts'
import type { BuildInfo } from './build-info.ts'
import type { Config } from './config.ts'
import type { Logger } from './lib/logger.ts'
import { RequestsInFlight } from './http/requests-in-flight.ts'
import { removeStaleTempFiles } from './lib/atomic-write.ts'
import { collectGarbage } from './lib/collect-garbage.ts'
import type { CatchUpOptions } from './services/pages/page-catch-up.ts'
import type { Clock } from './services/posts/publish-schedule.ts'
import { openAdmin, openReplica } from './role-services.ts'
import { committedVersions } from './services/site-copy/site-history.ts'
import { openSite, type Site } from './site.ts'

/**
 * The longest the background rendering of stale pages waits for a moment without requests
 * before its next chunk: under steady traffic it still moves on, a chunk at a time.
 */
const QUIET_WAIT_MS = 250

/**
 * How long after listening the stale pages' background rendering begins. Measured at 10,000
 * posts with every page stale (`npx tsx tests/bench/start-bench.ts`): starting it at once put
 * the first answer 2.4–2.6 s after startServer was called, 1.4–1.9 s without it.
 */
const STALE_RENDERING_DELAY_MS = 1000

export interface RunningServer {
  /** Base URL actually listened on, e.g. http://127.0.0.1:41235. */
  url: string
  site: Site
  /** How many requests were answered before Koa (quick-answers.ts) so far: tests tell the two apart by it. */
  quickAnswers(): number
  close(): Promise<void>
}

/**
 * Loads the content, watches the posts folder and listens; then, in the background, finds the
 * site's pages that are out of date and renders them (production), and starts the repository's
 * own background work (history, packing). Never writes into dist/: the site's pages live in its DATA_DIR.
 */
export async function startServer(options: {
  config: Config
  build: BuildInfo
  logger: Logger
  /** The pace of the background catch-up of stale pages (tests slow it down to watch it). */
  catchUp?: CatchUpOptions
  /** The wall clock, which says when scheduled posts go live (tests pass their own). */
  clock?: Clock
}): Promise<RunningServer> {
  const { config, build, logger } = options
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
  // The stale pages' background rendering gives way to requests (a save among them).
  const traffic = new RequestsInFlight()
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
    // Variants are written whole under temp names in their folder: a crash mid-write leaves one.
    await removeStaleTempFiles(site.media.tempDir)
  } catch (error) {
    await repository.close()
    throw error
  }
  let devMiddleware: Middleware | undefined
  if (config.mode !== 'production') devMiddleware = await createViteMiddleware()
  site.watch()
  // The writer: accounts, sessions, saves, two-way sync. A replica: the sync alone, following.
  const admin = replica ? null : await openAdmin({ config, logger, site, repository, clock: options.clock })
  const sync = admin ? admin.sync : (await openReplica({ config, logger, site, repository })).sync

  const handle = createApp({
    config,
    index: site.content.index,
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
  })
  const server = await new Promise<Server>((resolve, reject) => {
    const listening = createServer(handle).listen(config.port, config.host, () => resolve(listening)).on('error', reject)
  })
  // Only what serving needs came before listening; the rest goes on in the background, each
  // part saying in the log when it is done.
  if (config.mode === 'production') {
    // Finds the stale pages (until it has, a page request waits for it rather than serve a file
    // that may be stale: serve-files.ts, pagesKnown): about 70 ms of CPU at 10,000 posts.
    // Rendering them waits a moment more: the first renders load each page's modules (about a
    // second at 10,000 posts), which the first answers after a restart must not wait for.
    // Rendering them before listening kept a site over 10,000 changed posts silent for 24 s.
    site.pages.catchUp().then(
      () => {
        setTimeout(() => site.pages.renderStale(), STALE_RENDERING_DELAY_MS).unref()
        // The start's garbage (a first start's file texts, the rendering's) is let go at once.
        Promise.all([site.pages.idle(), site.contentKept])
          .then(() => collectGarbage())
          .then(
            ({ rssBeforeMiB, rssAfterMiB, ms }) =>
              logger.info(`Start's garbage collected in ${Math.round(ms)} ms: resident memory ${Math.round(rssBeforeMiB)} MiB → ${Math.round(rssAfterMiB)} MiB`),
            (error: unknown) => logger.warn(`Collecting the start's garbage failed: ${String(error)}`),
          )
      },
      () => {}, // logged by the pages' queue
    )
  }
  // The search index: the one made from these posts if there is one, else made now in the background.
  site.search?.index.open().catch((error: unknown) => logger.warn(`Could not open the search index: ${String(error)}`))
  repository.startBackground().catch((error: unknown) => logger.warn(`The repository's background work failed to start: ${String(error)}`))
  // Only now: a first sync may pull changes, and their pages are regenerated by the running site.
  sync.service?.start()
  // From now on, a day that begins makes the posts scheduled for it live.
  site.schedule.start()
  const { port } = server.address() as AddressInfo
  const host = config.host.includes(':') ? `[${config.host}]` : config.host
  return {
    url: `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`,
    site,
    quickAnswers: () => traffic.quickAnswers,
    close: () =>
      new Promise<void>((resolve) => {
        site.pages.stopCatchUp()
        server.close(() => resolve())
        server.closeAllConnections()
      }).then(async () => {
        await sync.service?.close()
        await admin?.sessions.flush()
        await site.close()
        await repository.close()
      }),
  }
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
