import { createHash, type Hash } from 'node:crypto'
import { closeSync, fsyncSync, mkdirSync, openSync, unlinkSync, writeSync } from 'node:fs'
import path from 'node:path'
import { crc32, deflateSync } from 'node:zlib'
import { moveFile, tempNameFor } from '../../lib/atomic-write.ts'
import { entryHeader, OFS_DELTA, ofsDeltaDistance, packHeader } from '../formats/pack-format.ts'
import { type PackIndexEntry, serializePackIndex } from '../formats/pack-index.ts'

/**
 * Writes a packfile and its index as temp files, each fsynced, for `installPack` to move into
 * `objects/pack/`. Synchronous on purpose: it runs in the packing worker thread (build-pack.ts),
 * where blocking calls keep the main thread's libuv pool free for saves.
 *
 * Durability is the point here, unlike for a save's loose objects (lib/atomic-write.ts): once a pack
 * is installed the loose objects it holds are deleted, so the pack must be on disk first, or a
 * power cut could lose objects that were safely loose before.
 *
 * isomorphic-git's `packObjects` stores each object whole and writes no index: packing 105 loose
 * objects, 21 commits of one post each (build-pack.ts, walk included), takes 201 to 210 ms of CPU
 * for 268 KiB, the library 542 to 575 ms for 2,755 KiB (`npm run bench:git`, 5,000 posts). A
 * whole repository: `npm run bench:repo-size` (`.git` 29.6 MiB, 1.07× `git gc`, 231 MiB unpacked).
 */
export interface WrittenPack {
  /** `pack-<checksum>`: the files become `<name>.pack` and `<name>.idx`. */
  name: string
  tempPack: string
  tempIndex: string
  count: number
  bytes: number
}

/** Buffered output: one write call per megabyte rather than per object. */
const FLUSH_BYTES = 1 << 20

export class PackWriter {
  readonly #entries: PackIndexEntry[] = []
  readonly #hash: Hash = createHash('sha1')
  readonly #tempDir: string
  readonly #tempPack: string
  #fd: number | null
  #offset = 0
  #chunks: Buffer[] = []
  #chunkBytes = 0

  /** Starts a pack of exactly `count` objects (the count leads the file). */
  constructor(options: { tempDir: string; count: number }) {
    this.#tempDir = options.tempDir
    this.#tempPack = path.join(options.tempDir, tempNameFor('pack'))
    // Created at open, but it may have been deleted by hand since (lib/atomic-write.ts does the same).
    mkdirSync(options.tempDir, { recursive: true })
    // Read-only, as git makes pack files: nothing ever rewrites one.
    this.#fd = openSync(this.#tempPack, 'wx', 0o444)
    this.#write(packHeader(options.count))
  }

  get tempPath(): string {
    return this.#tempPack
  }

  /** Adds an object whole; returns its offset in the pack. */
  addWhole(oid: Buffer, typeCode: number, content: Buffer): number {
    return this.#add(oid, [entryHeader(typeCode, content.length)], content)
  }

  /** Adds an object as a delta against the object at `baseOffset` (earlier in this pack). */
  addDelta(oid: Buffer, delta: Buffer, baseOffset: number): number {
    const offset = this.#offset
    return this.#add(oid, [entryHeader(OFS_DELTA, delta.length), ofsDeltaDistance(offset - baseOffset)], delta)
  }

  /** Ends the pack, writes the index, fsyncs both; the caller installs them. */
  finish(): WrittenPack {
    const expected = this.#entries.length
    const checksum = this.#hash.copy().digest()
    this.#write(checksum)
    this.#flush()
    const fd = this.#fd!
    fsyncSync(fd)
    closeSync(fd)
    this.#fd = null
    const tempIndex = path.join(this.#tempDir, tempNameFor('idx'))
    const indexFd = openSync(tempIndex, 'wx', 0o444)
    try {
      writeSync(indexFd, serializePackIndex(this.#entries, checksum))
      fsyncSync(indexFd)
    } finally {
      closeSync(indexFd)
    }
    return { name: `pack-${checksum.toString('hex')}`, tempPack: this.#tempPack, tempIndex, count: expected, bytes: this.#offset }
  }

  /** Removes the temp file (after a failure). */
  abort(): void {
    if (this.#fd !== null) closeSync(this.#fd)
    this.#fd = null
    try {
      unlinkSync(this.#tempPack)
    } catch {
      // Already gone, or left for the next start's temp-file cleanup.
    }
  }

  #add(oid: Buffer, headers: Buffer[], data: Buffer): number {
    const offset = this.#offset
    const compressed = deflateSync(data)
    let crc = 0
    for (const part of [...headers, compressed]) {
      crc = crc32(part, crc)
      this.#write(part)
    }
    this.#entries.push({ oid, offset, crc32: crc })
    return offset
  }

  #write(bytes: Buffer): void {
    this.#hash.update(bytes)
    this.#chunks.push(bytes)
    this.#chunkBytes += bytes.length
    this.#offset += bytes.length
    if (this.#chunkBytes >= FLUSH_BYTES) this.#flush()
  }

  #flush(): void {
    const data = Buffer.concat(this.#chunks)
    let written = 0
    while (written < data.length) written += writeSync(this.#fd!, data, written)
    this.#chunks = []
    this.#chunkBytes = 0
  }
}

/**
 * Moves a written pack into `objects/pack/`: the pack first, then its index (git's readers, ours
 * and isomorphic-git only see a pack through its index). `moveFile` (durable) fsyncs the folder after each,
 * so both names are durable before anything relies on them. `between` runs after each step
 * (tests kill the process there).
 */
export async function installPack(pack: WrittenPack, packDir: string, between: (step: 'pack-renamed' | 'index-renamed') => Promise<void>): Promise<void> {
  await moveFile(pack.tempPack, path.join(packDir, `${pack.name}.pack`), { durable: true })
  await between('pack-renamed')
  await moveFile(pack.tempIndex, path.join(packDir, `${pack.name}.idx`), { durable: true })
  await between('index-renamed')
}
