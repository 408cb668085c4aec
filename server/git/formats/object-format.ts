import { createHash } from 'node:crypto'
import { promisify } from 'node:util'
import { deflate } from 'node:zlib'
import { readMode } from './tree-rules.ts'

/** One entry of a tree object: its mode as git writes it, its name, its object and that object's kind. */
export interface TreeEntry {
  mode: string
  path: string
  oid: string
  type: 'blob' | 'tree' | 'commit'
}

/*
 * Git's object encoding, natively. Decoding (trees, commits) works on the raw bytes
 * object-reader.ts returns, which isomorphic-git has no call for. Encoding is where the gap is
 * small (isomorphic-git hashes with crypto.subtle and deflates with CompressionStream, both
 * native): measured (`npm run bench:git`, 5,000 posts, CPU, three runs), the post folder's tree with one entry changed
 * takes 17 to 23 ms this way (encoding, then isomorphic-git's writeObject with format 'deflated',
 * through the atomic fs) against 24 to 50 ms with `git.writeTree` (1.1× to 2.3×), and a post's
 * blob 1 to 5 ms either way (`git.writeBlob`, 1.1× to 1.6×). It stays because GitStore needs the
 * id before writing (an existing object is freshened, not rewritten: see its #writeObject) and
 * the compressed size (loose bytes are counted for packing), which writeTree and writeBlob do not
 * give; going back would mean writing through them, then touching and measuring the file.
 */

const deflateAsync = promisify(deflate)

export interface LooseObject {
  oid: string
  deflated: Buffer
}

/**
 * Level 1 is what git itself uses for loose objects (core.loosecompression defaults to 1).
 * `oid`: the object's id when the caller has already hashed these bytes (a save's blob, whose
 * id is the post's version), so it is not hashed twice.
 */
export async function encodeLooseObject(type: 'blob' | 'tree', content: Uint8Array, oid?: string): Promise<LooseObject> {
  const header = Buffer.from(`${type} ${content.byteLength}\0`, 'latin1')
  // Compression runs on libuv's thread pool, meanwhile this thread hashes.
  const deflating = deflateAsync(Buffer.concat([header, content]), { level: 1 })
  return { oid: oid ?? createHash('sha1').update(header).update(content).digest('hex'), deflated: await deflating }
}

/** A tree object's content: entries in git's order, each `<mode> <name>\0<20-byte oid>`. */
export function encodeTree(entries: TreeEntry[]): Buffer {
  return encodeEntries(entries, null)
}

/**
 * A tree object's content, and where each entry's 20-byte id sits in it (by name): the same
 * tree with only ids changed is then a copy with those bytes replaced (replaceTreeIds).
 */
export interface EncodedTree {
  content: Buffer
  idOffsets: ReadonlyMap<string, number>
}

export function encodeIndexedTree(entries: TreeEntry[]): EncodedTree {
  const idOffsets = new Map<string, number>()
  return { content: encodeEntries(entries, idOffsets), idOffsets }
}

/**
 * `tree` with the ids of these entries (name → new id; same names, same modes) replaced: the
 * bytes encodeTree makes of the edited entries, without encoding 10,000 names again. Measured
 * on the posts folder's tree at 10,000 posts (770 KB): encodeTree 4.4 ms of CPU, this copy 0.3 ms;
 * a save that edits one post changes nothing else in that tree.
 */
export function replaceTreeIds(tree: EncodedTree, ids: ReadonlyMap<string, string>): EncodedTree {
  const content = Buffer.from(tree.content)
  for (const [name, oid] of ids) {
    const at = tree.idOffsets.get(name)
    if (at === undefined || content.write(oid, at, 20, 'hex') !== 20 || oid.length !== 40) throw new Error(`Cannot put ${oid} at ${name} in the tree`)
  }
  return { content, idOffsets: tree.idOffsets }
}

function encodeEntries(entries: TreeEntry[], idOffsets: Map<string, number> | null): Buffer {
  // Entries mostly arrive in order already (a cached tree, one entry changed), which the sort's
  // run detection makes cheap. Strings are written straight into one buffer: no per-entry Buffer.
  const sorted = [...entries].sort(compareTreeEntries)
  let size = 0
  for (const entry of sorted) size += storedMode(entry).length + 1 + Buffer.byteLength(entry.path, 'utf8') + 1 + 20
  const buffer = Buffer.allocUnsafe(size)
  let offset = 0
  for (const entry of sorted) {
    offset += buffer.write(storedMode(entry), offset, 'latin1')
    buffer[offset++] = 0x20
    offset += buffer.write(entry.path, offset, 'utf8')
    buffer[offset++] = 0
    idOffsets?.set(entry.path, offset)
    offset += buffer.write(entry.oid, offset, 'hex')
  }
  return buffer
}

