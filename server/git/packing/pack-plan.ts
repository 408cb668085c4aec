import { BoundedCache } from '../../lib/bounded-cache.ts'
import { type CommitInfo, CommitQueue } from '../history/commit-graph.ts'
import { parseCommit } from '../formats/object-format.ts'
import type { RawObject } from '../store/object-reader.ts'
import type { ObjectType } from '../formats/pack-format.ts'
import type { Roots } from './repository-roots.ts'
import { changedEntries, type EntryStarts, entryStarts } from './changed-entries.ts'

/**
 * What goes into a pack, in which order, and each object's delta base: the walk of `git
 * rev-list --objects --all`, with git's preferred bases chosen the simple way.
 *
 * Commits are walked newest first. Each commit's tree is compared with the tree of the child it
 * was reached from, and an object that differs takes as its base the child's object at the same
 * path: the newer version, as git prefers (recent versions are read most and are stored whole;
 * older ones are small deltas of them). A save changes one entry of a 10,000-entry tree, so that
 * tree's delta is a few dozen bytes. Unchanged entries are skipped without being decoded
 * (changed-entries.ts).
 *
 * Objects come out in walk order, so a base always comes before the objects built on it (an
 * OFS_DELTA can only point backwards). isomorphic-git has no such walk (`packObjects` takes the
 * ids, and stores each whole): measured with the run it serves, see build-pack.ts.
 */
export interface PlannedObject {
  oid: string
  type: ObjectType
  /** The same path's object in the newer commit, if it differs (the writer decides whether to use it). */
  base: string | null
}

export interface PlanOptions {
  read(oid: string): Promise<RawObject | null>
  roots: Roots
  /** false: not entered (it is in a pack that stays, and so is what it reaches). */
  enter(oid: string): boolean
  /** false: reached, but not put in the pack (it is in a `.keep` pack). */
  include(oid: string): boolean
}

export interface Plan {
  objects: PlannedObject[]
  /** Every object reached. */
  reached: Set<string>
}

export class MissingObjectError extends Error {}

const GITLINK = '160000'
/** Entry offsets kept for this many trees (40 KB each for 10,000 entries): enough for a linear history. */
const MAX_SHAPES = 64

export async function planPack(options: PlanOptions): Promise<Plan> {
  const { read, roots, enter, include } = options
  const objects: PlannedObject[] = []
  const reached = new Set<string>()
  /** Each queued commit with the tree of the child it was reached from (its trees' delta bases). */
  const queue = new CommitQueue<{ childTree: string | null }>()
  const queued = new Map<string, { childTree: string | null }>()

  const add = (oid: string, type: ObjectType, base: string | null) => {
    if (include(oid)) objects.push({ oid, type, base })
  }
  const load = async (oid: string): Promise<RawObject> => {
    const object = await read(oid)
    if (!object) throw new MissingObjectError(`Object ${oid} is missing`)
    return object
  }
  const queueCommit = (oid: string, object: RawObject, childTree: string | null) => {
    const parsed = parseCommit(object.content)
    const info: CommitInfo = {
      oid,
      tree: parsed.tree,
      parents: parsed.parents,
      author: { name: '', email: '' },
      authoredAt: parsed.author.timestamp,
      committedAt: parsed.committer.timestamp,
      message: '',
    }
    const flag = { childTree }
    queued.set(oid, flag)
    queue.push(info, flag)
  }

  /** Entry offsets of the trees walked last: each is the base of its parent commit's tree next. */
  const shapes = new BoundedCache<string, EntryStarts>({ maxEntries: MAX_SHAPES })
  const startsOf = (oid: string, bytes: Buffer): EntryStarts => shapes.get(oid) ?? entryStarts(bytes)

  const walkTree = async (oid: string, baseOid: string | null): Promise<void> => {
    if (reached.has(oid) || !enter(oid)) return
    reached.add(oid)
    const tree = (await load(oid)).content
    add(oid, 'tree', baseOid === oid ? null : baseOid)
    const baseBytes = baseOid === null ? null : ((await read(baseOid))?.content ?? null)
    // Entries the same as the base's were reached with it (or are in a pack that stays).
    const { changes, starts } = changedEntries(tree, baseBytes && { bytes: baseBytes, starts: startsOf(baseOid!, baseBytes) })
    shapes.set(oid, starts)
    for (const { entry, sameName } of changes) {
      if (tree.toString('latin1', entry.start, entry.nameStart - 1) === GITLINK) continue
      const entryOid = tree.toString('hex', entry.nameEnd + 1, entry.end)
      const baseEntry = sameName ? baseBytes!.toString('hex', sameName.nameEnd + 1, sameName.end) : null
      if (entry.tree) {
        await walkTree(entryOid, baseEntry)
      } else if (!reached.has(entryOid) && enter(entryOid)) {
        reached.add(entryOid)
        add(entryOid, 'blob', baseEntry)
      }
    }
  }

  const drainCommits = async () => {
    for (let next = queue.pop(); next; next = queue.pop()) {
      const { commit, flag } = next
      queued.delete(commit.oid)
      add(commit.oid, 'commit', null)
      await walkTree(commit.tree, flag.childTree)
      if (roots.shallow.has(commit.oid)) continue
      for (const parent of commit.parents) {
        // A ref's commit is queued before its children are seen (a remote-tracking branch behind
        // HEAD): when one comes, it still gets that child's trees as bases.
        const waiting = queued.get(parent)
        if (waiting && waiting.childTree === null) waiting.childTree = commit.tree
        if (reached.has(parent) || !enter(parent)) continue
        reached.add(parent)
        queueCommit(parent, await load(parent), commit.tree)
      }
    }
  }

  const visitRoot = async (oid: string, required: boolean): Promise<void> => {
    if (reached.has(oid) || !enter(oid)) return
    const object = required ? await load(oid) : await read(oid)
    if (!object) return
    reached.add(oid)
    if (object.type === 'commit') {
      queueCommit(oid, object, null)
    } else if (object.type === 'tag') {
      add(oid, 'tag', null)
      const target = /^object ([0-9a-f]{40})$/m.exec(object.content.toString('latin1'))
      if (target) await visitRoot(target[1]!, required)
    } else if (object.type === 'tree') {
      reached.delete(oid)
      await walkTree(oid, null)
    } else {
      add(oid, 'blob', null)
    }
  }

  // All the refs' commits in one newest-first walk, so each tree's base is its closest newer version.
  for (const oid of roots.refs) await visitRoot(oid, true)
  await drainCommits()
  for (const oid of roots.others) {
    await visitRoot(oid, false)
    await drainCommits()
  }
  return { objects, reached }
}
