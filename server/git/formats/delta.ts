/**
 * Git's delta format (what a pack's OFS_DELTA and REF_DELTA entries hold): the base's size, the
 * result's size, then instructions, each either "copy this range of the base" or "insert these
 * bytes". https://git-scm.com/docs/gitformat-pack#_deltified_representation
 *
 * The encoder is made for what a save changes: one entry of a folder's tree (10,000 entries,
 * 350 KB) or one line of a post. It trims the common prefix and suffix first (compared natively in
 * chunks: what is left is usually a few dozen bytes), then matches the middle against 16-byte
 * blocks of the base's middle, so that an entry moved by a rename is copied, not inserted. Git's
 * own encoder (diff-delta.c) is a Rabin-fingerprint version of the same block match.
 *
 * isomorphic-git has no delta encoder (its packObjects writes whole objects), so the comparison
 * is the git CLI. Measured (`npm run bench:git`, 5,000 posts, CPU): 100 post-folder trees
 * delta-compressed in 12 ms (55 bytes a delta), 49 ms for `git pack-objects` of the same trees
 * (a search among 10 bases each, process start included).
 */

/** Bytes a block-match needs to agree on before a copy is worth its 4 to 8 byte instruction. */
const BLOCK = 16
/** Git's decoders accept up to 0xffffff per copy; 0x10000 is what git itself emits (diff-delta.c). */
const MAX_COPY = 0x10000
const MAX_INSERT = 0x7f
const CHUNK = 4096

/**
 * The delta that turns `base` into `target`, or null when it would not be smaller than
 * `maxSize` bytes, nor than the target itself plus 64 (the caller then stores the object whole).
 */
export function encodeDelta(base: Buffer, target: Buffer, maxSize = Number.POSITIVE_INFINITY): Buffer | null {
  // An empty target's delta is its two sizes alone, and git refuses any delta under 4 bytes.
  if (target.length === 0) return null
  const out = new DeltaWriter(Math.min(maxSize, target.length + 64))
  out.size(base.length)
  out.size(target.length)
  const prefix = commonPrefix(base, target)
  const suffix = commonSuffix(base, target, Math.min(base.length, target.length) - prefix)
  out.copy(0, prefix)
  matchMiddle(out, base, prefix, base.length - suffix, target, prefix, target.length - suffix)
  out.copy(base.length - suffix, suffix)
  const delta = out.finish()
  return delta !== null && delta.length < maxSize ? delta : null
}

/** Applies a delta to its base: git's patch-delta.c. */
export function applyDelta(delta: Buffer, base: Buffer): Buffer {
  let at = 0
  const readSize = () => {
    let size = 0
    let scale = 1
    let byte: number
    do {
      byte = delta[at++]!
      size += (byte & 0x7f) * scale
      scale *= 128
    } while (byte & 0x80)
    return size
  }
  if (readSize() !== base.length) throw new Error('Delta does not apply to its base (size mismatch)')
  const out = Buffer.allocUnsafe(readSize())
  let written = 0
  while (at < delta.length) {
    const op = delta[at++]!
    if (op & 0x80) {
      let offset = 0
      let size = 0
      for (let bit = 0; bit < 4; bit++) if (op & (1 << bit)) offset += delta[at++]! * 2 ** (8 * bit)
      for (let bit = 0; bit < 3; bit++) if (op & (0x10 << bit)) size += delta[at++]! << (8 * bit)
      if (size === 0) size = 0x10000
      if (offset + size > base.length) throw new Error('Malformed delta (copy beyond the base)')
      written += base.copy(out, written, offset, offset + size)
    } else if (op !== 0) {
      written += delta.copy(out, written, at, at + op)
      at += op
    } else {
      throw new Error('Malformed delta (opcode 0)')
    }
  }
  if (written !== out.length) throw new Error('Delta produced the wrong size')
  return out
}

/** Length of the longest common prefix: whole chunks compared natively, then bytes. */
export function commonPrefix(a: Buffer, b: Buffer): number {
  const limit = Math.min(a.length, b.length)
  let at = 0
  while (at + CHUNK <= limit && a.compare(b, at, at + CHUNK, at, at + CHUNK) === 0) at += CHUNK
  while (at < limit && a[at] === b[at]) at++
  return at
}

/** Length of the longest common suffix, at most `limit` bytes. */
export function commonSuffix(a: Buffer, b: Buffer, limit: number): number {
  let length = 0
  while (length + CHUNK <= limit && a.compare(b, b.length - length - CHUNK, b.length - length, a.length - length - CHUNK, a.length - length) === 0) {
    length += CHUNK
  }
  while (length < limit && a[a.length - 1 - length] === b[b.length - 1 - length]) length++
  return length
}

