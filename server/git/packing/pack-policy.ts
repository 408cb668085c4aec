/**
 * When to pack and what to put together: git's `gc --auto` and `repack --geometric` rules, as
 * pure functions and constants (measured in README "Packing" and `npm run bench:repo-size`;
 * isomorphic-git has no gc or repack).
 */

/** Git's gc.auto: past this many loose objects, pack. */
export const LOOSE_OBJECTS_LIMIT = 6700

/**
 * Also pack once the loose objects take more disk than this share of the packs. Git counts
 * objects only, but a save here writes the posts folder's tree again, 350 KB with 10,000 posts:
 * 6,700 objects would be 1,340 saves and about 470 MB, where `git gc` packs the whole history
 * (1,600 commits) into 28 MB. A quarter keeps `.git` within about 1.3 times the packed size whatever the site's size
 * (a fixed 8 MiB measured 1.9 times `git gc` with 3,000 posts, whose history packs to 7 MB); with
 * 10,000 posts that is a run every 25 saves or so, 0.4 s each (median) in a low-priority thread.
 */
export const LOOSE_BYTES_SHARE = 0.25

/** ...but never below this: on a small site a run every 250 saves or so (4 KiB blocks, 5 objects a save). */
export const LOOSE_BYTES_MIN = 1024 * 1024

/** Git's gc.autoPackLimit: past this many packs, put them all together. */
export const PACKS_LIMIT = 50

/** Git's gc.pruneExpire (2 weeks): an unreachable loose object younger than this is kept. */
export const PRUNE_GRACE_MS = 14 * 24 * 60 * 60 * 1000

/** Git's pack.depth: the longest chain of deltas, so that reading an old version stays cheap. */
export const MAX_DELTA_DEPTH = 50

/** Git's repack --geometric=2: each pack kept must hold at least twice the objects of all smaller ones together. */
const GEOMETRIC_FACTOR = 2

export interface PackSummary {
  name: string
  count: number
}

export interface RollUp {
  /** Packs to put into the new pack with the loose objects, then delete. */
  packs: string[]
  /**
   * Every pack is rolled up: the walk covers all history, so unreachable loose objects past the
   * grace period can be pruned.
   */
  full: boolean
}

/**
 * Which packs to merge with `looseCount` loose objects: the smallest, as long as each is less
 * than twice everything merged so far (so the packs left form a geometric progression, and a
 * run rewrites about as much as it adds, not the whole history); all of them once there are more
 * than PACKS_LIMIT.
 */
export function chooseRollUp(packs: readonly PackSummary[], looseCount: number): RollUp {
  if (packs.length > PACKS_LIMIT) return { packs: packs.map((pack) => pack.name), full: true }
  const ascending = [...packs].sort((a, b) => a.count - b.count || a.name.localeCompare(b.name))
  const chosen: string[] = []
  let total = looseCount
  for (const pack of ascending) {
    if (pack.count >= GEOMETRIC_FACTOR * total) break
    chosen.push(pack.name)
    total += pack.count
  }
  return { packs: chosen, full: chosen.length === packs.length }
}

/** The disk loose objects may take beside packs of `packedBytes` before a run. */
export function looseBytesLimit(packedBytes: number): number {
  return Math.max(LOOSE_BYTES_MIN, Math.round(packedBytes * LOOSE_BYTES_SHARE))
}
