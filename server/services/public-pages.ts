import { mkdir } from 'node:fs/promises'
import path from 'node:path'
import { writeFileAtomic } from '../lib/atomic-write.ts'
import { DelayedWrite } from '../lib/delayed-write.ts'
import type { PostIndex } from '../content/post-index.ts'
import type { Logger } from '../lib/logger.ts'
import { SerialQueue } from '../lib/serial-queue.ts'
import { pageFilePath, type PageFiles } from '../pages/page-files.ts'
import type { PublicPage } from '../pages/page-routes.ts'
import type { PublishedPosts } from '../content/post.ts'
import type { RenderUrl } from '../pages/render-page.ts'
import type { ContentChange } from './blog-content.ts'
import { type CatchUpOptions, catchUpInChunks, PendingPages, reportStale } from './page-catch-up.ts'
import { PageStamps, type PagesState, readPagesState } from './page-stamps.ts'
import { SiteDocuments } from './site-documents.ts'
import { postUrl, slugOfPostUrl } from '../../renderer/post-urls.ts'

/** How many pages render at once: rendering is CPU work, this only overlaps the file writes. */
const RENDER_CONCURRENCY = 4
/**
 * The same for the build, which has nothing else to do: more writes in flight keep the disk
 * busy while the next pages render (900 page files: 226 ms at 4, 126 ms at 16, on this machine).
 */
const BUILD_CONCURRENCY = 16

/**
 * After a save, the stamps file (one line per page: 600 KB at 10,000 posts) is written at most
 * this often rather than on the save's path. A crash in between only means the next start
 * renders those few pages again.
 */
const STATE_SAVE_DELAY_MS = 1000

/**
 * Renders post pages (`/blog/<slug>`) elsewhere and writes them into this site's pages folder
 * (the build's worker threads, build/render-workers.ts); `report` hears of each one.
 */
export type BulkRenderer = (urls: string[], posts: PublishedPosts, report: (url: string, failure: string | null) => void) => Promise<void>

export interface PublicPagesDeps {
  /** Where this site's own pages are written. */
  files: PageFiles
  /** The build's prerendered pages (`dist/client`) and their stamps; read, never written. */
  seed?: { dir: string; stateFile: string }
  /** The pages of `pages/` with one URL each (`readPublicPages`); the posts' pages come from the index. */
  publicPages: readonly PublicPage[]
  render: RenderUrl
  index: PostIndex
  stateFile: string
  /** The build and the settings pages embed: when it changes, every page is rendered again. */
  renderId: string
  siteUrl: string
  /** `YYYY-MM-DD` of the build: the sitemap's lastmod for pages that do not come from posts. */
  builtOn: string
  logger: Logger
  /** The background catch-up's pace: its chunk size, and a hook before each chunk (tests hold it there). */
  catchUp?: CatchUpOptions
  /**
   * A post that failed to render, in its page or in a feed (after it is logged): the admins'
   * problems list shows it. The rest of the site is made without it.
   */
  onPostFailure?: (slug: string, reason: string) => void
}

/**
 * Keeps a site's pages true to its content. Each page's HTML is stamped with a hash of the
 * data it was rendered from; a page is rendered again only when that stamp changes, and
 * removed when its post is gone or unpublished. The same code prerenders the whole site into
 * `dist/client` at build time; a running site keeps its pages in a folder of its own (under
 * DATA_DIR, never in dist/), catches up at start with content that changed while it was down,
 * and regenerates the affected pages after every change.
 *
 * A running site is seeded by the build: where the build's page has the stamp the site
 * wants (same build, same settings, same data, so the same bytes), the site serves the
 * build's file instead of writing a copy of its own. So a site over the content it was built
 * from writes nothing at its first start, and one over other content writes only what
 * differs. Which file serves a URL is decided by the site's own stamps alone: a page the
 * site does not have (a deleted post) is never served from the build.
 */
