import { DelayedWrite } from '../../lib/delayed-write.ts'
import type { PostIndex } from '../../content/post-index.ts'
import type { Logger } from '../../lib/logger.ts'
import { SerialQueue } from '../../lib/serial-queue.ts'
import type { PageFiles } from '../../pages/page-files.ts'
import type { PublicPage } from '../../pages/page-routes.ts'
import type { PublishedPosts } from '../../../core/post.ts'
import type { RenderUrl } from '../../pages/render-page.ts'
import type { ContentChange } from '../content/blog-content.ts'
import { CHUNK_SIZE, type CatchUpOptions, catchUpInChunks, reportStale } from './page-catch-up.ts'
import { PageReconciler } from './page-reconciler.ts'
import { PageStamps } from './page-stamps.ts'
import { PostExtrasReach } from '../posts/post-extras-reach.ts'
import { SiteDocuments } from './site-documents.ts'
import { tagUrlsAffected } from './tag-page-stamps.ts'
import { postUrl, slugOfPostUrl } from '../../../core/post-urls.ts'

/**
 * How many pages the build renders at once (a running site: page-reconciler.ts's default). The
 * build has nothing else to do: more writes in flight keep the disk busy while the next pages
 * render (900 page files: 226 ms at 4, 126 ms at 16, on this machine).
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
  /** The stamp of the site's copy a page shows (page-stamps.ts). */
  siteStampOf?: (url: string) => string
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
 * and regenerates the affected pages after every change. This says when pages are brought up
 * to date; how (the pages on disk, their stamps, which file serves a URL, the build's pages a
 * running site serves as its own) is page-reconciler.ts's.
 */
