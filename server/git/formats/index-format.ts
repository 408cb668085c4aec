import { createHash } from 'node:crypto'
import type { BigIntStats } from 'node:fs'
import { RepositoryStateError } from '../../lib/errors.ts'

/**
 * Git's index file (`.git/index`) as bytes and back, no I/O: store/index-file.ts reads and writes
 * the file. Entries keep the exact bytes git wrote (flags such as skip-worktree included), so a
 * write copies the untouched ones as they are.
 *
 * Format: https://git-scm.com/docs/index-format. Versions 2 to 4 are read, 2 or 3 written (git
 * rewrites in its configured version next time). Optional extensions (uppercase signature: cache
 * tree, untracked cache...) describe the old entries and are dropped, as git allows; a required
 * one (split or sparse index) is refused rather than lost.
 */
export interface IndexEntry {
  name: Buffer
  /** The whole entry as stored in a version 2/3 file, padding included. */
  bytes: Buffer
}

/** An index extension: its 4-letter signature and its data. */
export interface IndexExtension {
  signature: string
  data: Buffer
}

/** What a new stage-0 entry records besides its name and blob. */
export interface EntryFields {
  /** The work-tree file's stats (a blob only). */
  stats?: BigIntStats
  /** The entry's mode when it is not a plain file: 0o120000 (a symlink) or 0o160000 (a submodule). */
  mode?: number
  /**
   * Git's skip-worktree bit (what sparse checkout sets): the path is in the index but deliberately
   * not in the work tree, and `git status` does not report it deleted. For what checkout never writes.
   */
  skipWorktree?: boolean
}

const HEADER_SIZE = 12
const HASH_SIZE = 20
/** ctime, mtime, dev, ino, mode, uid, gid, size (4 bytes each, seconds and nanoseconds for times), oid, flags. */
const FIXED_SIZE = 62
const EXTENDED = 0x4000
/** In the extended flags (index version 3), after the fixed part. */
const SKIP_WORKTREE = 0x4000
const NAME_LENGTH_MASK = 0xfff
const SUBMODULE_MODE = 0o160000

/** The entry's blob (a submodule's: a commit of another repository), as hex. */
export function entryOid(entry: IndexEntry): string {
  return entry.bytes.toString('hex', 40, 60)
}

/** Whether the entry is part of an unresolved merge: its stage (bits 12-13 of the flags) is not 0. */
export function isConflictEntry(entry: IndexEntry): boolean {
  return (entry.bytes.readUInt16BE(60) & 0x3000) !== 0
}

/**
 * Every object id an index refers to: its entries' blobs, and the trees and blobs of its
 * cache-tree and resolve-undo extensions. Submodule entries name commits of another repository
 * and are left out.
 */
export function indexObjects(index: { entries: IndexEntry[]; extensions: IndexExtension[] }): string[] {
  const oids: string[] = []
  for (const entry of index.entries) {
    if (entry.bytes.readUInt32BE(24) !== SUBMODULE_MODE) oids.push(entryOid(entry))
  }
  for (const { signature, data } of index.extensions) {
    if (signature === 'TREE') oids.push(...cacheTreeOids(data))
    if (signature === 'REUC') oids.push(...resolveUndoOids(data))
  }
  return oids
}

/** `<path>\0<entry count> <subtree count>\n<20-byte id>`, repeated; an invalidated node (count -1) has no id. */
function cacheTreeOids(data: Buffer): string[] {
  const oids: string[] = []
  let at = 0
  while (at < data.length) {
    const newline = data.indexOf(0x0a, data.indexOf(0, at))
    if (newline === -1) break
    const counts = data.toString('latin1', data.indexOf(0, at) + 1, newline)
    at = newline + 1
    if (!counts.startsWith('-')) {
      oids.push(data.toString('hex', at, at + 20))
      at += 20
    }
  }
  return oids
}

/** `<path>\0` then three octal modes each ending in \0, then a 20-byte id per non-zero mode. */
function resolveUndoOids(data: Buffer): string[] {
  const oids: string[] = []
  let at = 0
  while (at < data.length) {
    at = data.indexOf(0, at) + 1
    const modes: number[] = []
    for (let stage = 0; stage < 3; stage++) {
      const end = data.indexOf(0, at)
      if (end === -1) return oids
      modes.push(Number.parseInt(data.toString('latin1', at, end), 8))
      at = end + 1
    }
    for (const mode of modes) {
      if (mode === 0) continue
      if (mode !== SUBMODULE_MODE) oids.push(data.toString('hex', at, at + 20))
      at += 20
    }
  }
  return oids
}

