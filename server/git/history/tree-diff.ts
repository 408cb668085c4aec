import { commonPrefix, commonSuffix } from '../formats/delta.ts'
import { decodeTree } from '../formats/object-format.ts'
import { readMode } from '../formats/tree-rules.ts'

/** A tree entry as a diff reports it: mode as git stores it padded to 6 digits (`100644`, `040000`...). */
export interface EntryState {
  mode: string
  oid: string
}

/** One path that differs between two trees: null on one side means absent there. */
export interface TreeChange {
  path: string
  before: EntryState | null
  after: EntryState | null
}

/** Reads a tree object's raw content. */
export type ReadTree = (oid: string) => Promise<Buffer>

const TREE_MODE = '040000'
const SPACE = 0x20
const SLASH = 0x2f
const EMPTY = Buffer.alloc(0)

/**
 * The blob-level differences between two trees (null: no tree), like `git diff-tree -r`:
 * identical subtrees are skipped by oid, so only the folders on a changed path are read.
 *
 * Why on the raw bytes: a post folder's tree lists thousands of entries and consecutive commits
 * differ in one or two of them. Walking both buffers side by side and comparing whole entries
 * natively (mode, name and oid in one `Buffer.compare`) allocates nothing for the unchanged
 * entries; decoding both into objects first cost several times more (history reads every
 * commit's folder tree once). isomorphic-git's way, `walk` over two `TREE`s (returning null for
 * an unchanged folder), measured with `npm run bench:git` (5,000 posts, CPU): the changes of 20
 * commits in 13 ms here, 2,858 ms with the library (214×). Before the walk, the two trees'
 * common prefix and suffix are skipped by native comparison (delta.ts), which took that from
 * 54 ms to 13 ms, and a post's first history over 401 commits at 10,000 posts (`npm run
 * bench:history`) from about 2.8 s to 0.8 s: the entry-by-entry walk of 10,000 unchanged
 * entries per commit was most of it.
 */
export async function diffTrees(read: ReadTree, before: string | null, after: string | null): Promise<TreeChange[]> {
  const changes: TreeChange[] = []
  await diffInto(read, before, after, '', changes)
  return changes
}

async function diffInto(read: ReadTree, before: string | null, after: string | null, prefix: string, out: TreeChange[]): Promise<void> {
  if (before === after) return
  const a = before === null ? EMPTY : await read(before)
  const b = after === null ? EMPTY : await read(after)
  // Entries inside the common prefix are the same in both: start at the last one that is not.
  let i = lastBoundaryAtOrBefore(a, commonPrefix(a, b))
  let j = i
  const suffix = commonSuffix(a, b, Math.min(a.length, b.length) - i)
  while (i < a.length || j < b.length) {
    // Both at an entry boundary, the rest byte for byte the same (the common suffix): no more changes.
    if (i - j === a.length - b.length && a.length - i <= suffix) break
    const x = i < a.length ? entryAt(a, i) : null
    const y = j < b.length ? entryAt(b, j) : null
    if (x && y && x.end - i === y.end - j && a.compare(b, j, y.end, i, x.end) === 0) {
      i = x.end
      j = y.end
      continue
    }
    const order = !x ? 1 : !y ? -1 : compareNames(a, x, b, y)
    if (order < 0) {
      await emit(read, a, x!, prefix, 'before', out)
      i = x!.end
    } else if (order > 0) {
      await emit(read, b, y!, prefix, 'after', out)
      j = y!.end
    } else {
      const name = a.toString('utf8', x!.nameStart, x!.nameEnd)
      const xState = stateOf(a, x!)
      const yState = stateOf(b, y!)
      if (x!.tree && y!.tree) {
        await diffInto(read, xState.oid, yState.oid, `${prefix}${name}/`, out)
      } else if (xState.oid !== yState.oid || xState.mode !== yState.mode) {
        // Same name and both files (names compare equal only when both are trees or both not).
        out.push({ path: prefix + name, before: xState, after: yState })
      }
      i = x!.end
      j = y!.end
    }
  }
}

