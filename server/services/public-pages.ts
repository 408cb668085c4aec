import { createHash } from 'node:crypto'
import { mkdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { writeFileAtomic } from '../lib/atomic-write.ts'
import type { PostIndex } from '../content/post-index.ts'
import type { Logger } from '../lib/logger.ts'
import { SerialQueue } from '../lib/serial-queue.ts'
import { pageFilePath, type PageFiles } from '../pages/page-files.ts'
import type { PublicPage } from '../pages/page-routes.ts'
import type { RenderUrl } from '../pages/render-page.ts'
import { renderRobots, renderSitemap } from '../pages/sitemap-robots.ts'
import { blogListPreview } from '../../renderer/blog-list.ts'
import type { ContentChange } from './blog-content.ts'

/** The list of posts: stamped with what it shows, and dated by its newest post in the sitemap. */
const BLOG_LIST_PATH = '/blog'

interface PagesState {
  renderId: string
  /** URL → stamp of the data its HTML was rendered from. */
  stamps: Record<string, string>
}

/** How many pages render at once: rendering is CPU work, this only overlaps the file writes. */
const RENDER_CONCURRENCY = 4

/**
 * After a save, the stamps file (one line per page: 600 KB at 10,000 posts) is written at most
 * this often rather than on the save's path. A crash in between only means the next start
 * renders those few pages again.
 */
const STATE_SAVE_DELAY_MS = 1000

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
  #state: PagesState
  /** The build's stamps, when its pages were rendered with this site's renderId. */
  #seedStamps: Record<string, string> = {}
  /** One reconcile at a time: they read and write the same stamps and page files. */
  readonly #queue = new SerialQueue()
  #stateSaveTimer: NodeJS.Timeout | null = null

  constructor(deps: PublicPagesDeps) {
    this.#deps = deps
    this.#state = { renderId: deps.renderId, stamps: {} }
  }

  /** Every URL that should be prerendered now. */
  expectedUrls(): string[] {
    const posts = this.#deps.index.list().map((summary) => `/blog/${summary.slug}`)
    return [...this.#deps.publicPages.map((page) => page.path), ...posts, '/sitemap.xml', '/robots.txt']
  }

  /**
   * The stamp of the data `url` is rendered from, or undefined when the URL should not exist.
   * Computed per URL so that a save of one post hashes that post, not all 10,000.
   */
  expectedStamp(url: string): string | undefined {
    const { index, renderId, publicPages } = this.#deps
    // /blog shows the first page and the count; the sitemap the published slugs and dates (and
    // the build date). A title edit on page 5 of 1,000 changes neither.
    if (url === BLOG_LIST_PATH) return stamp(renderId, blogListPreview(index.list()))
    if (publicPages.some((page) => page.path === url) || url === '/robots.txt') return renderId
    if (url === '/sitemap.xml') return stamp(renderId, [index.publishedUrlsDigest(), this.#deps.builtOn])
    if (!url.startsWith('/blog/')) return undefined
    const post = index.bySlugAny(url.slice('/blog/'.length))
    return post?.isPublished ? stamp(renderId, post) : undefined
  }

  /** Every public page and published post, redirect pages excepted. */
  sitemapEntries() {
    const { index, builtOn, publicPages } = this.#deps
    const list = index.list()
    const listed = publicPages.filter((page) => page.inSitemap && page.path !== BLOG_LIST_PATH)
    return [
      ...listed.map((page) => ({ path: page.path, lastmod: builtOn })),
      { path: BLOG_LIST_PATH, lastmod: list[0]?.publishDate ?? builtOn },
      ...list.map((post) => ({ path: `/blog/${post.slug}`, lastmod: post.publishDate })),
    ]
  }

  /**
   * The file that holds the page at `url` now (this site's own, or the build's when it is
   * the same page), or null when the site has no page there: render it, or answer 404.
   */
  fileFor(url: string): string | null {
    if (!Object.hasOwn(this.#state.stamps, url)) return null
    const { seed, files } = this.#deps
    const fromSeed = seed !== undefined && this.#seedStamps[url] === this.#state.stamps[url]
    return pageFilePath(fromSeed ? seed.dir : files.dir, url)
  }

  /** Renders every page from scratch (the build). */
  generateAll(): Promise<number> {
    this.#state = { renderId: this.#deps.renderId, stamps: {} }
    return this.#enqueue(() => this.#reconcile(this.expectedUrls(), { saveStateNow: true }))
  }

  /**
   * At start: renders only what changed since the pages were last written, and what the
   * build does not already hold as it is.
   */
  async catchUp(): Promise<number> {
    const { renderId, seed, files } = this.#deps
    const saved = await readState(this.#deps.stateFile)
    if (saved?.renderId === renderId) this.#state = saved
    // Pages rendered for another build or other settings (or by a run whose stamps were lost)
    // are all out of date: start from an empty folder, so none is left behind.
    else await files.clear()
    const built = seed ? await readState(seed.stateFile) : null
    this.#seedStamps = built?.renderId === renderId ? built.stamps : {}
    const urls = [...new Set([...this.expectedUrls(), ...Object.keys(this.#state.stamps)])]
    return this.#enqueue(() => this.#reconcile(urls, { saveStateNow: true }))
  }

  /** After a content change: the list, and the changed or removed posts' own pages. */
  applyChange(change: ContentChange): Promise<number> {
    const urls = [...change.updated, ...change.removed].map((slug) => `/blog/${slug}`)
    if (change.publishedListChanged) urls.push('/blog', '/sitemap.xml')
    return this.#enqueue(() => this.#reconcile(urls, { saveStateNow: false }))
  }

  /** Resolves when every queued regeneration has been written. */
  idle(): Promise<void> {
    return this.#queue.idle()
  }

  /** Waits for queued work and writes the stamps now (at shutdown). */
  async flush(): Promise<void> {
    await this.#queue.idle()
    if (this.#stateSaveTimer) {
      clearTimeout(this.#stateSaveTimer)
      this.#stateSaveTimer = null
      await this.#enqueue(async () => (await this.#saveState(), 0))
    }
  }

  #enqueue(work: () => Promise<number>): Promise<number> {
    const run = this.#queue.run(work)
    run.catch((error: unknown) => this.#deps.logger.error('Regenerating pages failed', error))
    return run
  }

  /** Brings `urls` up to date; answers how many pages were rendered or removed. */
  async #reconcile(urls: string[], options: { saveStateNow: boolean }): Promise<number> {
    const { stamps } = this.#state
    const expected = new Map(urls.map((url) => [url, this.expectedStamp(url)]))
    const work = urls.filter((url) => expected.get(url) !== stamps[url])
    let next = 0
    let written = 0
    const worker = async () => {
      while (next < work.length) {
        const url = work[next++]!
        const wanted = expected.get(url)
        if (wanted === undefined) {
          // Unknown first, so that no request looks for the file while it goes.
          delete stamps[url]
          await this.#deps.files.remove(url)
          written++
        } else if (wanted === this.#seedStamps[url]) {
          // The build's page is this very page: serve that. An older stamp was not the build's,
          // so it was a page of our own: remove it.
          const ownCopy = stamps[url] !== undefined
          stamps[url] = wanted
          if (ownCopy) await this.#deps.files.remove(url)
        } else if (await this.#renderTo(url)) {
          stamps[url] = wanted
          written++
        }
      }
    }
    await Promise.all(Array.from({ length: Math.min(RENDER_CONCURRENCY, work.length) }, worker))
    if (work.length === 0) return 0
    if (options.saveStateNow) await this.#saveState()
    else this.#scheduleStateSave()
    return written
  }

  #scheduleStateSave(): void {
    if (this.#stateSaveTimer) return
    this.#stateSaveTimer = setTimeout(() => {
      this.#stateSaveTimer = null
      void this.#enqueue(async () => (await this.#saveState(), 0))
    }, STATE_SAVE_DELAY_MS)
    this.#stateSaveTimer.unref()
  }

  async #saveState(): Promise<void> {
    await mkdir(path.dirname(this.#deps.stateFile), { recursive: true })
    await writeFileAtomic(this.#deps.stateFile, JSON.stringify(this.#state))
  }

  async #renderTo(url: string): Promise<boolean> {
    if (url === '/sitemap.xml' || url === '/robots.txt') {
      const { siteUrl } = this.#deps
      const text = url === '/robots.txt' ? renderRobots(siteUrl) : renderSitemap(siteUrl, this.sitemapEntries())
      await this.#deps.files.write(url, text)
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

async function readState(file: string): Promise<PagesState | null> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as PagesState
  } catch {
    return null // no state yet, or unreadable: every page is rendered again
  }
}

function stamp(renderId: string, data: unknown): string {
  return createHash('sha1').update(renderId).update(JSON.stringify(data)).digest('base64url')
}
