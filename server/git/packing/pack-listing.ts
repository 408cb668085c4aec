import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { readdir, stat } from 'node:fs/promises'
import path from 'node:path'
import { type PackIndex, parsePackIndex } from '../formats/pack-index.ts'
import { chooseRollUp } from './pack-policy.ts'
import { removeFileIfPresent } from '../../lib/atomic-write.ts'
import { nodeErrorCode } from '../../lib/node-error-code.ts'

/**
 * The packs of a repository as a packing run sees them: each with its parsed index, its time,
 * and whether git would leave it alone (`.keep`, `.promisor`); and which of them hold the same
 * objects, which git's own gc racing one of our runs leaves behind.
 */
export interface PackOnDisk {
  name: string
  index: PackIndex
  mtimeMs: number
  keep: boolean
}

const PACK_INDEX = /^(pack-[0-9a-f]{40})\.idx$/

/** The names (`pack-<hex>`) of the packs whose index is present: what a reader would use. */
export function packNames(packDir: string): string[] {
  let names: string[]
  try {
    names = readdirSync(packDir)
  } catch {
    return []
  }
  return names.flatMap((name) => PACK_INDEX.exec(name)?.[1] ?? []).sort()
}

/**
 * The packs with both files present. One whose index is not version 2 is left out, as it is
 * never rewritten (git before 1.5.2 wrote version 1; the object reader cannot read those, and a
 * walk that needs one fails rather than guesses). `cache`: indexes parsed before, by name (a
 * pack's name is its checksum, its index never changes); pruned of packs that are gone.
 */
export function listPacks(packDir: string, cache?: Map<string, PackIndex>): PackOnDisk[] {
  const names = packNames(packDir)
  if (cache) for (const name of cache.keys()) if (!names.includes(name)) cache.delete(name)
  const packs: PackOnDisk[] = []
  for (const name of names) {
    const base = path.join(packDir, name)
    try {
      const mtimeMs = statSync(`${base}.pack`).mtimeMs
      const index = cache?.get(name) ?? parsePackIndex(readFileSync(`${base}.idx`))
      if (!index) continue
      cache?.set(name, index)
      packs.push({ name, index, mtimeMs, keep: existsSync(`${base}.keep`) || existsSync(`${base}.promisor`) })
    } catch {
      // Removed meanwhile (by a `git gc` by hand): nothing to pack from it.
    }
  }
  return packs
}

/**
 * The packs that hold an object another pack holds too. Each pair of sorted id tables is walked
 * once side by side, comparing bytes in place (no id is copied or turned into text): two packs
 * of 10,000 objects in a few milliseconds.
 */
export function packsWithDuplicates(packs: readonly { name: string; index: PackIndex }[]): Set<string> {
  const found = new Set<string>()
  for (let i = 0; i < packs.length; i++) {
    for (let j = i + 1; j < packs.length; j++) {
      if (shareAnObject(packs[i]!.index, packs[j]!.index)) {
        found.add(packs[i]!.name)
        found.add(packs[j]!.name)
      }
    }
  }
  return found
}

function shareAnObject(a: PackIndex, b: PackIndex): boolean {
  let i = 0
  let j = 0
  while (i < a.count && j < b.count) {
    const order = a.oids.compare(b.oids, j * 20, j * 20 + 20, i * 20, i * 20 + 20)
    if (order === 0) return true
    if (order < 0) i++
    else j++
  }
  return false
}

/** The bytes of the packs a reader uses (those with an index): what the loose objects' share is measured against. */
export async function packsSize(packDir: string): Promise<number> {
  let total = 0
  for (const name of packNames(packDir)) total += await stat(path.join(packDir, `${name}.pack`)).then((stats) => stats.size, () => 0)
  return total
}

/** Packs that a run should merge even with no loose object: some share objects, or they are not a geometric progression. */
export function packsNeedMerging(packDir: string): boolean {
  const packs = listPacks(packDir).filter((pack) => !pack.keep)
  const rollUp = chooseRollUp(
    packs.map((pack) => ({ name: pack.name, count: pack.index.count })),
    0,
    packsWithDuplicates(packs),
  )
  return rollUp.packs.length >= 2
}

/**
 * How the packs differ from `seen` (what a run planned against), less the run's own new pack:
 * which appeared and which went, or null when they are the same.
 */
export function packsChangedSince(packDir: string, seen: readonly string[], ours: string | null): string | null {
  const now = packNames(packDir)
  const appeared = now.filter((name) => !seen.includes(name) && name !== ours)
  const gone = seen.filter((name) => !now.includes(name))
  if (appeared.length === 0 && gone.length === 0) return null
  return [...appeared.map((name) => `${name} appeared`), ...gone.map((name) => `${name} went`)].join(', ')
}

/**
 * Removes packs whose index is missing: what a crash between the two renames of a new pack, or
 * between the two deletions of an old one, leaves. Only at start, under the writer lock: while
 * the server runs, a fetch may be between writing a pack and its index.
 */
export async function removeOrphanPacks(gitdir: string): Promise<string[]> {
  const packDir = path.join(gitdir, 'objects', 'pack')
  let names: string[]
  try {
    names = await readdir(packDir)
  } catch (error) {
    if (nodeErrorCode(error) === 'ENOENT') return []
    throw error
  }
  const present = new Set(names)
  const removed: string[] = []
  for (const name of names) {
    const match = /^(pack-[0-9a-f]+)\.pack$/.exec(name)
    if (!match || present.has(`${match[1]}.idx`) || present.has(`${match[1]}.keep`)) continue
    if (await removeFileIfPresent(path.join(packDir, name))) removed.push(path.join(packDir, name))
  }
  return removed
}
