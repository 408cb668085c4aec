import { decodeTree } from '../formats/object-format.ts'
import type { EntryState } from './tree-diff.ts'
import type { TreeEntry } from '../store/tree-store.ts'

/** A path both sides changed, each in its own way (null: absent on that side). */
export interface MergeConflict {
  path: string
  base: EntryState | null
  ours: EntryState | null
  theirs: EntryState | null
}

/** How a conflict is settled: one side's entry as it is, or null while undecided. */
export type ResolveConflict = (conflict: MergeConflict) => 'ours' | 'theirs' | null

export interface TreeMerge {
  /** The merged tree (null: empty), meaningful only when `conflicts` is empty. */
  tree: string | null
  /** Conflicts `resolve` left undecided. */
  conflicts: MergeConflict[]
}

interface Objects {
  readTree(oid: string): Promise<Buffer>
  writeTree(entries: TreeEntry[]): Promise<string>
}

const TREE_MODE = '040000'

/**
 * A three-way merge of trees, whole files only: a path changed on one side only takes that
 * side's version, a path changed identically on both is fine, and a path changed differently on
 * both is a conflict (no line-level merging: for a post that would be guessing which sentence
 * wins; the admin chooses instead). Folders changed on both sides are merged entry by entry;
 * a folder unchanged on one side is taken whole from the other without being read. Modes
 * (executable, symlink, submodule) are kept as they are on the side taken.
 *
 * Why not `git.merge` with a merge driver that refuses every both-sides change: it walks all
 * three trees entry by entry (unchanged folders included), takes commits and finds the base
 * itself, and reports conflicts by throwing a list of paths, where the admin needs each side's
 * entry to choose between.
 * Measured (`npm run bench:git`, 5,000 posts, a branch 5 commits back, CPU): 118 ms here with a
 * cold object reader, 814 ms with `git.merge({ mergeDriver })` (6.9×).
 */
export async function mergeTrees(
  objects: Objects,
  trees: { base: string | null; ours: string | null; theirs: string | null },
  resolve: ResolveConflict,
): Promise<TreeMerge> {
  const conflicts: MergeConflict[] = []
  const tree = await mergeFolder(objects, trees.base, trees.ours, trees.theirs, '', resolve, conflicts)
  return { tree, conflicts }
}

async function mergeFolder(
  objects: Objects,
  base: string | null,
  ours: string | null,
  theirs: string | null,
  prefix: string,
  resolve: ResolveConflict,
  conflicts: MergeConflict[],
): Promise<string | null> {
  if (ours === theirs) return ours
  if (base === ours) return theirs
  if (base === theirs) return ours
  const [b, o, t] = await Promise.all([base, ours, theirs].map((oid) => readEntries(objects, oid)))
  const names = new Set([...b!.keys(), ...o!.keys(), ...t!.keys()])
  const merged: TreeEntry[] = []
  let changed = false
  for (const name of names) {
    const result = await mergeEntry(objects, b!.get(name) ?? null, o!.get(name) ?? null, t!.get(name) ?? null, `${prefix}${name}`, resolve, conflicts)
    if (result) merged.push({ ...result, path: name, type: typeOf(result.mode) })
    if (!sameEntry(result, o!.get(name) ?? null)) changed = true
  }
  if (!changed) return ours
  if (merged.length === 0) return null
  return objects.writeTree(merged)
}

async function mergeEntry(
  objects: Objects,
  base: EntryState | null,
  ours: EntryState | null,
  theirs: EntryState | null,
  path: string,
  resolve: ResolveConflict,
  conflicts: MergeConflict[],
): Promise<EntryState | null> {
  if (sameEntry(ours, theirs)) return ours
  if (sameEntry(base, ours)) return theirs
  if (sameEntry(base, theirs)) return ours
  // A folder on one side and nothing on the other (deleted, or never there) is merged entry by
  // entry as if the missing side were an empty folder: a file edited in a folder the other side
  // deleted is a conflict on that file, as git reports it, not on the folder.
  const isTreeOrNone = (entry: EntryState | null) => entry === null || entry.mode === TREE_MODE
  if (isTreeOrNone(base) && isTreeOrNone(ours) && isTreeOrNone(theirs)) {
    const oid = await mergeFolder(objects, base?.oid ?? null, ours?.oid ?? null, theirs?.oid ?? null, `${path}/`, resolve, conflicts)
    return oid === null ? null : { mode: TREE_MODE, oid }
  }
  const conflict: MergeConflict = { path, base, ours, theirs }
  const decision = resolve(conflict)
  if (decision === 'ours') return ours
  if (decision === 'theirs') return theirs
  conflicts.push(conflict)
  return ours
}

async function readEntries(objects: Objects, oid: string | null): Promise<Map<string, EntryState>> {
  if (oid === null) return new Map()
  return new Map(decodeTree(await objects.readTree(oid)).map((entry) => [entry.path, { mode: entry.mode, oid: entry.oid }]))
}

function sameEntry(a: EntryState | null, b: EntryState | null): boolean {
  return a === b || (a !== null && b !== null && a.oid === b.oid && a.mode === b.mode)
}

function typeOf(mode: string): TreeEntry['type'] {
  return mode === TREE_MODE ? 'tree' : mode === '160000' ? 'commit' : 'blob'
}
