/**
 * The running site's search index kept true to the published posts, in the background: a change
 * (a save, a delete, a publish, a pull, an edit to a file) asks for an update, changes within
 * `delayMs` of each other are one update, one update runs at a time, and a change during one
 * makes one more after it. Nothing here is on a save's path: `changed()` only sets a timer.
 *
 * Two indexes are served (search-folders.ts): a base of all live posts, and a delta of the posts
 * changed since it (search-delta.ts). An update writes only a new delta (a few posts: well under a
 * second), then switches to the base and it together. The base is made again, in the background,
 * only when the delta has grown past `deltaBound` URLs or the site has been quiet for `quietMs`
 * after a change; then the delta is cleared. At start, an index made from the same posts (its
 * stamp, search-records.ts) is served as it is: the site's own base (with its delta), else the
 * build's; otherwise the one there (if any) is served while a new base is made.
 */
import { rm } from 'node:fs/promises'
import path from 'node:path'
import type { Logger } from '../../lib/logger.ts'
import { readJsonFile } from '../../lib/json-file.ts'
import { foldersOf, type SearchFolders, type SearchIndexRecord } from '../../search/search-folders.ts'
import { changedSinceBase, searchVersionsOf } from '../../search/search-delta.ts'
import { type SearchablePosts, type SearchRecord, searchRecordsOf, searchStampOf } from '../../search/search-records.ts'
import { writeSearchIndex } from '../../search/write-search-index.ts'

/** Stale URLs past which the base is made again: the delta stays small, quick to write and to search. */
export const DELTA_BOUND = 200
/**
 * How long the site stays quiet after a change, with a delta served, before the base is made again:
 * long enough that an editor's session of saves is all deltas (each findable in about a second),
 * short enough that the delta is folded in soon after.
 */
export const QUIET_MS = 5 * 60_000

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
  /** Stale URLs past which the base is made again (default DELTA_BOUND). */
  deltaBound?: number
  /** How long after the last change, with a delta served, the base is made again (default QUIET_MS). */
  quietMs?: number
}

/** The delta served: its folder, its stamp, and the URLs whose base records are stale. */
export interface ServedDelta {
  name: string
  dir: string
  stamp: string
  changed: readonly string[]
}

export class SiteSearch {
  readonly #deps: SiteSearchDeps
  /** The base served, and the stamp it was made from ('' when unknown). */
  #served: { dir: string; stamp: string } | null = null
  #delta: ServedDelta | null = null
  /** The versions the base and delta served hold (search-delta.ts); null: unknown, the next update makes a base. */
  #versions: Map<string, string> | null = null
  /** The folders served before the last switch: a search begun on them may still ask for their files. */
  #previous: { base: string | null; delta: ServedDelta | null } = { base: null, delta: null }
  #timer: NodeJS.Timeout | null = null
  #quiet: NodeJS.Timeout | null = null
  #baseDue = false
  #running: Promise<void> | null = null
  #again = false
  #closed = false
  readonly #stopWriting = new AbortController()

  constructor(deps: SiteSearchDeps) {
    this.#deps = deps
  }