export class PublicPages {
  readonly #deps: PublicPagesDeps
  readonly #stamps: PageStamps
  /** sitemap.xml, robots.txt and the feeds: written and regenerated as pages, made here. */
  readonly #documents: SiteDocuments
  readonly #reconciler: PageReconciler
  /** One reconcile at a time: they read and write the same stamps and page files. */
  readonly #queue = new SerialQueue()
  /** The stamps, written a moment after a change, in the queue (a reconcile changes them). */
  readonly #stateWrite = new DelayedWrite({
    write: async () => {
      await this.#enqueue(async () => (await this.#reconciler.saveState(), 0))
    },
    delayMs: STATE_SAVE_DELAY_MS,
    onError: () => {}, // logged by the queue
  })
  #beginRendering = () => {}
  /** The start's background catch-up, until it has finished or stopped. */
  #catchingUp: Promise<void> = Promise.resolve()
  #closing = false
  #staleLeft = 0
  /** While catchUp() is finding the stale pages: when it is done. */
  #finding: Promise<unknown> | null = null
  /** The other post pages a change reaches (previous, next and related links). */
  readonly #extrasReach: PostExtrasReach
  /** Those pages being brought up to date in the background, after their changes' own. */
  #reached: Promise<unknown> = Promise.resolve()

  constructor(deps: PublicPagesDeps) {
    this.#deps = deps
    this.#stamps = new PageStamps(deps)
    this.#extrasReach = new PostExtrasReach(() => deps.index.list())
    const onPostFailure = (slug: string, error: unknown) => this.#postFailed(slug, error)
    this.#documents = new SiteDocuments({ ...deps, stamps: this.#stamps, onPostFailure })
    this.#reconciler = new PageReconciler({
      ...deps,
      stamps: this.#stamps,
      documents: this.#documents,
      onPostFailure,
      onStampsChanged: () => this.#stateWrite.changed(),
    })
  }

  /**
   * The file that holds the page at `url` now (this site's own, or the build's when it is
   * the same page), or null when the site has no page there: render it, or answer 404.
   */
  fileFor(url: string): string | null {
    return this.#reconciler.fileFor(url)
  }

  /**
   * Whether the site has a page at `url`, even one being made again right now: a page of
   * `pages/` always (known from the build, before the start's catch-up has read any stamp), a
   * post's or the blog list's once reconciled.
   */
  hasPage(url: string): boolean {
    return this.#deps.publicPages.some((page) => page.path === url) || this.#reconciler.hasPage(url)
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
    this.#extrasReach.settle()
    const gone = await this.#reconciler.startOver(urls)
    const { postPages, onProgress } = options
    const total = urls.length + gone.length
    if (!postPages) return this.#enqueue(() => this.#reconciler.reconcile([...urls, ...gone], { saveStateNow: true, onProgress, concurrency: BUILD_CONCURRENCY }))
    let done = 0
    const failures: string[] = []
    const posts = urls.filter((url) => slugOfPostUrl(url) !== null)
    const others = [...urls.filter((url) => slugOfPostUrl(url) === null), ...gone]
    return this.#enqueue(async () => {
      const elsewhere = postPages(posts, this.#deps.index, (url, failure) => {
        if (failure === null) this.#reconciler.renderedElsewhere(url)
        else failures.push(`${url}: ${failure}`)
        onProgress?.(++done, total)
      })
      const here = this.#reconciler.reconcile(others, { saveStateNow: false, onProgress: () => onProgress?.(++done, total), concurrency: BUILD_CONCURRENCY })
      const [rendered] = await Promise.all([here, elsewhere])
      await this.#reconciler.saveState()
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
      this.#extrasReach.settle()
      stale = await this.#reconciler.findStale()
      reportStale(this.#deps.logger, stale.length)
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
          runChunk: (urls) => this.#enqueue(() => this.#reconciler.reconcile(urls, { saveStateNow: false })),
          stopping: () => this.#closing,
          logger: this.#deps.logger,
        }),
      )
      .then((left) => void (this.#staleLeft = left))
      .then(() => this.#stateWrite.flush())
      .catch(() => {}) // logged by the queue
    return found
  }

  /** How many stale pages the start's catch-up left when it was stopped (shutting down): the next start renders them. */
  staleLeft(): number {
    return this.#staleLeft
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
    urls.push(...tagUrlsAffected(this.#deps.index, change, (url) => this.#reconciler.hasPage(url)))
    // At once, before any request can ask for them: their files are out of date from now on.
    this.#reconciler.markPending(urls)
    // So are the pages that link to the changed posts, but a save does not wait for them.
    const reached = this.#extrasReach.pagesReached(change)
    this.#reconciler.markPending(reached)
    const own = this.#enqueue(() => this.#reconciler.reconcile(urls, { saveStateNow: false }))
    if (reached.length > 0) this.#reached = Promise.all([this.#reached, this.#inChunks(reached)])
    return own
  }

  /** Brings `urls` up to date a chunk at a time, each a job of the queue: another save's pages go between two. */
  async #inChunks(urls: string[]): Promise<void> {
    const size = this.#deps.catchUp?.chunkSize ?? CHUNK_SIZE
    for (let done = 0; done < urls.length && !this.#closing; done += size) {
      const chunk = urls.slice(done, done + size)
      await this.#enqueue(() => this.#reconciler.reconcile(chunk, { saveStateNow: false })).catch(() => {}) // logged by the queue
    }
  }

  /**
   * After a change to the site's copy: the pages of the changed files (`pages`: the URLs each file
   * is rendered into), resolved once they are written; or, for what every page shows (the nav bar
   * and footer), every page, resolved once all are marked stale: from then on a request renders
   * its page from the new copy, and the files are written in the background (10,000 post pages
   * are seconds of rendering, which a save must not wait for).
   */
  applySiteChange(change: { everyPage: boolean; pages: readonly string[] }): Promise<number> {
    const expected = new Set(this.#stamps.expectedPageUrls())
    const urls = change.everyPage ? [...expected] : change.pages.filter((url) => expected.has(url))
    this.#reconciler.markPending(urls)
    const written = this.#enqueue(() => this.#reconciler.reconcile(urls, { saveStateNow: false }))
    if (!change.everyPage) return written
    written.catch(() => {}) // logged by the queue
    return Promise.resolve(urls.length)
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
    await this.#reached
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

  #postFailed(slug: string, error: unknown): void {
    const reason = error instanceof Error ? error.message : String(error)
    this.#deps.logger.error(`The post ${slug} failed to render (left out of the feeds; its page answers 500): ${reason}`)
    this.#deps.onPostFailure?.(slug, reason)
  }
}
