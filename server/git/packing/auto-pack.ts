import path from 'node:path'
import type { Logger } from '../../lib/logger.ts'
import { removeFileIfPresent } from '../../lib/atomic-write.ts'
import type { BuildResult } from './build-pack.ts'
import type { GitStore } from '../store/git-store.ts'
import { estimateLooseObjects, looseObjectPath, removeLooseOlderThan } from '../store/loose-objects.ts'
import { LOOSE_OBJECTS_LIMIT, looseBytesLimit, PRUNE_GRACE_MS } from './pack-policy.ts'
import { PackWorker } from './pack-worker.ts'
import { packsChangedSince, packsNeedMerging, packsSize } from './pack-listing.ts'
import { readGcAuto } from './git-gc-config.ts'
import { gitWritingPack, takeGcLock } from './git-gc-lock.ts'
import { installPack } from '../store/pack-writer.ts'

/**
 * Packs the repository while the server runs, as `git gc --auto` does: once the loose objects
 * written since the last run pass a count, or a share of the packs' size (pack-policy.ts), a run
 * starts in the background, never two at once.
 *
 * A run, and why this order is safe to kill at any instant (git's own order):
 * 1. a worker thread builds the new pack and its index as fsynced temp files (build-pack.ts);
 *    nothing visible changes, and a crash leaves only temp files, removed at the next start;
 * 2. the pack, then its index, are renamed into objects/pack/ and the folder is fsynced: from
 *    here on every object is in the new pack as well as where it was;
 * 3. the loose objects now in the pack are deleted;
 * 4. the packs it replaces are deleted, each index first (GitStore.removePacks: not while
 *    isomorphic-git reads objects for a fetch or push);
 * 5. in a full run, unreachable loose objects older than the grace period are deleted, inside
 *    the repository's queue, each only if its time is still that old: a save that wrote the same
 *    object again since refreshed its time (GitStore), so it is kept.
 * A crash between 2 and 4 leaves objects in two places, which git accepts; between the two
 * renames of 2 or the two deletions of 4, a pack without an index, which readers ignore and the
 * next start removes (`removeOrphanPacks`).
 *
 * Saves never wait for a run: steps 1 to 4 run beside them; step 5 takes the queue for a few
 * file deletions at a time.
 *
 * Beside git's own packing: a run holds git gc's lock (`gc.pid`, git-gc-lock.ts) from start to
 * end, and waits while a `git gc` holds it or a `git repack` is writing a pack. If packs appeared
 * or went since the run chose what to replace (a `git gc --force` or `repack` by hand), it
 * installs nothing and deletes nothing, and runs again once git is done. Packs holding the same
 * objects, or no longer a geometric progression, found at start or after a run, are merged by
 * the next run (pack-policy.ts). isomorphic-git has no gc or repack; the measurement is
 * `npm run bench:repo-size` (docs/architecture.md "Packing"): `.git` 29.6 MiB, 1.07× `git gc`; 231 MiB unpacked.
 */
export interface PackingOptions {
  /** Tests lower these; the defaults are pack-policy.ts's (for bytes, a share of the packs' size). */
  looseObjects?: number
  looseBytes?: number
  graceMs?: number
  /** A test seam: awaited after each step of a run (the crash test kills the process there). */
  onStep?: (step: PackStep) => Promise<void> | void
}

export type PackStep =
  | 'built'
  | 'pack-renamed'
  | 'index-renamed'
  | 'loose-removing'
  | 'loose-removed'
  | 'old-index-removed'
  | 'old-packs-removed'
  | 'pruned'

/** How long to wait before trying again while git packs the repository itself. */
const GIT_BUSY_RETRY_MS = 10_000

export interface PackReport {
  full: boolean
  /** `pack-<hex>`, or null when there was nothing to pack. */
  pack: string | null
  objects: number
  deltas: number
  looseRemoved: number
  packsRemoved: number
  pruned: number
  /** Set when the run stopped before changing anything, because git changed the packs meanwhile. */
  abandoned?: string
}

/** Pruning takes the save queue for this many deletions at a time, so a save waits for a few at most. */
const PRUNE_SLICE = 64
export interface AutoPackDeps {
  gitdir: string
  tempDir: string
  store: GitStore
  /** Runs `work` in the repository's serial queue: pruning does, so no save is using what it removes. */
  exclusive: <T>(work: () => Promise<T>) => Promise<T>
  logger: Logger
  packing?: PackingOptions
}

/** After a failed run, wait this long before trying again (a damaged repository would fail every time). */
const RETRY_AFTER_MS = 10 * 60 * 1000