  /** Finds the index to serve; starts making one in the background when none is current. */
  async open(): Promise<void> {
    const { folders, build, posts } = this.#deps
    const stamp = searchStampOf(posts)
    const current = await folders.current()
    // What a crash left half-written, and folders no longer named.
    await folders.removeAllBut(foldersOf(current))
    if (current) {
      this.#served = { dir: path.join(folders.root, current.folder), stamp: current.stamp }
      if (current.delta) this.#delta = { name: current.delta.folder, dir: path.join(folders.root, current.delta.folder), stamp: current.delta.stamp, changed: current.delta.changed }
    }
    if (current?.delta?.stamp === stamp) {
      this.#versions = searchVersionsOf(posts)
      this.#waitForQuiet()
      return
    }
    this.#delta = null
    if (current?.stamp === stamp) {
      this.#versions = searchVersionsOf(posts)
      return
    }
    const built = build ? ((await readJsonFile(build.stampFile)) as { stamp?: unknown } | null) : null
    if (build && built?.stamp === stamp) {
      this.#served = { dir: build.dir, stamp }
      this.#versions = searchVersionsOf(posts)
      return
    }
    // Stale: served all the same (a search finds most posts) while the new one is made.
    if (!this.#served && build && built) this.#served = { dir: build.dir, stamp: '' }
    this.#schedule(this.#deps.startDelayMs ?? 2000)
  }

  /** The posts changed: an update soon, in the background. */
  changed(): void {
    if (this.#quiet) clearTimeout(this.#quiet)
    this.#quiet = null
    this.#schedule(this.#deps.delayMs ?? 300)
  }

  /** Where the base's files (`/pagefind/`) are looked for: the served base first, then the one before it. */
  dirs(): string[] {
    return [this.#served?.dir, this.#previous.base].filter((dir): dir is string => dir !== null && dir !== undefined)
  }

  /** The delta served, if any. */
  delta(): ServedDelta | null {
    return this.#delta
  }

  /** The folder of the delta named `name`: the one served, or the one before it. */
  deltaDir(name: string): string | null {
    return [this.#delta, this.#previous.delta].find((delta) => delta?.name === name)?.dir ?? null
  }

  /** Resolves once no update is waiting or running (tests, the bench); the quiet period's base is not waited for. */
  async idle(): Promise<void> {
    while (this.#timer || this.#running) await (this.#running ?? new Promise((resolve) => setTimeout(resolve, 20)))
  }

  async close(): Promise<void> {
    this.#closed = true
    // A write in progress stops after the records it has sent (writeSearchIndex's signal).
    this.#stopWriting.abort(new Error('closed'))
    if (this.#timer) clearTimeout(this.#timer)
    if (this.#quiet) clearTimeout(this.#quiet)
    this.#timer = null
    this.#quiet = null
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

  /** With a delta served, the base is made again once the site has been quiet a while. */
  #waitForQuiet(): void {
    if (this.#closed) return
    if (this.#quiet) clearTimeout(this.#quiet)
    this.#quiet = setTimeout(() => {
      this.#quiet = null
      this.#baseDue = true
      this.#run()
    }, this.#deps.quietMs ?? QUIET_MS)
    this.#quiet.unref()
  }

  #run(): void {
    if (this.#running) {
      this.#again = true
      return
    }
    this.#running = this.#update()
      // One stopped by close() is no failure: the next start takes it up.
      .catch((error: unknown) => {
        if (!this.#closed) this.#deps.logger.warn(`Could not update the search index: ${String(error)}`)
      })
      .finally(() => {
        this.#running = null
        if (this.#again && !this.#closed) {
          this.#again = false
          this.#run()
        }
      })
  }

  async #update(): Promise<void> {
    const stamp = searchStampOf(this.#deps.posts)
    const baseDue = this.#baseDue || !this.#versions || !this.#served
    this.#baseDue = false
    if (baseDue) {
      if (stamp !== this.#served?.stamp || this.#delta) await this.#writeBase(stamp)
      return
    }
    if (stamp === (this.#delta?.stamp ?? this.#served!.stamp)) {
      // A change the index does not show (a draft's): the quiet wait it ended starts again.
      if (this.#delta) this.#waitForQuiet()
      return
    }
    await this.#writeDelta(stamp)
  }

  /** A base of every live post, switched to with no delta. */
  async #writeBase(stamp: string): Promise<void> {
    const { posts } = this.#deps
    const versions = searchVersionsOf(posts)
    const { dir, records, seconds } = await this.#write('index', searchRecordsOf(posts), true)
    await this.#switch({ folder: path.basename(dir), stamp }, { dir, stamp }, null)
    this.#versions = versions
    this.#deps.logger.info(`Search index: ${records} posts in ${seconds} s`)
  }

  /** A delta of the posts changed since the base, switched to beside it. */
  async #writeDelta(stamp: string): Promise<void> {
    const { posts } = this.#deps
    const base = this.#served!
    const versions = searchVersionsOf(posts)
    const changed = changedSinceBase(this.#versions!, new Set(this.#delta?.changed ?? []), versions)
    // Few posts: at the server's priority, so the change is findable in well under a second.
    const { dir, records, seconds } = await this.#write('delta', searchRecordsOf(posts, { only: changed, delta: true }), false)
    const delta: ServedDelta = { name: path.basename(dir), dir, stamp, changed: [...changed].sort() }
    // Over the build's base, the record names no base of its own: a start then finds none and makes one.
    const folder = path.dirname(base.dir) === this.#deps.folders.root ? path.basename(base.dir) : ''
    await this.#switch({ folder, stamp: base.stamp, delta: { folder: delta.name, stamp, changed: [...delta.changed] } }, base, delta)
    this.#versions = versions
    this.#deps.logger.info(`Search index: a delta of ${records} posts (${changed.size} changed since the base) in ${seconds} s`)
    if (changed.size > (this.#deps.deltaBound ?? DELTA_BOUND)) {
      this.#baseDue = true
      this.#again = true
    } else this.#waitForQuiet()
  }

  async #write(kind: 'index' | 'delta', records: AsyncIterable<SearchRecord>, background: boolean): Promise<{ dir: string; records: number; seconds: string }> {
    const started = performance.now()
    const dir = await this.#deps.folders.fresh(kind)
    try {
      const written = await (this.#deps.write ?? writeSearchIndex)(records, dir, { background, signal: this.#stopWriting.signal })
      if (this.#closed) throw new Error('closed')
      return { dir, records: written.records, seconds: ((performance.now() - started) / 1000).toFixed(2) }
    } catch (error) {
      await rm(dir, { recursive: true, force: true })
      throw error
    }
  }

  async #switch(record: SearchIndexRecord, base: { dir: string; stamp: string }, delta: ServedDelta | null): Promise<void> {
    await this.#deps.folders.switchTo(record)
    this.#previous = { base: this.#served && this.#served.dir !== base.dir ? this.#served.dir : null, delta: this.#delta }
    this.#served = base
    this.#delta = delta
  }
}
