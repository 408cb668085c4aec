import { type CommitInfo, CommitQueue } from './commit-graph.ts'
import { parseCommit } from './object-format.ts'
import type { RawObject } from './object-reader.ts'
import type { ObjectType } from './pack-format.ts'
import type { Roots } from './repository-roots.ts'
import { compareNames, entryAt, type RawEntry } from './tree-diff.ts'

/**
 * What goes into a pack, in which order, and each object's delta base: the walk of `git
 * rev-list --objects --all`, with git's preferred bases chosen the simple way.
 *
 * Commits are walked newest first. Each commit's tree is compared with the tree of the child it
 * was reached from, and an object that differs takes as its base the child's object at the same
 * path: the newer version, as git prefers (recent versions are read most and are stored whole;
 * older ones are small deltas of them). A save changes one entry of a 10,000-entry tree, so that
 * tree's delta is a few dozen bytes. Unchanged entries are skipped by comparing raw tree bytes,
 * without decoding them (tree-diff.ts does the same for history).
 *
 * Objects come out in walk order, so a base always comes before the objects built on it (an
 * OFS_DELTA can only point backwards).
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

const EMPTY = Buffer.alloc(0)
const GITLINK = '160000'

export async function planPack(options: PlanOptions): Promise<Plan> {
  const { read, roots, enter, include } = options
  const objects: PlannedObject[] = []
  const reached = new Set<string>()
  const queue = new CommitQueue<string | null>()

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
    queue.push(info, childTree)
  }

  const walkTree = async (oid: string, baseOid: string | null): Promise<void> => {
    if (reached.has(oid) || !enter(oid)) return
    reached.add(oid)
    const tree = (await load(oid)).content
    add(oid, 'tree', baseOid === oid ? null : baseOid)
    const base = baseOid === null ? EMPTY : ((await read(baseOid))?.content ?? EMPTY)
    let j = 0
    let y: RawEntry | null = base.length > 0 ? entryAt(base, 0) : null
    for (let i = 0; i < tree.length; ) {
      const x = entryAt(tree, i)
      i = x.end
      // Entries only in the base, before this one's name.
      while (y && compareNames(tree, x, base, y) > 0) y = (j = y.end) < base.length ? entryAt(base, j) : null
      let sameName: RawEntry | null = null
      if (y && compareNames(tree, x, base, y) === 0) {
        sameName = y
        y = (j = y.end) < base.length ? entryAt(base, j) : null
        // Unchanged: reached already with the base (or in a pack that stays).
        if (x.end - x.start === sameName.end - sameName.start && tree.compare(base, sameName.start, sameName.end, x.start, x.end) === 0) continue
      }
      if (tree.toString('latin1', x.start, x.nameStart - 1) === GITLINK) continue
      const entryOid = tree.toString('hex', x.nameEnd + 1, x.end)
      const baseEntry = sameName && sameName.tree === x.tree ? base.toString('hex', sameName.nameEnd + 1, sameName.end) : null
      if (x.tree) {
        await walkTree(entryOid, baseEntry)
      } else if (!reached.has(entryOid) && enter(entryOid)) {
        reached.add(entryOid)
        add(entryOid, 'blob', baseEntry)
      }
    }
  }

  const drainCommits = async () => {
    for (let next = queue.pop(); next; next = queue.pop()) {
      const { commit, flag: childTree } = next
      add(commit.oid, 'commit', null)
      await walkTree(commit.tree, childTree)
      if (roots.shallow.has(commit.oid)) continue
      for (const parent of commit.parents) {
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
