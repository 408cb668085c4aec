import { mkdir } from 'node:fs/promises'
import path from 'node:path'
import { writeFileAtomic } from '../../lib/atomic-write.ts'
import type { Logger } from '../../lib/logger.ts'
import { pageFilePath, type PageFiles } from '../../pages/page-files.ts'
import type { RenderUrl } from '../../pages/render-page.ts'
import { slugOfPostUrl } from '../../../core/post-urls.ts'
import { type PageStamps, type PagesState, readPagesState } from './page-stamps.ts'
import type { SiteDocuments } from './site-documents.ts'

/** How many pages render at once: rendering is CPU work, this only overlaps the file writes. */
const RENDER_CONCURRENCY = 4

export interface PageReconcilerDeps {
  /** Where this site's own pages are written. */
  files: PageFiles
  /** The build's prerendered pages (`dist/client`) and their stamps; read, never written. */
  seed?: { dir: string; stateFile: string }
  /** The stamps' file of this site's pages. */
  stateFile: string
  /** The build and the settings pages embed: stamps saved for another are all out of date. */
  renderId: string
  /** Which pages the site should have, and the stamp of each. */
  stamps: PageStamps
  /** sitemap.xml, robots.txt and the feeds, rendered here; every other page by `render`. */
  documents: Pick<SiteDocuments, 'render'>
  render: RenderUrl
  logger: Logger
  /** A post whose page failed to render: logged and shown to admins. */
  onPostFailure: (slug: string, error: unknown) => void
  /** The stamps changed and were not saved now: the caller saves them a moment later (saveState). */
  onStampsChanged: () => void
}

/**
 * A site's pages on disk and the stamp of the data each was rendered from: which file serves a
 * URL now, and bringing URLs to the stamps they should have (rendered, taken from the build, or
 * removed). When to do that is PublicPages'; it runs one reconcile at a time, since they read and
 * write the same stamps and page files.
 *
 * A running site is seeded by the build: where the build's page has the stamp the site
 * wants (same build, same settings, same data, so the same bytes), the site serves the
 * build's file instead of writing a copy of its own. So a site over the content it was built
 * from writes nothing at its first start, and one over other content writes only what
 * differs. Which file serves a URL is decided by the site's own stamps alone: a page the
 * site does not have (a deleted post) is never served from the build.
 */
export class PageReconciler {
  readonly #deps: PageReconcilerDeps
  #state: PagesState
  /** The build's stamps, when its pages were rendered with this site's renderId. */
  #seedStamps: Record<string, string> = {}
  /**
   * Each page's file path in the build's folder and in the site's own, worked out once: fileFor
   * runs for every request of a page. Only URLs that have a page get here.
   */
  readonly #seedPaths = new Map<string, string | null>()
  readonly #ownPaths = new Map<string, string | null>()
  /**
   * While a URL is here its file may be out of date, so fileFor gives none and the request
   * renders the page from the index as it is now: no visitor gets a page that disagrees with
   * the content.
   */
  readonly #pending = new PendingPages()

  constructor(deps: PageReconcilerDeps) {
    this.#deps = deps
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

  /** Whether the site has a page at `url`, even one being made again right now (fileFor then says null). */
  hasPage(url: string): boolean {
    return Object.hasOwn(this.#state.stamps, url)
  }

  /** The files of `urls` are out of date from now on, until a reconcile has looked at each. */
  markPending(urls: readonly string[]): void {
    this.#pending.add(urls)
  }

  /**
   * For the build, which renders every page: no stamp is kept but those of an earlier build's
   * pages the content no longer has (a deleted post), so that reconciling them finds them
   * unwanted and removes their files. Answers those URLs.
   */
  async startOver(expected: readonly string[]): Promise<string[]> {
    const wanted = new Set(expected)
    const earlier = (await readPagesState(this.#deps.stateFile))?.stamps ?? {}
    const gone = Object.keys(earlier).filter((url) => !wanted.has(url))
    this.#state = { renderId: this.#deps.renderId, stamps: Object.fromEntries(gone.map((url) => [url, earlier[url]!])) }
    return gone
  }

  /** The page at `url` was rendered elsewhere (the build's worker threads) into this site's folder, as the content is now. */
  renderedElsewhere(url: string): void {
    this.#state.stamps[url] = this.#deps.stamps.expectedStamp(url)!
  }

  /**
   * At start: takes the stamps the last run saved and answers the pages that are stale, changed
   * since they were written and not already held as they are by the build. The stamps are taken
   * and the stale pages marked pending in one synchronous step, so that no request is answered
   * from a file in between.
   */
  async findStale(): Promise<string[]> {
    const { renderId, seed, files, stamps: expected } = this.#deps
    const saved = await readPagesState(this.#deps.stateFile)
    // Pages rendered for another build or other settings (or by a run whose stamps were lost)
    // are all out of date: start from an empty folder, so none is left behind.
    if (saved?.renderId !== renderId) await files.clear()
    const built = seed ? await readPagesState(seed.stateFile) : null
    // A change reconciled before this (none: PublicPages runs this first in its queue) would be in #state.
    const stamps = { ...(saved?.renderId === renderId ? saved.stamps : {}), ...this.#state.stamps }
    this.#seedStamps = built?.renderId === renderId ? built.stamps : {}
    const stale: string[] = []
    for (const url of new Set([...expected.expectedUrls(), ...Object.keys(stamps)])) {
      const wanted = expected.expectedStamp(url)
      if (wanted === stamps[url]) continue
      // The build's very page, and no copy of our own to remove: serve it from now on.
      if (wanted !== undefined && stamps[url] === undefined && wanted === this.#seedStamps[url]) stamps[url] = wanted
      else stale.push(url)
    }
    this.#state = { renderId, stamps }
    this.#pending.add(stale)
    return stale
  }

  /** Brings `urls` up to date; answers how many pages were rendered or removed. */
  async reconcile(
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
          const wanted = this.#deps.stamps.expectedStamp(url)
          if (wanted === stamps[url]) continue
          changed = true
          const count = await this.#bringUpToDate(url, wanted)
          written += count
        } catch (error) {
          // No file then, so a request renders it (and shows why); the others go on.
          failure ??= error
          const slug = slugOfPostUrl(url)
          if (slug !== null) this.#deps.onPostFailure(slug, error)
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
    if (options.saveStateNow) await this.saveState()
    else this.#deps.onStampsChanged()
    return written
  }

  /** Writes the stamps as they are now. */
  async saveState(): Promise<void> {
    await mkdir(path.dirname(this.#deps.stateFile), { recursive: true })
    await writeFileAtomic(this.#deps.stateFile, JSON.stringify(this.#state))
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

  async #renderTo(url: string): Promise<boolean> {
    const document = this.#deps.documents.render(url)
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

/**
 * The pages whose files may be out of date: URL → how many queued reconciles are still to look
 * at it (a page changed again while one renders it stays pending for the next). One Map lookup
 * per request, no hashing on that path.
 */
class PendingPages {
  readonly #count = new Map<string, number>()

  has(url: string): boolean {
    return this.#count.has(url)
  }

  add(urls: readonly string[]): void {
    for (const url of urls) this.#count.set(url, (this.#count.get(url) ?? 0) + 1)
  }

  /** One queued reconcile has looked at `url`: its file is current once none is left. */
  settle(url: string): void {
    const count = this.#count.get(url)
    if (count === undefined) return
    if (count > 1) this.#count.set(url, count - 1)
    else this.#count.delete(url)
  }
}