/** The entries and extensions of an index file's bytes; `file` names it in errors. */
export function parseIndex(buffer: Buffer, file: string): { entries: IndexEntry[]; extensions: IndexExtension[] } {
  const invalid = (reason: string) => new RepositoryStateError(`${file}: ${reason}`)
  if (buffer.length < HEADER_SIZE + HASH_SIZE || buffer.toString('latin1', 0, 4) !== 'DIRC') throw invalid('not a git index')
  const body = buffer.subarray(0, buffer.length - HASH_SIZE)
  const trailer = buffer.subarray(buffer.length - HASH_SIZE)
  // An all-zero trailer is index.skipHash (git 2.40+): no checksum to verify.
  if (trailer.some((byte) => byte !== 0) && !createHash('sha1').update(body).digest().equals(trailer)) throw invalid('checksum mismatch')
  const version = buffer.readUInt32BE(4)
  if (version < 2 || version > 4) throw invalid(`unsupported index version ${version}`)
  const count = buffer.readUInt32BE(8)

  const entries: IndexEntry[] = []
  let offset = HEADER_SIZE
  let previousName: Buffer = Buffer.alloc(0)
  for (let i = 0; i < count; i++) {
    if (offset + FIXED_SIZE > body.length) throw invalid('truncated entry')
    const flags = buffer.readUInt16BE(offset + 60)
    const headerSize = FIXED_SIZE + (version >= 3 && flags & EXTENDED ? 2 : 0)
    if (version < 4) {
      const nameStart = offset + headerSize
      const nameEnd = buffer.indexOf(0, nameStart)
      if (nameEnd === -1 || nameEnd >= body.length) throw invalid('truncated entry')
      const size = paddedEntrySize(headerSize, nameEnd - nameStart)
      entries.push({ name: buffer.subarray(nameStart, nameEnd), bytes: buffer.subarray(offset, offset + size) })
      offset += size
      previousName = entries[entries.length - 1]!.name
    } else {
      // Version 4 stores each name as "drop N bytes of the previous name, then add this suffix".
      const [drop, suffixStart] = readVarint(buffer, offset + headerSize)
      const suffixEnd = buffer.indexOf(0, suffixStart)
      if (suffixEnd === -1 || drop > previousName.length) throw invalid('malformed entry name')
      const name = Buffer.concat([previousName.subarray(0, previousName.length - drop), buffer.subarray(suffixStart, suffixEnd)])
      entries.push({ name, bytes: withName(buffer.subarray(offset, offset + headerSize), name) })
      offset = suffixEnd + 1
      previousName = name
    }
  }

  const extensions: IndexExtension[] = []
  while (offset < body.length) {
    const signature = buffer.toString('latin1', offset, offset + 4)
    if (!/^[A-Z]/.test(signature)) throw invalid(`index extension '${signature}' (a split or sparse index) is not supported`)
    const size = buffer.readUInt32BE(offset + 4)
    extensions.push({ signature, data: buffer.subarray(offset + 8, offset + 8 + size) })
    offset += 8 + size
  }
  return { entries, extensions }
}

/** An index file of these entries (sorted, as git keeps them), version 3 when one needs it, else 2; no extensions. */
export function serializeIndex(entries: IndexEntry[]): Buffer {
  let size = HEADER_SIZE + HASH_SIZE
  let extended = false
  for (const entry of entries) {
    size += entry.bytes.length
    extended ||= (entry.bytes.readUInt16BE(60) & EXTENDED) !== 0
  }
  const buffer = Buffer.allocUnsafe(size)
  buffer.write('DIRC', 0, 'latin1')
  buffer.writeUInt32BE(extended ? 3 : 2, 4)
  buffer.writeUInt32BE(entries.length, 8)
  let offset = HEADER_SIZE
  for (const entry of entries) offset += entry.bytes.copy(buffer, offset)
  createHash('sha1').update(buffer.subarray(0, offset)).digest().copy(buffer, offset)
  return buffer
}

