import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createApp } from './app.ts'
import type { BuildInfo } from './build-info.ts'
import { composeServer } from './compose/server.ts'
import type { Site } from './compose/site.ts'
import type { Config } from './config.ts'
import type { Logger } from './lib/logger.ts'
import { collectGarbage } from './lib/collect-garbage.ts'
import type { CatchUpOptions } from './services/pages/page-catch-up.ts'
import type { Clock } from './services/posts/publish-schedule.ts'

/**
 * How long after listening the stale pages' background rendering begins. Measured at 10,000
 * posts with every page stale (`npx tsx tests/bench/start-bench.ts`): starting it at once put
 * the first answer 2.4–2.6 s after startServer was called, 1.4–1.9 s without it.
 */
const STALE_RENDERING_DELAY_MS = 1000

/**
 * How long an idle keep-alive connection stays open: longer than the clients and proxies in front
 * keep theirs (nginx's upstream keepalive_timeout and load balancers' idle timeouts are 60 s).
 * With Node's default of 5 s, the server closed connections that a proxy, or a test's API client
 * after a few seconds of other work, was sending its next request on: the request failed with a
 * reset (ECONNRESET, a proxy's 502), the race every Node server behind a proxy is told to avoid.
 * Headers must still come within their own limit, a little longer (Node's advice).
 */
const KEEP_ALIVE_MS = 65_000

export interface RunningServer {
  /** Base URL actually listened on, e.g. http://127.0.0.1:41235. */
  url: string
  site: Site
  /** How many requests were answered before Koa (quick-answers.ts) so far: tests tell the two apart by it. */
  quickAnswers(): number
  /** Closes it; answers what its start's background work left for the next start. */
  close(): Promise<LeftForNextStart>
}

/** What a server closed before its start's background work was done leaves to the next start. */
export interface LeftForNextStart {
  stalePages: number
  contentChecks: number
}

/**
 * Builds every part of the server (compose/server.ts: the content, its pages, the role's
 * services; the posts folder watched) and listens; then, in the background, finds the
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
  /** Ends one bookmark page's fetch (default 4 seconds from its start): tests end a page that hangs themselves. */
  linkDeadline?: () => AbortSignal
}): Promise<RunningServer> {
  const { config, logger } = options
  // Every part the app is given, built in order (compose/server.ts).
  const composed = await composeServer(options)
  const { site, repository, sync, traffic } = composed
  const handle = createApp(composed.app)
  const server = await new Promise<Server>((resolve, reject) => {
    const listening = createServer({ keepAliveTimeout: KEEP_ALIVE_MS, headersTimeout: KEEP_ALIVE_MS + 1000 }, handle)
      .listen(config.port, config.host, () => resolve(listening))
      .on('error', reject)
  })
  // Only what serving needs came before listening; the rest goes on in the background, each
  // part saying in the log when it is done (and nothing more once closing: the shutdown has its line).
  let closing = false
  // The parse cache, written now rather than before listening (compose/site.ts).
  const parsedKept = site.keepParsed()
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
        Promise.all([site.pages.idle(), parsedKept])
          .then(() => (closing ? undefined : collectGarbageOf("Start's", logger)))
          .catch((error: unknown) => logger.warn(`Collecting the start's garbage failed: ${String(error)}`))
      },
      () => {}, // logged by the pages' queue
    )
  }
  // The posts' content, checked against the sanitizer for the admins' warnings: milliseconds of
  // CPU for each post not clean as written (hand-written, imported), tens of seconds at 10,000,
  // so after listening, a few milliseconds between two requests. Meanwhile they are served sanitized.
  // Their parse trees are garbage once checked: let go of at once, as the start's are.
  site
    .checkContent()
    .then(({ checked, stopped }) => (checked === 0 || stopped || closing ? undefined : collectGarbageOf("The checks'", logger)))
    .catch((error: unknown) => logger.warn(`Checking the posts' content failed: ${String(error)}`))
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
    close: async () => {
      closing = true
      await new Promise<void>((resolve) => {
        site.pages.stopCatchUp()
        server.close(() => resolve())
        server.closeAllConnections()
      })
      await composed.close()
      return { stalePages: site.pages.staleLeft(), contentChecks: site.content.uncheckedLeft() }
    },
  }
}

/** A full garbage collection after a piece of the start's work (`whose`), said in the log with what it freed. */
async function collectGarbageOf(whose: string, logger: Logger): Promise<void> {
  const { rssBeforeMiB, rssAfterMiB, ms } = await collectGarbage()
  logger.info(`${whose} garbage collected in ${Math.round(ms)} ms: resident memory ${Math.round(rssBeforeMiB)} MiB → ${Math.round(rssAfterMiB)} MiB`)
}