/**
 * The start of the entry holding byte `at` (or `at` itself when an entry starts there). Entries
 * are `<mode> <name>\0<20 bytes>`, so one native search per entry finds the next one: cheaper
 * than entryAt and a comparison for each, which is what makes skipping the prefix pay.
 */
function lastBoundaryAtOrBefore(buffer: Buffer, at: number): number {
  let start = 0
  while (start < at) {
    const nul = buffer.indexOf(0, start)
    if (nul === -1 || nul + 21 > at) break
    start = nul + 21
  }
  return start
}

/** An entry's place in a tree object's bytes: `<mode> <name>\0<20-byte id>`, ending at `end`. */
export interface RawEntry {
  start: number
  nameStart: number
  nameEnd: number
  end: number
  tree: boolean
}

export function entryAt(buffer: Buffer, start: number): RawEntry {
  const space = buffer.indexOf(SPACE, start)
  const nul = buffer.indexOf(0, space + 1)
  if (space === -1 || nul === -1 || nul + 21 > buffer.length) throw new Error('Malformed tree object')
  // A folder is "40000", or "040000" zero-padded (git accepts it and reads it as a folder; so must
  // diffs, or every file under it looks changed, and packing, or it packs the folder as a blob).
  const length = space - start
  const tree = (length === 5 && buffer[start] === 0x34) || (length === 6 && buffer[start] === 0x30 && buffer[start + 1] === 0x34)
  return { start, nameStart: space + 1, nameEnd: nul, end: nul + 21, tree }
}

function stateOf(buffer: Buffer, entry: RawEntry): EntryState {
  const stored = buffer.toString('latin1', entry.start, entry.nameStart - 1)
  return {
    // As git reads it: `040000` a folder, `100664` a plain file (tree-rules.ts).
    mode: readMode(stored) ?? stored.padStart(6, '0'),
    oid: buffer.toString('hex', entry.nameEnd + 1, entry.end),
  }
}

/** Git's tree order: name bytes, a folder's name compared as if it ended in '/'. */
export function compareNames(a: Buffer, x: RawEntry, b: Buffer, y: RawEntry): number {
  const xLength = x.nameEnd - x.nameStart
  const yLength = y.nameEnd - y.nameStart
  const length = Math.min(xLength, yLength)
  const common = a.compare(b, y.nameStart, y.nameStart + length, x.nameStart, x.nameStart + length)
  if (common !== 0) return common
  const xNext = xLength > length ? a[x.nameStart + length]! : x.tree ? SLASH : 0
  const yNext = yLength > length ? b[y.nameStart + length]! : y.tree ? SLASH : 0
  return xNext - yNext
}

/** An entry present on one side only: a file, or every file of a folder. */
async function emit(read: ReadTree, buffer: Buffer, entry: RawEntry, prefix: string, side: 'before' | 'after', out: TreeChange[]): Promise<void> {
  const name = buffer.toString('utf8', entry.nameStart, entry.nameEnd)
  const state = stateOf(buffer, entry)
  if (state.mode !== TREE_MODE) {
    out.push({ path: prefix + name, before: side === 'before' ? state : null, after: side === 'after' ? state : null })
    return
  }
  for (const inner of decodeTree(await read(state.oid))) {
    const innerBuffer = encodeOne(inner.mode, inner.path, inner.oid)
    await emit(read, innerBuffer, entryAt(innerBuffer, 0), `${prefix}${name}/`, side, out)
  }
}

/** One entry in raw form, so a folder's contents go through the same code as any entry. */
function encodeOne(mode: string, name: string, oid: string): Buffer {
  const stored = mode === TREE_MODE ? '40000' : mode
  return Buffer.concat([Buffer.from(`${stored} ${name}\0`, 'utf8'), Buffer.from(oid, 'hex')])
}