export class PublicPages {
  readonly #deps: PublicPagesDeps
  readonly #stamps: PageStamps
  /** sitemap.xml, robots.txt and the feeds: written and regenerated as pages, made here. */
  readonly #documents: SiteDocuments
  #state: PagesState
  /** The build's stamps, when its pages were rendered with this site's renderId. */
  #seedStamps: Record<string, string> = {}
  /**
   * Each page's file path in the build's folder and in the site's own, worked out once: fileFor
   * runs for every request of a page. Only URLs that have a page get here.
   */
  readonly #seedPaths = new Map<string, string | null>()
  readonly #ownPaths = new Map<string, string | null>()
  /** One reconcile at a time: they read and write the same stamps and page files. */
  readonly #queue = new SerialQueue()
  /** The stamps, written a moment after a change, in the queue (a reconcile changes them). */
  readonly #stateWrite = new DelayedWrite({
    write: async () => {
      await this.#enqueue(async () => (await this.#saveState(), 0))
    },
    delayMs: STATE_SAVE_DELAY_MS,
    onError: () => {}, // logged by the queue
  })
  /**
   * While a URL is here its file may be out of date, so fileFor gives none and the request
   * renders the page from the index as it is now: no visitor gets a page that disagrees with
   * the content.
   */
  readonly #pending = new PendingPages()
  #beginRendering = () => {}
  /** The start's background catch-up, until it has finished or stopped. */
  #catchingUp: Promise<void> = Promise.resolve()
  #closing = false
  /** While catchUp() is finding the stale pages: when it is done. */
  #finding: Promise<unknown> | null = null

  constructor(deps: PublicPagesDeps) {
    this.#deps = deps
    this.#stamps = new PageStamps(deps)
    this.#documents = new SiteDocuments({ ...deps, stamps: this.#stamps, onPostFailure: (slug, error) => this.#postFailed(slug, error) })
    this.#state = { renderId: deps.renderId, stamps: {} }
  }

  /**
   * The file that holds the page at `url` now (this site's own, or the build's when it is
   * the same page), or null when the site has no page there: render it, or answer 404.
   */
  fileFor(url: string): string | null {
    if (this.#pending.has(url) || !Object.hasOwn(this.#state.stamps, url)) return null
    const { seed, files } = this.#deps
    const fromSeed = seed !== undefined && this.#seedStamps[url] === this.#state.stamps[url]
    const paths = fromSeed ? this.#seedPaths : this.#ownPaths
    let file = paths.get(url)
    if (file === undefined) {
      file = pageFilePath(fromSeed ? seed.dir : files.dir, url)
      paths.set(url, file)
    }
    return file
  }

  /**
   * Renders every page from scratch (the build), telling `onProgress` of each one done. The pages
   * of an earlier build in the same folder that the content no longer has (a deleted post) are
   * removed: the bundles may be kept from one build to the next (build/bundles.ts), and the
   * pages with them. With `postPages`, the post pages are rendered by it (the build's worker
   * threads) while this thread renders the others; this thread keeps every stamp.
   */
  async generateAll(options: { onProgress?: (done: number, total: number) => void; postPages?: BulkRenderer } = {}): Promise<number> {
    const urls = this.#stamps.expectedUrls()
    const expected = new Set(urls)
    const earlier = (await readPagesState(this.#deps.stateFile))?.stamps ?? {}
    const gone = Object.keys(earlier).filter((url) => !expected.has(url))
    // Their old stamps stay, so that reconciling finds them unwanted and removes their files.
    this.#state = { renderId: this.#deps.renderId, stamps: Object.fromEntries(gone.map((url) => [url, earlier[url]!])) }
    const { postPages, onProgress } = options
    const total = urls.length + gone.length
    if (!postPages) return this.#enqueue(() => this.#reconcile([...urls, ...gone], { saveStateNow: true, onProgress, concurrency: BUILD_CONCURRENCY }))
    let done = 0
    const failures: string[] = []
    const posts = urls.filter((url) => slugOfPostUrl(url) !== null)
    const others = [...urls.filter((url) => slugOfPostUrl(url) === null), ...gone]
    return this.#enqueue(async () => {
      const elsewhere = postPages(posts, this.#deps.index, (url, failure) => {
        if (failure === null) this.#state.stamps[url] = this.#stamps.expectedStamp(url)!
        else failures.push(`${url}: ${failure}`)
        onProgress?.(++done, total)
      })
      const here = this.#reconcile(others, { saveStateNow: false, onProgress: () => onProgress?.(++done, total), concurrency: BUILD_CONCURRENCY })
      const [rendered] = await Promise.all([here, elsewhere])
      await this.#saveState()
      if (failures.length > 0) throw new Error(`${failures.length} post pages failed to render, first ${failures[0]}`)
      return rendered + posts.length
    })
  }

  /**
   * At start, once the server listens: finds what changed since the pages were last written and
   * what the build does not already hold as it is. Until it has, no page is served from a file
   * (every request renders from the index); from then on, until renderStale() comes to it, each
   * stale page is rendered when asked for (fileFor gives no file for it). Runs in the queue, so a
   * change saved meanwhile is reconciled after it. Answers how many pages are stale.
   */
  catchUp(): Promise<number> {
    // idle() waits for these from now on, though their rendering begins only with renderStale().
    const begun = new Promise<void>((resolve) => (this.#beginRendering = resolve))
    let stale: string[] = []
    const found = this.#enqueue(async () => {
      stale = await this.#findStale()
      return stale.length
    })
    const finding = found.catch(() => {}).finally(() => {
      if (this.#finding === finding) this.#finding = null
    })
    this.#finding = finding
    this.#catchingUp = found
      .then(() => begun)
      .then(() =>
        catchUpInChunks({
          stale,
          pace: this.#deps.catchUp,
          runChunk: (urls) => this.#enqueue(() => this.#reconcile(urls, { saveStateNow: false })),
          stopping: () => this.#closing,
          logger: this.#deps.logger,
        }),
      )
      .then(() => this.#stateWrite.flush())
      .catch(() => {}) // logged by the queue
    return found
  }

  /**
   * The stale pages (see catchUp). The stamps are taken and the stale pages marked pending in one
   * synchronous step, so that no request is answered from a file in between.
   */
  async #findStale(): Promise<string[]> {
    const { renderId, seed, files } = this.#deps
    const saved = await readPagesState(this.#deps.stateFile)
    // Pages rendered for another build or other settings (or by a run whose stamps were lost)
    // are all out of date: start from an empty folder, so none is left behind.
    if (saved?.renderId !== renderId) await files.clear()
    const built = seed ? await readPagesState(seed.stateFile) : null
    // A change reconciled before this (none: this runs first in the queue) would be in #state.
    const stamps = { ...(saved?.renderId === renderId ? saved.stamps : {}), ...this.#state.stamps }
    this.#seedStamps = built?.renderId === renderId ? built.stamps : {}
    const stale: string[] = []
    for (const url of new Set([...this.#stamps.expectedUrls(), ...Object.keys(stamps)])) {
      const wanted = this.#stamps.expectedStamp(url)
      if (wanted === stamps[url]) continue
      // The build's very page, and no copy of our own to remove: serve it from now on.
      if (wanted !== undefined && stamps[url] === undefined && wanted === this.#seedStamps[url]) stamps[url] = wanted
      else stale.push(url)
    }
    this.#state = { renderId, stamps }
    this.#pending.add(stale)
    reportStale(this.#deps.logger, stale.length)
    return stale
  }

  /** While catchUp() is still finding the stale pages, when it will be done; else null. */
  pagesKnown(): Promise<unknown> | null {
    return this.#finding
  }

  /** Renders the pages catchUp() found stale, in the background, a chunk at a time (a save's pages go between two). */
  renderStale(): void {
    this.#beginRendering()
  }

  /** After a content change: the list, the changed or removed posts' own pages, the documents that show them. */
  applyChange(change: ContentChange): Promise<number> {
    const urls = [...change.updated, ...change.removed].map(postUrl)
    if (change.publishedListChanged) urls.push('/blog')
    urls.push(...this.#documents.affectedBy(change))
    // At once, before any request can ask for them: their files are out of date from now on.
    this.#pending.add(urls)
    return this.#enqueue(() => this.#reconcile(urls, { saveStateNow: false }))
  }

  /**
   * A page as the content is now, for a request that no file answers: a stale page, one not
   * yet written, or none at all (vike's 404). The sitemap, robots.txt and the feeds are made here.
   */
  readonly renderNow: RenderUrl = async (url) =>
    this.#documents.render(new URL(url, 'http://localhost').pathname) ?? this.#deps.render(url)

  /** Resolves when the catch-up and every queued regeneration have been written. */
  async idle(): Promise<void> {
    await this.#catchingUp
    await this.#queue.idle()
  }

  /** At shutdown: the catch-up stops after its current chunk; the next start renders what is left. */
  stopCatchUp(): void {
    this.#closing = true
    this.#beginRendering()
  }

  /** At shutdown: stops the catch-up, waits for queued work and writes the stamps now. */
  async flush(): Promise<void> {
    this.stopCatchUp()
    await this.idle()
    // The stamps a delayed write would write, written now (what is left stale stays so in them).
    await this.#stateWrite.flush()
  }

  #enqueue(work: () => Promise<number>): Promise<number> {
    const run = this.#queue.run(work)
    run.catch((error: unknown) => this.#deps.logger.error('Regenerating pages failed', error))
    return run
  }

  /** Brings `urls` up to date; answers how many pages were rendered or removed. */
  async #reconcile(
    urls: string[],
    options: { saveStateNow: boolean; onProgress?: (done: number, total: number) => void; concurrency?: number },
  ): Promise<number> {
    const { stamps } = this.#state
    let next = 0
    let done = 0
    let written = 0
    let changed = false
    let failure: unknown = null
    const worker = async () => {
      while (next < urls.length) {
        const url = urls[next++]!
        try {
          // Read now, not when the job was queued: a later change is what the page must show.
          const wanted = this.#stamps.expectedStamp(url)
          if (wanted === stamps[url]) continue
          changed = true
          const count = await this.#bringUpToDate(url, wanted)
          written += count
        } catch (error) {
          // No file then, so a request renders it (and shows why); the others go on.
          failure ??= error
          const slug = slugOfPostUrl(url)
          if (slug !== null) this.#postFailed(slug, error)
          await this.#forget(url).catch(() => {})
        } finally {
          this.#pending.settle(url)
          options.onProgress?.(++done, urls.length)
        }
      }
    }
    await Promise.all(Array.from({ length: Math.min(options.concurrency ?? RENDER_CONCURRENCY, urls.length) }, worker))
    if (failure !== null) throw failure
    if (!changed) return 0
    if (options.saveStateNow) await this.#saveState()
    else this.#stateWrite.changed()
    return written
  }

  /** Writes, adopts or removes the page at `url` for the stamp `wanted`; answers 1 when a file was written or removed. */
  async #bringUpToDate(url: string, wanted: string | undefined): Promise<number> {
    const { stamps } = this.#state
    if (wanted === undefined) {
      await this.#forget(url)
      return 1
    }
    if (wanted === this.#seedStamps[url]) {
      // The build's page is this very page: serve that. An older stamp was not the build's,
      // so it was a page of our own: remove it.
      const ownCopy = stamps[url] !== undefined
      stamps[url] = wanted
      if (ownCopy) await this.#deps.files.remove(url)
      return 0
    }
    if (!(await this.#renderTo(url))) {
      await this.#forget(url)
      return 0
    }
    stamps[url] = wanted
    return 1
  }

  /** The site has no page at `url` from now on (until one is rendered): requests render it. */
  async #forget(url: string): Promise<void> {
    // Unknown first, so that no request looks for the file while it goes.
    delete this.#state.stamps[url]
    await this.#deps.files.remove(url)
  }

  #postFailed(slug: string, error: unknown): void {
    const reason = error instanceof Error ? error.message : String(error)
    this.#deps.logger.error(`The post ${slug} failed to render (left out of the feeds; its page answers 500): ${reason}`)
    this.#deps.onPostFailure?.(slug, reason)
  }

  async #saveState(): Promise<void> {
    await mkdir(path.dirname(this.#deps.stateFile), { recursive: true })
    await writeFileAtomic(this.#deps.stateFile, JSON.stringify(this.#state))
  }

  async #renderTo(url: string): Promise<boolean> {
    const document = this.#documents.render(url)
    if (document) {
      await this.#deps.files.write(url, document.html)
      return true
    }
    const page = await this.#deps.render(url)
    if (page?.status === 200) {
      await this.#deps.files.write(url, page.html)
      return true
    }
    this.#deps.logger.error(`Prerendering ${url} answered ${page?.status ?? 'nothing'}; its page was not written`)
    return false
  }
}
