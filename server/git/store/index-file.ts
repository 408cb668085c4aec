import { lstat, readFile } from 'node:fs/promises'
import { writeFileAtomic } from '../../lib/atomic-write.ts'
import { nodeErrorCode } from '../../lib/node-error-code.ts'
import {
  encodeEntry,
  entryOid,
  type EntryFields,
  type IndexEntry,
  indexObjects,
  isConflictEntry,
  lowerBound,
  parseIndex,
  replaceIndexEntry,
  serializeIndex,
} from '../formats/index-format.ts'

/** A path to stage with its blob, or to remove from the index. */
export interface IndexUpdate extends EntryFields {
  /** Repository-relative posix path. */
  path: string
  /** The blob to stage, or null to remove the path from the index. */
  oid: string | null
}

/**
 * The git index (`.git/index`), edited for a few paths at a time; its bytes are
 * formats/index-format.ts's. Not isomorphic-git's: it re-serializes every entry through
 * per-entry promises and sorts them twice on each write, and its `updateIndex` with a given oid
 * stores zeroed stats, so `git status` must re-read those files. Here untouched entries keep the
 * exact bytes git wrote (flags such as skip-worktree included), saved paths get the real stats of
 * the files just written, and a write costs one buffer copy and one native SHA-1. Measured
 * (`npm run bench:git`, 5,000 posts, CPU): staging one path, 2.2 ms here, 36 ms with
 * `git.updateIndex` (16×).
 */
export class IndexFile {
  /**
   * The parsed entries, and the identity of the file they came from, so an unchanged file is not
   * re-read; with the file's bytes when this class wrote them (serializeIndex's), which the next
   * update of one entry edits in place.
   */
  #cached: { identity: string; entries: IndexEntry[]; written: Buffer | null } | null = null
  readonly #file: string
  readonly #tempDir: string

  constructor(file: string, tempDir: string) {
    this.#file = file
    this.#tempDir = tempDir
  }

  /** The blob staged for a path at stage 0; null when absent, 'conflict' when it has unmerged stages. */
  async stagedOid(filepath: string): Promise<string | null | 'conflict'> {
    const { entries } = (this.#cached = await this.#load())
    const name = Buffer.from(filepath, 'utf8')
    const at = lowerBound(entries, name)
    const entry = entries[at]
    if (!entry || !entry.name.equals(name)) return null
    if (isConflictEntry(entry)) return 'conflict'
    return entryOid(entry)
  }

  async update(updates: IndexUpdate[]): Promise<void> {
    const { entries, written } = await this.#load()
    // Cleared first: if anything below fails, the array may be half edited.
    this.#cached = null
    const file = (written && updates.length === 1 && replaceOne(written, entries, updates[0]!)) || serializeIndex(edited(entries, updates))
    await writeFileAtomic(this.#file, file, { tempDir: this.#tempDir })
    this.#cached = { identity: await this.#identity(), entries, written: file }
  }

  async #load(): Promise<{ identity: string; entries: IndexEntry[]; written: Buffer | null }> {
    const identity = await this.#identity()
    if (this.#cached?.identity === identity) return this.#cached
    const buffer = await readIndex(this.#file)
    return { identity, entries: buffer ? parseIndex(buffer, this.#file).entries : [], written: null }
  }

  /** Any write by git or by us replaces the file (new inode) or at least changes its times. */
  async #identity(): Promise<string> {
    try {
      const stats = await lstat(this.#file, { bigint: true })
      return `${stats.ino}:${stats.size}:${stats.mtimeNs}:${stats.ctimeNs}`
    } catch (error) {
      if (nodeErrorCode(error) === 'ENOENT') return 'missing'
      throw error
    }
  }
}

/** `entries` with the updates applied (in place). */
function edited(entries: IndexEntry[], updates: IndexUpdate[]): IndexEntry[] {
  for (const update of updates) {
    const name = Buffer.from(update.path, 'utf8')
    const start = lowerBound(entries, name)
    let end = start
    while (end < entries.length && entries[end]!.name.equals(name)) end++
    // Every stage of the path (a conflict has up to three) gives way to the one resolved entry.
    if (update.oid === null) entries.splice(start, end - start)
    else entries.splice(start, end - start, encodeEntry(name, update.oid, update))
  }
  return entries
}

/**
 * The file with one path's entry restaged (a save of one post), edited in place from the bytes
 * written last (replaceIndexEntry), `entries` updated to match; null when it is not that case.
 */
function replaceOne(written: Buffer, entries: IndexEntry[], update: IndexUpdate): Buffer | null {
  if (update.oid === null) return null
  const name = Buffer.from(update.path, 'utf8')
  const at = lowerBound(entries, name)
  // Exactly one entry, at stage 0: a conflict's stages give way to one entry (fewer bytes).
  if (!entries[at]?.name.equals(name) || entries[at + 1]?.name.equals(name) || isConflictEntry(entries[at]!)) return null
  const entry = encodeEntry(name, update.oid, update)
  const file = replaceIndexEntry(written, entries, at, entry)
  if (file) entries[at] = entry
  return file
}

/**
 * Every object id the index file refers to (formats/index-format.ts's indexObjects). Pruning
 * keeps them all, as git does (`git fsck` checks the cache tree's).
 */
export async function readIndexObjects(file: string): Promise<string[]> {
  const buffer = await readIndex(file)
  return buffer ? indexObjects(parseIndex(buffer, file)) : []
}

/** The index file's bytes; null when the repository has none yet (git creates it on the first `git add`). */
async function readIndex(file: string): Promise<Buffer | null> {
  try {
    return await readFile(file)
  } catch (error) {
    if (nodeErrorCode(error) === 'ENOENT') return null
    throw error
  }
}
