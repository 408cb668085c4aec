/**
 * The running site's search index kept true to the published posts, in the background: a change
 * (a save, a delete, a publish, a pull, an edit to a file) asks for an update, changes within
 * `delayMs` of each other are one update, one update runs at a time, and a change during one
 * makes one more after it. Nothing here is on a save's path: `changed()` only sets a timer.
 *
 * Each update writes a whole index into a fresh folder, then switches to it (search-folders.ts).
 * At start, an index made from the same posts (its stamp, search-records.ts) is served as it is:
 * the site's own, else the build's; otherwise the one there (if any) is served while a new one is
 * made.
 */
import { rm } from 'node:fs/promises'
import path from 'node:path'
import type { Logger } from '../lib/logger.ts'
import { readJsonFile } from '../lib/json-file.ts'
import type { SearchFolders } from '../search/search-folders.ts'
import { type SearchablePosts, searchRecordsOf, searchStampOf } from '../search/search-records.ts'
import { writeSearchIndex } from '../search/write-search-index.ts'

export interface SiteSearchDeps {
  posts: SearchablePosts
  folders: SearchFolders
  /** The build's index and its stamp file (search-folders.ts buildSearchIndexOf): served while it is current. */
  build?: { dir: string; stampFile: string }
  logger: Logger
  /** How long after a change the update starts (default 300 ms): a burst of changes is one update. */
  delayMs?: number
  /**
   * How long after `open` a stale index starts being made (default 2 s): the first answers after a
   * start come first, and a server stopped at once (a test's) makes none.
   */
  startDelayMs?: number
  /** Writes an index (write-search-index.ts). */
  write?: typeof writeSearchIndex
}

export class SiteSearch {
  readonly #deps: SiteSearchDeps
  /** The folder served, and the stamp it was made from ('' when unknown). */
  #served: { dir: string; stamp: string } | null = null
  /** The folder served before the last switch: a search begun on it may still ask for its files. */
  #previous: string | null = null
  #timer: NodeJS.Timeout | null = null
  #running: Promise<void> | null = null
  #again = false
  #closed = false

  constructor(deps: SiteSearchDeps) {
    this.#deps = deps
  }

  /** Finds the index to serve; starts making one in the background when none is current. */
  async open(): Promise<void> {
    const { folders, build, posts } = this.#deps
    const stamp = searchStampOf(posts)
    const current = await folders.current()
    // What a crash left half-written, and folders no longer named.
    await folders.removeAllBut(current ? [current.folder] : [])
    if (current) this.#served = { dir: path.join(folders.root, current.folder), stamp: current.stamp }
    if (current?.stamp === stamp) return
    const built = build ? ((await readJsonFile(build.stampFile)) as { stamp?: unknown } | null) : null
    if (build && built?.stamp === stamp) {
      this.#served = { dir: build.dir, stamp }
      return
    }
    // Stale: served all the same (a search finds most posts) while the new one is made.
    if (!this.#served && build && built) this.#served = { dir: build.dir, stamp: '' }
    this.#schedule(this.#deps.startDelayMs ?? 2000)
  }

  /** The posts changed: an update soon, in the background. */
  changed(): void {
    this.#schedule(this.#deps.delayMs ?? 300)
  }

  /** Where `/pagefind/` files are looked for: the served index first, then the one before it. */
  dirs(): string[] {
    return [this.#served?.dir, this.#previous].filter((dir): dir is string => dir !== null && dir !== undefined)
  }

  /** Resolves once no update is waiting or running (tests, the bench). */
  async idle(): Promise<void> {
    while (this.#timer || this.#running) await (this.#running ?? new Promise((resolve) => setTimeout(resolve, 20)))
  }

  async close(): Promise<void> {
    this.#closed = true
    if (this.#timer) clearTimeout(this.#timer)
    this.#timer = null
    await this.#running
  }

  #schedule(delayMs: number): void {
    if (this.#closed) return
    if (this.#timer) clearTimeout(this.#timer)
    this.#timer = setTimeout(() => {
      this.#timer = null
      this.#run()
    }, delayMs)
  }

  #run(): void {
    if (this.#running) {
      this.#again = true
      return
    }
    this.#running = this.#update()
      .catch((error: unknown) => this.#deps.logger.warn(`Could not update the search index: ${String(error)}`))
      .finally(() => {
        this.#running = null
        if (this.#again && !this.#closed) {
          this.#again = false
          this.#run()
        }
      })
  }

  async #update(): Promise<void> {
    const { folders, posts, logger } = this.#deps
    const stamp = searchStampOf(posts)
    if (stamp === this.#served?.stamp) return
    const started = performance.now()
    const dir = await folders.fresh()
    try {
      const { records } = await (this.#deps.write ?? writeSearchIndex)(searchRecordsOf(posts), dir, { background: true })
      if (this.#closed) throw new Error('closed')
      await folders.switchTo(dir, stamp)
      this.#previous = this.#served?.dir ?? null
      this.#served = { dir, stamp }
      logger.info(`Search index: ${records} posts in ${((performance.now() - started) / 1000).toFixed(2)} s`)
    } catch (error) {
      await rm(dir, { recursive: true, force: true })
      if (!this.#closed) throw error
    }
  }
}
