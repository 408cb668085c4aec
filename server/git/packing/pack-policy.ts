/**
 * When to pack and what to put together: git's `gc --auto` and `repack --geometric` rules, as
 * pure functions and constants (measured in docs/architecture.md "Packing" and `npm run bench:repo-size`;
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
 * Which packs to merge with `looseCount` loose objects, as `git repack --geometric=2` chooses
 * (repack.c, `split_pack_geometry`): from the largest pack down, the packs that each hold at least
 * twice the next smaller one stay; everything below the first that does not is merged, with the
 * loose objects, and so is any pack above that holds less than twice what is merged so far (so
 * the packs left form a geometric progression, and a run rewrites about as much as it adds, not
 * the whole history). Two packs of the same size are merged: git's auto gc and a run of ours
 * that packed the same loose objects at once leave exactly that.
 *
 * `duplicated`: packs holding an object that another pack holds too; they are merged whatever
 * their sizes, so each object is kept once. All packs are merged past PACKS_LIMIT.
 */
export function chooseRollUp(packs: readonly PackSummary[], looseCount: number, duplicated: ReadonlySet<string> = new Set()): RollUp {
  if (packs.length > PACKS_LIMIT) return { packs: packs.map((pack) => pack.name), full: true }
  const ascending = [...packs].sort((a, b) => a.count - b.count || a.name.localeCompare(b.name))
  let split = 0
  for (let i = ascending.length - 1; i > 0; i--) {
    if (ascending[i]!.count < GEOMETRIC_FACTOR * ascending[i - 1]!.count) {
      split = i + 1
      break
    }
  }
  ascending.forEach((pack, i) => {
    if (duplicated.has(pack.name)) split = Math.max(split, i + 1)
  })
  let total = looseCount
  for (let i = 0; i < split; i++) total += ascending[i]!.count
  while (split < ascending.length && ascending[split]!.count < GEOMETRIC_FACTOR * total) total += ascending[split++]!.count
  const chosen = ascending.slice(0, split).map((pack) => pack.name)
  return { packs: chosen, full: chosen.length === packs.length }
}

/** The disk loose objects may take beside packs of `packedBytes` before a run. */
export function looseBytesLimit(packedBytes: number): number {
  return Math.max(LOOSE_BYTES_MIN, Math.round(packedBytes * LOOSE_BYTES_SHARE))
}
