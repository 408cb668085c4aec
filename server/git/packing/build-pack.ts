import path from 'node:path'
import { applyDelta, encodeDelta } from '../formats/delta.ts'
import { listLooseObjects } from '../store/loose-objects.ts'
import { ObjectReader } from '../store/object-reader.ts'
import { TYPE_CODES } from '../formats/pack-format.ts'
import { createOidLookup, oidAt, type PackIndex } from '../formats/pack-index.ts'
import { listPacks, packsWithDuplicates } from './pack-listing.ts'
import { planPack } from './pack-plan.ts'
import { chooseRollUp, MAX_DELTA_DEPTH } from './pack-policy.ts'
import { PackWriter, type WrittenPack } from '../store/pack-writer.ts'
import { readRoots } from './repository-roots.ts'

/**
 * The heavy half of a packing run, which runs in a worker thread (build-pack-worker.ts): decide
 * what to pack, walk, delta-compress and write the new pack and its index as fsynced temp files.
 * It changes nothing visible: auto-pack.ts then installs the pack and deletes what it replaces.
 *
 * - Which packs: chooseRollUp (pack-policy.ts), with every pack that shares objects with
 *   another. Packs with a `.keep` (or `.promisor`) file stay, as git leaves them.
 * - Which objects: everything reachable (repository-roots.ts, pack-plan.ts) that is loose or in
 *   a pack being replaced. The walk does not enter packs that stay, except in a full run, which
 *   walks all history to tell which loose objects are unreachable.
 * - Objects of replaced packs the walk did not reach are carried over, except in a full run those
 *   of packs older than the grace period, which git would prune too (its `repack -A` loosens
 *   them with the pack's time, then prunes them).
 * - Unreachable loose objects: left alone, listed for pruning in a full run once past the grace
 *   period; auto-pack.ts prunes them inside the repository's queue after checking their time again.
 *
 * Measured against isomorphic-git's `packObjects` in pack-writer.ts (2.7× less CPU, a pack 10×
 * smaller) and, for a whole repository, by `npm run bench:repo-size`.
 */
export interface BuildRequest {
  gitdir: string
  tempDir: string
  now: number
  graceMs: number
}

export interface BuildResult {
  full: boolean
  /** null when there is nothing worth rewriting. */
  pack: WrittenPack | null
  /** Loose objects the new pack holds: deleted once it is installed. */
  packedLoose: string[]
  /** Names (`pack-<hex>`) of the packs the new one replaces. */
  replacedPacks: string[]
  /** Unreachable loose objects older than the grace period (full runs only). */
  pruneCandidates: string[]
  /** Every pack there was when the run chose what to replace: one that appears later is git's or a maintainer's. */
  packsSeen: string[]
  stats: { loose: number; packs: number; objects: number; deltas: number; dropped: number }
}

/** Indexes parsed by earlier builds in this thread: a pack's name is its checksum, its index never changes. */
const parsedIndexes = new Map<string, PackIndex>()

/** Thrown by a build told to stop (`stopped`), at the next object it reads. */
export class BuildStoppedError extends Error {
  constructor() {
    super('The pack build was stopped')
  }
}

/**
 * `lasting`: a reader of this repository kept from one build to the next (the worker thread keeps
 * one), so that the trees the last build read stay cached; it is refreshed here, not closed.
 * Without one, a reader is made for this build. `stopped`: asked before each object is read; when
 * it says yes, the build throws BuildStoppedError, its temp pack removed.
 */
