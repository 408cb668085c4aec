/**
 * The parts of a packfile (`.pack`) around each object's compressed data:
 * https://git-scm.com/docs/gitformat-pack#_pack_pack_files_have_the_following_format
 *
 *   `PACK`, version 2, object count (4 bytes each, big-endian); then per object a header (type
 *   and inflated size), for an OFS_DELTA the distance back to its base, the zlib stream; then the
 *   SHA-1 of everything before it.
 *
 * Written by pack-writer.ts, read by object-reader.ts. No library call writes packs with deltas
 * (isomorphic-git's packObjects stores whole objects): `npm run bench:repo-size` compares the
 * packs this makes with `git gc`'s, `npm run bench:git` times the delta encoder against the CLI.
 */
export type ObjectType = 'commit' | 'tree' | 'blob' | 'tag'

export const TYPE_CODES: Record<ObjectType, number> = { commit: 1, tree: 2, blob: 3, tag: 4 }
export const OFS_DELTA = 6
export const REF_DELTA = 7

export function packHeader(count: number): Buffer {
  const header = Buffer.alloc(12)
  header.write('PACK', 0, 'latin1')
  header.writeUInt32BE(2, 4)
  header.writeUInt32BE(count, 8)
  return header
}

/** Type in bits 4-6 of the first byte, the size in its low 4 bits and then 7 bits a byte. */
export function entryHeader(type: number, size: number): Buffer {
  const bytes: number[] = []
  let rest = Math.floor(size / 16)
  let byte = (type << 4) | (size & 0x0f)
  while (rest > 0) {
    bytes.push(byte | 0x80)
    byte = rest & 0x7f
    rest = Math.floor(rest / 128)
  }
  bytes.push(byte)
  return Buffer.from(bytes)
}

/**
 * How far back an OFS_DELTA's base starts: big-endian 7 bits a byte, each continuation adding one
 * (so that no two encodings mean the same distance), as git's pack-objects writes it.
 */
export function ofsDeltaDistance(distance: number): Buffer {
  const bytes = [distance & 0x7f]
  let rest = Math.floor(distance / 128)
  while (rest > 0) {
    rest -= 1
    bytes.unshift(0x80 | (rest & 0x7f))
    rest = Math.floor(rest / 128)
  }
  return Buffer.from(bytes)
}
