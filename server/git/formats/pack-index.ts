import { createHash } from 'node:crypto'

/**
 * A pack's index, version 2 (`.idx`, what git has written since 2008 and isomorphic-git reads):
 * https://git-scm.com/docs/gitformat-pack#_version_2_pack_idx_files_support_packs_larger_than_4_gib_and
 *
 *   magic `\377tOc`, version 2, fan-out (256 counts: objects whose first byte is <= i),
 *   the object ids sorted, their CRC-32s, their 31-bit offsets (the high bit set: an index into
 *   the 64-bit offsets that follow), the pack's checksum, this file's SHA-1.
 *
 * No library call writes an index from what a pack writer already knows: isomorphic-git's
 * indexPack, like `git index-pack`, reads, inflates and hashes the whole pack again. Measured
 * (`npm run bench:git`, 5,000 posts, CPU): the index of a 6,504-object pack in 8 ms here, 1,027 ms
 * for `git index-pack`; parsing it and finding each of its objects, 5 ms.
 */
export interface PackIndexEntry {
  /** 20 bytes. */
  oid: Buffer
  offset: number
  /** CRC-32 of the entry's bytes in the pack, as stored. */
  crc32: number
}

export interface PackIndex {
  count: number
  fanout: Uint32Array
  /** The sorted ids, 20 bytes each. */
  oids: Buffer
  offsets: Float64Array
  /** The pack's trailing SHA-1. */
  packChecksum: Buffer
}

const MAGIC = 0xff744f63
const HEADER = 8
const FANOUT = 256 * 4
const LARGE = 0x80000000

/** The index of a pack whose trailing checksum is `packChecksum`; entries in any order. */
export function serializePackIndex(entries: readonly PackIndexEntry[], packChecksum: Buffer): Buffer {
  const sorted = [...entries].sort((a, b) => Buffer.compare(a.oid, b.oid))
  const count = sorted.length
  const large = sorted.filter((entry) => entry.offset >= LARGE).length
  const size = HEADER + FANOUT + count * (20 + 4 + 4) + large * 8 + 20 + 20
  const buffer = Buffer.alloc(size)
  buffer.writeUInt32BE(MAGIC, 0)
  buffer.writeUInt32BE(2, 4)
  const oidsAt = HEADER + FANOUT
  const crcsAt = oidsAt + count * 20
  const offsetsAt = crcsAt + count * 4
  const largeAt = offsetsAt + count * 4
  let largeCount = 0
  sorted.forEach((entry, i) => {
    if (i > 0 && entry.oid.equals(sorted[i - 1]!.oid)) throw new Error(`Object ${entry.oid.toString('hex')} is twice in one pack`)
    entry.oid.copy(buffer, oidsAt + i * 20)
    buffer.writeUInt32BE(entry.crc32 >>> 0, crcsAt + i * 4)
    if (entry.offset < LARGE) {
      buffer.writeUInt32BE(entry.offset, offsetsAt + i * 4)
    } else {
      buffer.writeUInt32BE((LARGE | largeCount) >>> 0, offsetsAt + i * 4)
      buffer.writeBigUInt64BE(BigInt(entry.offset), largeAt + largeCount * 8)
      largeCount++
    }
  })
  let at = 0
  for (let byte = 0; byte < 256; byte++) {
    while (at < count && sorted[at]!.oid[0]! <= byte) at++
    buffer.writeUInt32BE(at, HEADER + byte * 4)
  }
  const checksumAt = largeAt + largeCount * 8
  packChecksum.copy(buffer, checksumAt)
  createHash('sha1').update(buffer.subarray(0, checksumAt + 20)).digest().copy(buffer, checksumAt + 20)
  return buffer
}

/** The index in `buffer`, or null when it is not a version-2 index (or is truncated). */
export function parsePackIndex(buffer: Buffer): PackIndex | null {
  if (buffer.length < HEADER + FANOUT + 40 || buffer.readUInt32BE(0) !== MAGIC || buffer.readUInt32BE(4) !== 2) return null
  const fanout = new Uint32Array(256)
  for (let i = 0; i < 256; i++) fanout[i] = buffer.readUInt32BE(HEADER + i * 4)
  const count = fanout[255]!
  const oidsAt = HEADER + FANOUT
  const offsetsAt = oidsAt + count * 24
  const largeAt = offsetsAt + count * 4
  if (buffer.length < largeAt + 40) return null
  const offsets = new Float64Array(count)
  for (let i = 0; i < count; i++) {
    const value = buffer.readUInt32BE(offsetsAt + i * 4)
    if (value & LARGE) {
      const slot = value & 0x7fffffff
      if (largeAt + slot * 8 + 8 > buffer.length - 40) return null
      offsets[i] = Number(buffer.readBigUInt64BE(largeAt + slot * 8))
    } else {
      offsets[i] = value
    }
  }
  // The 64-bit offsets table has no count of its own: the two checksums end the file.
  const checksumAt = buffer.length - 40
  return {
    count,
    fanout,
    oids: buffer.subarray(oidsAt, oidsAt + count * 20),
    offsets,
    packChecksum: Buffer.from(buffer.subarray(checksumAt, checksumAt + 20)),
  }
}

/** The position of `oid` (20 bytes) in the index, or -1. */
export function findInPackIndex(index: PackIndex, oid: Buffer): number {
  let low = oid[0]! === 0 ? 0 : index.fanout[oid[0]! - 1]!
  let high = index.fanout[oid[0]!]!
  while (low < high) {
    const middle = (low + high) >>> 1
    const order = index.oids.compare(oid, 0, 20, middle * 20, middle * 20 + 20)
    if (order === 0) return middle
    if (order < 0) low = middle + 1
    else high = middle
  }
  return -1
}

/** The id at a position, as hex. */
export function oidAt(index: PackIndex, position: number): string {
  return index.oids.toString('hex', position * 20, position * 20 + 20)
}

/** Each index's ids cut to their first 4 bytes, as numbers (computed once per index). */
const prefixTables = new WeakMap<PackIndex, Uint32Array>()

/**
 * Whether any of these packs holds an object (by hex id), for a walk that asks once per entry of
 * a 10,000-entry tree: a binary search over each index's first 4 bytes as numbers, the whole id
 * compared only where those agree. A `Buffer.compare` at every step of the search made these
 * lookups the largest cost of a packing run with 10,000 posts (measured with --cpu-prof).
 */
export function createOidLookup(indexes: readonly PackIndex[]): (oid: string) => boolean {
  const tables = indexes.map((index) => {
    let prefixes = prefixTables.get(index)
    if (!prefixes) {
      prefixes = new Uint32Array(index.count)
      for (let i = 0; i < index.count; i++) prefixes[i] = index.oids.readUInt32BE(i * 20)
      prefixTables.set(index, prefixes)
    }
    return { index, prefixes }
  })
  return (oid) => {
    const prefix = Number.parseInt(oid.slice(0, 8), 16)
    for (const { index, prefixes } of tables) {
      let low = 0
      let high = prefixes.length
      while (low < high) {
        const middle = (low + high) >>> 1
        if (prefixes[middle]! < prefix) low = middle + 1
        else high = middle
      }
      for (let at = low; at < prefixes.length && prefixes[at] === prefix; at++) {
        if (index.oids.toString('hex', at * 20, at * 20 + 20) === oid) return true
      }
    }
    return false
  }
}