/**
 * serializeIndex's bytes of `entries` after `entries[at]` was replaced by `entry`, made from
 * `written` (serializeIndex's bytes of the entries before, still in the array at every other
 * position), when the new entry is the same size and needs the same file version: one copy and
 * the checksum, where serializeIndex copies each of 10,000 entries (3 ms of CPU at 10,000
 * posts, `npm run bench:save -- --cpu-prof`). Null when it cannot: serialize then.
 */
export function replaceIndexEntry(written: Buffer, entries: readonly IndexEntry[], at: number, entry: IndexEntry): Buffer | null {
  const old = entries[at]
  const extended = (bytes: Buffer) => (bytes.readUInt16BE(60) & EXTENDED) !== 0
  if (!old || old.bytes.length !== entry.bytes.length || extended(old.bytes) !== extended(entry.bytes)) return null
  let offset = HEADER_SIZE
  for (let i = 0; i < at; i++) offset += entries[i]!.bytes.length
  if (!written.subarray(offset, offset + old.bytes.length).equals(old.bytes)) return null
  const buffer = Buffer.from(written)
  entry.bytes.copy(buffer, offset)
  const end = buffer.length - HASH_SIZE
  createHash('sha1').update(buffer.subarray(0, end)).digest().copy(buffer, end)
  return buffer
}

/** A stage-0 entry whose stats are the file's own, so `git status` trusts it without re-reading. */
export function encodeEntry(name: Buffer, oid: string, fields: EntryFields): IndexEntry {
  const { stats, mode, skipWorktree } = fields
  const header = Buffer.alloc(FIXED_SIZE + (skipWorktree ? 2 : 0))
  if (stats) {
    const seconds = (ns: bigint) => Number((ns / 1_000_000_000n) & 0xffffffffn)
    const nanoseconds = (ns: bigint) => Number(ns % 1_000_000_000n)
    header.writeUInt32BE(seconds(stats.ctimeNs), 0)
    header.writeUInt32BE(nanoseconds(stats.ctimeNs), 4)
    header.writeUInt32BE(seconds(stats.mtimeNs), 8)
    header.writeUInt32BE(nanoseconds(stats.mtimeNs), 12)
    header.writeUInt32BE(Number(stats.dev & 0xffffffffn), 16)
    header.writeUInt32BE(Number(stats.ino & 0xffffffffn), 20)
    header.writeUInt32BE(Number(stats.uid & 0xffffffffn), 28)
    header.writeUInt32BE(Number(stats.gid & 0xffffffffn), 32)
    header.writeUInt32BE(Number(stats.size & 0xffffffffn), 36)
  }
  // Git records a regular file as 100644 or 100755, nothing in between.
  const executable = stats !== undefined && (stats.mode & 0o111n) !== 0n
  header.writeUInt32BE(mode ?? (executable ? 0o100755 : 0o100644), 24)
  header.write(oid, 40, 'hex')
  header.writeUInt16BE(Math.min(name.length, NAME_LENGTH_MASK) | (skipWorktree ? EXTENDED : 0), 60)
  if (skipWorktree) header.writeUInt16BE(SKIP_WORKTREE, FIXED_SIZE)
  return { name, bytes: withName(header, name) }
}

/** Fixed part + name + 1 to 8 NUL bytes, to a multiple of 8 (versions 2 and 3). */
function withName(header: Buffer, name: Buffer): Buffer {
  const bytes = Buffer.alloc(paddedEntrySize(header.length, name.length))
  header.copy(bytes, 0)
  name.copy(bytes, header.length)
  return bytes
}

function paddedEntrySize(headerSize: number, nameLength: number): number {
  return Math.ceil((headerSize + nameLength + 1) / 8) * 8
}

/** First entry whose name is not below `name`: git orders entries by name bytes, then stage. */
export function lowerBound(entries: IndexEntry[], name: Buffer): number {
  let low = 0
  let high = entries.length
  while (low < high) {
    const middle = (low + high) >>> 1
    if (Buffer.compare(entries[middle]!.name, name) < 0) low = middle + 1
    else high = middle
  }
  return low
}

/** Git's offset varint (varint.c): 7 bits a byte, each continuation also adding one. */
function readVarint(buffer: Buffer, offset: number): [number, number] {
  let byte = buffer[offset++]!
  let value = byte & 0x7f
  while (byte & 0x80) {
    byte = buffer[offset++]!
    value = ((value + 1) << 7) | (byte & 0x7f)
  }
  return [value, offset]
}
