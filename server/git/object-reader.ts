import { readSync } from 'node:fs'
import { type FileHandle, open, readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { inflateSync } from 'node:zlib'
import { errorCode } from './atomic-write.ts'

/**
 * Reads git objects, loose or packed, with node's native zlib.
 *
 * Why not isomorphic-git's readObject here: it inflates with pako (JavaScript) and resolves a
 * packed object's delta chain again on each read. A clone or a `git gc` stores old trees as
 * deltas against newer ones, so walking history (every commit's post-folder tree, newest first)
 * took about 4 ms a tree with 1,000 posts (measured: 8.3 s for the trees of 1,000 commits),
 * against a fraction of that here, where the delta base just read is still in the cache.
 *
 * Scope: pack index version 2 (what git has written since 2008, and isomorphic-git writes);
 * anything else answers null, and the caller falls back to isomorphic-git.
 */
export type ObjectType = 'commit' | 'tree' | 'blob' | 'tag'

export interface RawObject {
  type: ObjectType
  content: Buffer
}

/** Resolved objects kept for delta chains and repeated reads, in bytes. */
const CACHE_BYTES = 32 * 1024 * 1024
const TYPES: Record<number, ObjectType> = { 1: 'commit', 2: 'tree', 3: 'blob', 4: 'tag' }
const OFS_DELTA = 6
const REF_DELTA = 7

export class ObjectReader {
  readonly #objectsDir: string
  #packs: Pack[] | null = null
  readonly #cache = new ByteBoundedCache<RawObject>(CACHE_BYTES)

  constructor(gitdir: string) {
    this.#objectsDir = path.join(gitdir, 'objects')
  }

  /** The object, or null when this reader cannot find or decode it (the caller falls back). */
  async read(oid: string): Promise<RawObject | null> {
    const cached = this.#cache.get(oid)
    if (cached) return cached
    // Packs first: finding an object there is a lookup in memory, and most of a cloned history is
    // packed; a loose object costs a failed open when looked for in the wrong place.
    const object = (await this.#readPacked(oid, false)) ?? (await this.#readLoose(oid)) ?? (await this.#readPacked(oid, true))
    if (object) this.#cache.set(oid, object, object.content.length)
    return object
  }

  async close(): Promise<void> {
    for (const pack of this.#packs ?? []) await pack.close()
    this.#packs = null
  }

  async #readLoose(oid: string): Promise<RawObject | null> {
    let deflated: Buffer
    try {
      deflated = await readFile(path.join(this.#objectsDir, oid.slice(0, 2), oid.slice(2)))
    } catch (error) {
      if (errorCode(error) === 'ENOENT') return null
      throw error
    }
    const bytes = inflateSync(deflated)
    const space = bytes.indexOf(0x20)
    const nul = bytes.indexOf(0, space)
    const type = bytes.toString('latin1', 0, space) as ObjectType
    if (!Object.values(TYPES).includes(type) || nul === -1) return null
    return { type, content: bytes.subarray(nul + 1) }
  }

  /** `refresh`: list the packs again first, for one that appeared since (a fetch). */
  async #readPacked(oid: string, refresh: boolean): Promise<RawObject | null> {
    for (const pack of await this.#listPacks(refresh)) {
      const offset = pack.find(oid)
      if (offset !== null) return this.#readAt(pack, offset)
    }
    return null
  }

  async #readAt(pack: Pack, offset: number): Promise<RawObject | null> {
    const key = `${pack.name}:${offset}`
    const cached = this.#cache.get(key)
    if (cached) return cached
    const raw = await pack.readEntry(offset)
    let object: RawObject | null
    if (raw.type === OFS_DELTA || raw.type === REF_DELTA) {
      const base = raw.type === OFS_DELTA ? await this.#readAt(pack, raw.baseOffset!) : await this.read(raw.baseOid!)
      object = base && { type: base.type, content: applyDelta(inflateSync(raw.data), base.content) }
    } else {
      const type = TYPES[raw.type]
      object = type ? { type, content: inflateSync(raw.data) } : null
    }
    if (object) this.#cache.set(key, object, object.content.length)
    return object
  }

  async #listPacks(refresh = false): Promise<Pack[]> {
    if (this.#packs && !refresh) return this.#packs
    const dir = path.join(this.#objectsDir, 'pack')
    let names: string[]
    try {
      names = (await readdir(dir)).filter((name) => name.endsWith('.idx'))
    } catch (error) {
      if (errorCode(error) === 'ENOENT') names = []
      else throw error
    }
    const known = new Map((this.#packs ?? []).map((pack) => [pack.name, pack]))
    const packs: Pack[] = []
    for (const name of names.sort()) {
      const existing = known.get(name)
      if (existing) {
        packs.push(existing)
        continue
      }
      const pack = await Pack.open(path.join(dir, name))
      if (pack) packs.push(pack)
    }
    this.#packs = packs
    return packs
  }
}

/** One packfile and its version-2 index. */
class Pack {
  private constructor(
    readonly name: string,
    private readonly file: FileHandle,
    private readonly fanout: Uint32Array,
    private readonly oids: Buffer,
    private readonly offsets: Float64Array,
    /** Every object's offset, ascending, then the end of the object data: an object ends where the next begins. */
    private readonly bounds: Float64Array,
  ) {}

  static async open(idxPath: string): Promise<Pack | null> {
    const idx = await readFile(idxPath)
    if (idx.length < 8 + 1024 || idx.readUInt32BE(0) !== 0xff744f63 || idx.readUInt32BE(4) !== 2) return null
    const fanout = new Uint32Array(256)
    for (let i = 0; i < 256; i++) fanout[i] = idx.readUInt32BE(8 + i * 4)
    const count = fanout[255]!
    const oidsStart = 8 + 1024
    const offsetsStart = oidsStart + count * 20 + count * 4
    const largeStart = offsetsStart + count * 4
    const offsets = new Float64Array(count)
    for (let i = 0; i < count; i++) {
      const value = idx.readUInt32BE(offsetsStart + i * 4)
      offsets[i] = value & 0x80000000 ? Number(idx.readBigUInt64BE(largeStart + (value & 0x7fffffff) * 8)) : value
    }
    let file: FileHandle
    try {
      file = await open(idxPath.replace(/\.idx$/, '.pack'), 'r')
    } catch (error) {
      if (errorCode(error) === 'ENOENT') return null
      throw error
    }
    const { size } = await file.stat()
    const bounds = new Float64Array(count + 1)
    bounds.set(offsets)
    bounds[count] = size - 20
    bounds.sort()
    return new Pack(path.basename(idxPath), file, fanout, idx.subarray(oidsStart, oidsStart + count * 20), offsets, bounds)
  }

  find(oid: string): number | null {
    const wanted = Buffer.from(oid, 'hex')
    if (wanted.length !== 20) return null
    let low = wanted[0]! === 0 ? 0 : this.fanout[wanted[0]! - 1]!
    let high = this.fanout[wanted[0]!]!
    while (low < high) {
      const middle = (low + high) >>> 1
      const order = this.oids.compare(wanted, 0, 20, middle * 20, middle * 20 + 20)
      if (order === 0) return this.offsets[middle]!
      if (order < 0) low = middle + 1
      else high = middle
    }
    return null
  }

  /** The entry at `offset`: its type, its delta base if any, and its still-deflated data. */
  async readEntry(offset: number): Promise<{ type: number; data: Buffer; baseOffset?: number; baseOid?: string }> {
    const end = this.#nextBound(offset)
    const bytes = Buffer.allocUnsafe(end - offset)
    // Synchronous on purpose: an entry is a few KB, read from the page cache in microseconds,
    // where an asynchronous read costs a thread-pool round trip; walking history reads thousands.
    readSync(this.file.fd, bytes, 0, bytes.length, offset)
    let at = 0
    let byte = bytes[at++]!
    const type = (byte >> 4) & 7
    while (byte & 0x80) byte = bytes[at++]!
    if (type === OFS_DELTA) {
      byte = bytes[at++]!
      let distance = byte & 0x7f
      while (byte & 0x80) {
        byte = bytes[at++]!
        distance = (distance + 1) * 128 + (byte & 0x7f)
      }
      return { type, baseOffset: offset - distance, data: bytes.subarray(at) }
    }
    if (type === REF_DELTA) return { type, baseOid: bytes.toString('hex', at, at + 20), data: bytes.subarray(at + 20) }
    return { type, data: bytes.subarray(at) }
  }

  async close(): Promise<void> {
    await this.file.close()
  }

  #nextBound(offset: number): number {
    let low = 0
    let high = this.bounds.length
    while (low < high) {
      const middle = (low + high) >>> 1
      if (this.bounds[middle]! <= offset) low = middle + 1
      else high = middle
    }
    return this.bounds[low]!
  }
}

/** Git's delta format: the result's size, then "copy from base" and "insert" instructions. */
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

/** A least-recently-used map bounded by the total size of its values. */
class ByteBoundedCache<T> {
  readonly #entries = new Map<string, { value: T; bytes: number }>()
  #bytes = 0

  constructor(private readonly maxBytes: number) {}

  get(key: string): T | undefined {
    const entry = this.#entries.get(key)
    if (!entry) return undefined
    this.#entries.delete(key)
    this.#entries.set(key, entry)
    return entry.value
  }

  set(key: string, value: T, bytes: number): void {
    if (bytes > this.maxBytes / 4) return
    const existing = this.#entries.get(key)
    if (existing) this.#bytes -= existing.bytes
    this.#entries.delete(key)
    this.#entries.set(key, { value, bytes })
    this.#bytes += bytes
    while (this.#bytes > this.maxBytes) {
      const [oldest, entry] = this.#entries.entries().next().value!
      this.#entries.delete(oldest)
      this.#bytes -= entry.bytes
    }
  }
}