export async function buildPack(request: BuildRequest, lasting?: ObjectReader, stopped: () => boolean = () => false): Promise<BuildResult> {
  const objectsDir = path.join(request.gitdir, 'objects')
  const packs = listPacks(path.join(objectsDir, 'pack'), parsedIndexes)
  const packsSeen = packs.map((pack) => pack.name)
  const rollUp = chooseRollUp(
    packs.filter((pack) => !pack.keep).map((pack) => ({ name: pack.name, count: pack.index.count })),
    listLooseObjects(objectsDir).length,
    packsWithDuplicates(packs),
  )
  const replaced = new Set(rollUp.packs)
  const staying = packs.filter((pack) => !replaced.has(pack.name))
  const kept = packs.filter((pack) => pack.keep)
  const expired = request.now - request.graceMs
  const inStaying = createOidLookup(staying.map((pack) => pack.index))
  const inKept = createOidLookup(kept.map((pack) => pack.index))

  const reader = lasting ?? new ObjectReader(request.gitdir, { blocking: true })
  if (lasting) await lasting.refresh()
  let writer: PackWriter | null = null
  try {
    const read = (oid: string) => {
      if (stopped()) throw new BuildStoppedError()
      return reader.read(oid)
    }
    const plan = await planPack({
      read,
      roots: await readRoots(request.gitdir),
      enter: rollUp.full ? () => true : (oid) => !inStaying(oid),
      include: (oid) => !inKept(oid),
    })
    const planned = new Set(plan.objects.map((object) => object.oid))
    const carried: string[] = []
    let dropped = 0
    for (const pack of packs) {
      if (!replaced.has(pack.name)) continue
      for (let i = 0; i < pack.index.count; i++) {
        const oid = oidAt(pack.index, i)
        if (planned.has(oid) || plan.reached.has(oid) || inStaying(oid)) continue
        if (rollUp.full && pack.mtimeMs < expired) {
          dropped++
          continue
        }
        planned.add(oid)
        carried.push(oid)
      }
    }
    // Listed after the walk, so that every loose object the pack holds is deleted (one written
    // between an earlier listing and the walk would stay beside its packed copy). One written
    // since the walk read the refs is young and was not reached: neither deleted nor pruned.
    const loose = listLooseObjects(objectsDir)
    const packedLoose = loose.filter((object) => planned.has(object.oid)).map((object) => object.oid)
    const pruneCandidates = rollUp.full ? loose.filter((object) => !plan.reached.has(object.oid) && object.mtimeMs < expired).map((object) => object.oid) : []
    const stats = { loose: loose.length, packs: packs.length, objects: planned.size, deltas: 0, dropped }
    // Rewriting one pack as it is, with nothing added or dropped, would gain nothing.
    const replacedObjects = packs.reduce((sum, pack) => sum + (replaced.has(pack.name) ? pack.index.count : 0), 0)
    if (planned.size === 0 || (packedLoose.length === 0 && replaced.size <= 1 && planned.size === replacedObjects)) {
      return { full: rollUp.full, pack: null, packedLoose: [], replacedPacks: [], pruneCandidates, packsSeen, stats }
    }

    writer = new PackWriter({ tempDir: request.tempDir, count: planned.size })
    const written = new Map<string, Written>()
    for (const object of [...plan.objects, ...carried.map((oid) => ({ oid, type: null, base: null }))]) {
      const content = await read(object.oid)
      if (!content || (object.type !== null && content.type !== object.type)) throw new Error(`Object ${object.oid} is missing or not a ${object.type}`)
      const oid = Buffer.from(object.oid, 'hex')
      const baseOid = shallowEnough(written, object.base)
      const base = baseOid === null ? undefined : written.get(baseOid)
      const delta = base ? await deltaOf(reader, baseOid!, content.content) : null
      if (base && delta) {
        written.set(object.oid, { offset: writer.addDelta(oid, delta, base.offset), depth: base.depth + 1, base: baseOid })
        stats.deltas++
      } else {
        written.set(object.oid, { offset: writer.addWhole(oid, TYPE_CODES[content.type], content.content), depth: 0, base: null })
      }
    }
    const pack = writer.finish()
    return { full: rollUp.full, pack, packedLoose, replacedPacks: [...replaced].filter((name) => name !== pack.name), pruneCandidates, packsSeen, stats }
  } catch (error) {
    writer?.abort()
    throw error
  } finally {
    if (!lasting) await reader.close()
  }
}

interface Written {
  offset: number
  /** Deltas to apply to read it: 0 when stored whole. */
  depth: number
  base: string | null
}

/**
 * The base to use for an object whose preferred base is `oid`: that one, or when its chain is
 * already MAX_DELTA_DEPTH long, the first object down its chain at half that depth or less. The
 * delta then spans 25 versions instead of one, a few KB for a 10,000-entry tree, where starting
 * again whole would store 270 KB every 50 versions (measured with 10,000 posts and 1,000 commits:
 * 21 whole copies of the posts tree, 5.6 MB, became 1, and the pack went from 24.5 to 19.9 MB,
 * below the 20.4 MB of `git gc`). null: not in this pack.
 */
function shallowEnough(written: Map<string, Written>, oid: string | null): string | null {
  let at = oid
  let entry = at === null ? undefined : written.get(at)
  if (!entry || entry.depth < MAX_DELTA_DEPTH) return entry ? at : null
  while (entry && entry.depth > MAX_DELTA_DEPTH / 2) {
    at = entry.base
    entry = at === null ? undefined : written.get(at)
  }
  return entry ? at : null
}

/**
 * A delta worth storing (git's rule: at most half the object, less an id), checked by applying
 * it: a wrong delta would lose the object once its loose copy is deleted.
 */
async function deltaOf(reader: ObjectReader, baseOid: string, content: Buffer): Promise<Buffer | null> {
  const maxSize = Math.floor(content.length / 2) - 20
  if (maxSize <= 0) return null
  const base = await reader.read(baseOid)
  if (!base) return null
  const delta = encodeDelta(base.content, content, maxSize)
  if (delta && !applyDelta(delta, base.content).equals(content)) throw new Error(`The delta of an object against ${baseOid} does not reproduce it`)
  return delta
}