/** Git writes a folder's mode without its leading zero. */
function storedMode(entry: TreeEntry): string {
  return entry.mode === '040000' ? '40000' : entry.mode
}

/**
 * A tree object's entries, modes read as git reads them (tree-rules.ts): a zero-padded folder
 * (`040000`) is a folder, `100664` a plain file. Names are not checked here: tree-check.ts does
 * that before anything from a remote is checked out.
 */
export function decodeTree(content: Buffer): TreeEntry[] {
  const entries: TreeEntry[] = []
  let offset = 0
  while (offset < content.length) {
    const space = content.indexOf(0x20, offset)
    const nul = content.indexOf(0, space + 1)
    if (space === -1 || nul === -1 || nul + 21 > content.length) throw new Error('Malformed tree object')
    const stored = content.toString('latin1', offset, space)
    const mode = readMode(stored) ?? stored.padStart(6, '0')
    entries.push({
      mode,
      path: content.toString('utf8', space + 1, nul),
      oid: content.toString('hex', nul + 1, nul + 21),
      type: mode === '040000' ? 'tree' : mode === '160000' ? 'commit' : 'blob',
    })
    offset = nul + 21
  }
  return entries
}

/**
 * Git sorts a tree's entries by name bytes, a folder's name compared as if it ended in '/'.
 * UTF-8 byte order is code point order; JavaScript compares UTF-16 code units, which only
 * disagrees for surrogates against U+E000..U+FFFF, hence the fix-up (as ICU does it).
 */
export function compareTreeEntries(a: TreeEntry, b: TreeEntry): number {
  const length = Math.min(a.path.length, b.path.length)
  for (let i = 0; i < length; i++) {
    const x = a.path.charCodeAt(i)
    const y = b.path.charCodeAt(i)
    if (x !== y) return codePointOrder(x) - codePointOrder(y)
  }
  return nextUnit(a, length) - nextUnit(b, length)
}

function nextUnit(entry: TreeEntry, at: number): number {
  if (entry.path.length > at) return codePointOrder(entry.path.charCodeAt(at))
  return entry.type === 'tree' ? 0x2f : 0
}

function codePointOrder(unit: number): number {
  if (unit < 0xd800) return unit
  return unit >= 0xe000 ? unit - 0x800 : unit + 0x2000
}

/** A commit object's fields, as `parseCommit` reads them. */
export interface ParsedCommit {
  tree: string
  parents: string[]
  author: { name: string; email: string; timestamp: number }
  committer: { name: string; email: string; timestamp: number }
  message: string
}

/**
 * A commit object: header lines (`tree`, `parent`..., `author`, `committer`, others such as a
 * multi-line `gpgsig`, whose continuation lines start with a space), a blank line, the message.
 */
export function parseCommit(content: Buffer): ParsedCommit {
  const text = content.toString('utf8')
  const blank = text.indexOf('\n\n')
  const head = blank === -1 ? text : text.slice(0, blank)
  const parents: string[] = []
  let tree: string | undefined
  let author: ParsedCommit['author'] | undefined
  let committer: ParsedCommit['committer'] | undefined
  for (const line of head.split('\n')) {
    if (line.startsWith(' ')) continue
    const space = line.indexOf(' ')
    const key = line.slice(0, space)
    const value = line.slice(space + 1)
    if (key === 'tree') tree = value
    else if (key === 'parent') parents.push(value)
    else if (key === 'author') author = parseSignature(value)
    else if (key === 'committer') committer = parseSignature(value)
  }
  if (!tree || !author || !committer) throw new Error('Malformed commit object')
  return { tree, parents, author, committer, message: blank === -1 ? '' : text.slice(blank + 2) }
}

/** `Name <email> 1700000000 +0100` */
function parseSignature(value: string): ParsedCommit['author'] {
  const match = /^(.*?) ?<([^>]*)> (\d+)(?: [+-]\d{4})?$/s.exec(value)
  if (!match) throw new Error(`Malformed commit signature: ${value}`)
  return { name: match[1]!, email: match[2]!, timestamp: Number(match[3]) }
}