export class AutoPack {
  readonly #gitdir: string
  readonly #tempDir: string
  readonly #store: GitStore
  readonly #exclusive: <T>(work: () => Promise<T>) => Promise<T>
  readonly #logger: Logger
  readonly #limits: { looseObjects: number; looseBytes: number | null; graceMs: number }
  /** What the caller asked for, which the repository's own `gc.auto` does not override. */
  readonly #chosenLooseObjects: number | undefined
  /** `gc.auto = 0` in the repository's config: never pack by ourselves, as git would not. */
  #off = false
  readonly #onStep: (step: PackStep) => Promise<void> | void
  /** Loose objects written since the last run (estimated at start). */
  #loose = { count: 0, bytes: 0 }
  /** Size of the packs (at start and after each run), for the loose bytes' limit. */
  #packedBytes = 0
  #running: Promise<PackReport | null> | null = null
  readonly #worker = new PackWorker()
  #closed = false
  #retryAt = 0
  /** The packs need merging whatever the loose objects: duplicates, or not a geometric progression. */
  #consolidate = false
  #retryTimer: NodeJS.Timeout | null = null
  /** Why packing waits for git, said in the log once, not at every try. */
  #waitingFor: string | null = null

  constructor(deps: AutoPackDeps) {
    this.#gitdir = deps.gitdir
    this.#tempDir = deps.tempDir
    this.#store = deps.store
    this.#exclusive = deps.exclusive
    this.#logger = deps.logger
    const packing = deps.packing ?? {}
    this.#limits = {
      looseObjects: packing.looseObjects ?? LOOSE_OBJECTS_LIMIT,
      looseBytes: packing.looseBytes ?? null,
      graceMs: packing.graceMs ?? PRUNE_GRACE_MS,
    }
    this.#chosenLooseObjects = packing.looseObjects
    this.#onStep = packing.onStep ?? (() => {})
  }

  /**
   * Reads the repository's `gc.auto` (a maintainer's `git config gc.auto N`: past N loose
   * objects, pack; 0: never), then estimates the loose objects already there (one fan-out
   * folder, as git does).
   */
  async start(): Promise<void> {
    const configured = await readGcAuto(this.#store.isomorphicGit)
    if (configured === 0) this.#off = true
    else if (configured !== null && this.#chosenLooseObjects === undefined) this.#limits.looseObjects = configured
    this.#loose = await estimateLooseObjects(path.join(this.#gitdir, 'objects'))
    this.#packedBytes = await packsSize(path.join(this.#gitdir, 'objects', 'pack'))
    this.#consolidate = packsNeedMerging(path.join(this.#gitdir, 'objects', 'pack'))
  }

  /** A loose object of `bytes` on disk was written. */
  noteLooseWrite(bytes: number): void {
    this.#loose.count++
    this.#loose.bytes += bytes
  }

  /** Starts a run in the background if the loose objects call for one and none is running. */
  maybeRun(): void {
    // While git packs, the timer tries again: not every save.
    if (this.#off || this.#closed || this.#running || this.#retryTimer || Date.now() < this.#retryAt) return
    const bytesLimit = this.#limits.looseBytes ?? looseBytesLimit(this.#packedBytes)
    if (!this.#consolidate && this.#loose.count <= this.#limits.looseObjects && this.#loose.bytes <= bytesLimit) return
    void this.run()
  }

  /** Runs now (or joins the run in progress); resolves with what it did, null if it failed or was stopped. */
  run(): Promise<PackReport | null> {
    if (this.#closed) return Promise.resolve(null)
    this.#running ??= this.#runNow().finally(() => {
      this.#running = null
    })
    return this.#running
  }

  /** Resolves once no run is in progress. */
  async idle(): Promise<void> {
    await this.#running
  }

  /** Stops a run in progress (safe at any point, like a crash) and waits for it to end. */
  async close(): Promise<void> {
    this.#closed = true
    if (this.#retryTimer) clearTimeout(this.#retryTimer)
    await this.#worker.stop()
    await this.#running
  }

  async #runNow(): Promise<PackReport | null> {
    try {
      const lock = await takeGcLock(this.#gitdir)
      if ('busy' in lock) return this.#gitIsPacking(lock.busy === 'held' ? `git gc is running (gc.pid: ${lock.by})` : `${lock.by} exists`)
      try {
        return await this.#runLocked()
      } finally {
        await lock.release()
      }
    } catch (error) {
      if (!this.#closed) {
        this.#retryAt = Date.now() + RETRY_AFTER_MS
        this.#logger.warn(`Packing the repository failed; it is retried later: ${error instanceof Error ? error.message : String(error)}`)
      }
      return null
    }
  }

  /** A run, holding git gc's lock. */
  async #runLocked(): Promise<PackReport | null> {
    const counted = { ...this.#loose }
    const started = performance.now()
    const packDir = path.join(this.#gitdir, 'objects', 'pack')
    const writing = await gitWritingPack(packDir)
    if (writing) return this.#gitIsPacking(`git is writing a pack (${writing})`)
    this.#waitingFor = null
    const built = await this.#worker.build({ gitdir: this.#gitdir, tempDir: this.#tempDir, now: Date.now(), graceMs: this.#limits.graceMs })
    await this.#step('built')
    const report = await this.#apply(built)
    if (report.abandoned) {
      this.#gitIsPacking(report.abandoned)
      return report
    }
    // Packs that came or went from elsewhere during the run (git's, a maintainer's): the next run merges them.
    const expected = [...built.packsSeen.filter((name) => !built.replacedPacks.includes(name)), ...(report.pack ? [report.pack] : [])]
    this.#consolidate = packsChangedSince(packDir, expected, null) !== null
    if (this.#consolidate) this.#retryLater()
    // What was written during the run is not in this pack: it counts towards the next one.
    this.#loose.count = Math.max(0, this.#loose.count - counted.count)
    this.#loose.bytes = Math.max(0, this.#loose.bytes - counted.bytes)
    this.#packedBytes = await packsSize(packDir)
    if (report.pack || report.pruned > 0) {
      this.#logger.info(
        `Packed the repository in ${((performance.now() - started) / 1000).toFixed(2)} s (${report.full ? 'all packs' : 'recent objects'}): ` +
          `${report.objects} objects (${report.deltas} as deltas) in ${report.pack ?? 'no new pack'}, ` +
          `${report.looseRemoved} loose objects and ${report.packsRemoved} old packs removed, ${report.pruned} unreachable objects pruned`,
      )
    }
    return report
  }

  /** git packs the repository itself: this run does nothing, and the next tries again in a while. */
  #gitIsPacking(reason: string): null {
    if (this.#waitingFor !== reason) this.#logger.info(`Packing waits: ${reason}; it tries again every ${GIT_BUSY_RETRY_MS / 1000} s`)
    this.#waitingFor = reason
    this.#retryLater()
    return null
  }

  #retryLater(): void {
    if (this.#closed || this.#retryTimer) return
    this.#retryTimer = setTimeout(() => {
      this.#retryTimer = null
      this.maybeRun()
    }, GIT_BUSY_RETRY_MS).unref()
  }

  async #apply(built: BuildResult): Promise<PackReport> {
    const report: PackReport = { full: built.full, pack: null, objects: built.stats.objects, deltas: built.stats.deltas, looseRemoved: 0, packsRemoved: 0, pruned: 0 }
    const objectsDir = path.join(this.#gitdir, 'objects')
    if (built.pack) {
      const changed = this.#closed ? null : packsChangedSince(path.join(objectsDir, 'pack'), built.packsSeen, built.pack.name)
      if (this.#closed || changed) {
        await removeFileIfPresent(built.pack.tempPack)
        await removeFileIfPresent(built.pack.tempIndex)
        if (changed) {
          this.#consolidate = true
          report.abandoned = `the packs changed while this run built its own (${changed}): nothing installed or deleted`
        }
        return report
      }
      await installPack(built.pack, path.join(objectsDir, 'pack'), (step) => this.#step(step))
      report.pack = built.pack.name
      // One at a time: a save's own file operations never wait behind thousands of these.
      for (const oid of built.packedLoose) {
        if (await removeFileIfPresent(looseObjectPath(objectsDir, oid))) report.looseRemoved++
        if (report.looseRemoved === 1) await this.#step('loose-removing')
      }
      await this.#step('loose-removed')
      await this.#store.removePacks(built.replacedPacks, () => this.#step('old-index-removed'))
      report.packsRemoved = built.replacedPacks.length
      await this.#step('old-packs-removed')
    }
    for (let at = 0; at < built.pruneCandidates.length; at += PRUNE_SLICE) {
      const slice = built.pruneCandidates.slice(at, at + PRUNE_SLICE)
      report.pruned += await this.#exclusive(() => removeLooseOlderThan(objectsDir, slice, Date.now() - this.#limits.graceMs))
    }
    if (built.pruneCandidates.length > 0) await this.#step('pruned')
    return report
  }

  async #step(step: PackStep): Promise<void> {
    await this.#onStep(step)
  }
}