/** Encodes target[tStart, tEnd) as copies from base (blocks of base[bStart, bEnd)) and inserts. */
function matchMiddle(out: DeltaWriter, base: Buffer, bStart: number, bEnd: number, target: Buffer, tStart: number, tEnd: number): void {
  const index = new Map<number, number>()
  for (let at = bStart; at + BLOCK <= bEnd; at += BLOCK) {
    const hash = blockHash(base, at)
    if (!index.has(hash)) index.set(hash, at)
  }
  let pending = tStart
  let t = tStart
  while (t + BLOCK <= tEnd && index.size > 0) {
    const candidate = index.get(blockHash(target, t))
    if (candidate === undefined || base.compare(target, t, t + BLOCK, candidate, candidate + BLOCK) !== 0) {
      t++
      // Unmatched bytes are inserted as they are: past the size worth storing, stop looking.
      if (t - pending > out.limit) break
      continue
    }
    let from = candidate
    let start = t
    let end = t + BLOCK
    while (end < tEnd && from + (end - start) < base.length && base[from + (end - start)] === target[end]) end++
    // Bytes just before the match that also agree need no insert.
    while (start > pending && from > 0 && base[from - 1] === target[start - 1]) {
      start--
      from--
    }
    out.insert(target, pending, start)
    out.copy(from, end - start)
    pending = end
    t = end
  }
  out.insert(target, pending, tEnd)
}

/** A hash of the 16 bytes at `at` (four 32-bit words mixed); collisions are checked by the caller. */
function blockHash(buffer: Buffer, at: number): number {
  let hash = 0x811c9dc5
  for (let word = 0; word < BLOCK; word += 4) hash = Math.imul(hash ^ buffer.readUInt32LE(at + word), 0x01000193)
  return hash >>> 0
}

/** The instruction stream, in a buffer that refuses to grow past the size worth storing. */
class DeltaWriter {
  #buffer: Buffer
  #length = 0
  #overflow = false

  readonly #limit: number

  /** Bytes worth storing: past them, `finish` answers null. */
  get limit(): number {
    return this.#limit
  }

  constructor(limit: number) {
    this.#limit = limit
    this.#buffer = Buffer.allocUnsafe(Math.min(limit, 4096) + 32)
  }

  size(value: number): void {
    let rest = value
    do {
      let byte = rest % 128
      rest = Math.floor(rest / 128)
      if (rest > 0) byte |= 0x80
      this.#byte(byte)
    } while (rest > 0)
  }

  copy(offset: number, length: number): void {
    for (let done = 0; done < length; done += MAX_COPY) {
      const at = offset + done
      const size = Math.min(MAX_COPY, length - done)
      const opAt = this.#length
      this.#byte(0x80)
      let op = 0x80
      for (let bit = 0; bit < 4; bit++) {
        const byte = Math.floor(at / 2 ** (8 * bit)) & 0xff
        if (byte !== 0) {
          op |= 1 << bit
          this.#byte(byte)
        }
      }
      for (let bit = 0; bit < 3; bit++) {
        const byte = (size >> (8 * bit)) & 0xff
        if (byte !== 0) {
          op |= 0x10 << bit
          this.#byte(byte)
        }
      }
      if (!this.#overflow) this.#buffer[opAt] = op
    }
  }

  insert(source: Buffer, start: number, end: number): void {
    for (let at = start; at < end; at += MAX_INSERT) {
      const length = Math.min(MAX_INSERT, end - at)
      this.#byte(length)
      this.#reserve(length)
      if (this.#overflow) return
      source.copy(this.#buffer, this.#length, at, at + length)
      this.#length += length
    }
  }

  finish(): Buffer | null {
    return this.#overflow ? null : this.#buffer.subarray(0, this.#length)
  }

  #byte(value: number): void {
    this.#reserve(1)
    if (!this.#overflow) this.#buffer[this.#length++] = value
  }

  #reserve(bytes: number): void {
    if (this.#overflow) return
    const needed = this.#length + bytes
    if (needed > this.#limit + 32) {
      this.#overflow = true
      return
    }
    if (needed <= this.#buffer.length) return
    const grown = Buffer.allocUnsafe(Math.min(this.#limit + 32, Math.max(needed, this.#buffer.length * 2)))
    this.#buffer.copy(grown, 0, 0, this.#length)
    this.#buffer = grown
  }
}
