import { createHash, randomBytes } from 'node:crypto'
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { deflateSync, inflateSync } from 'node:zlib'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { applyDelta, encodeDelta } from '../../../server/git/formats/delta.ts'
import { entryHeader, OFS_DELTA, ofsDeltaDistance, packHeader, TYPE_CODES } from '../../../server/git/formats/pack-format.ts'
import { runGit, runGitBytes, tempGitRepo } from '../../support/git.ts'
import { MAINTAINER_GIT_ENV } from '../../support/maintainer-git.ts'
import { packEntries, packObjects, relatedContentsArb, writeBlobs } from './git-packs.ts'

/*
 * The delta format (delta.ts) against git: every delta `git pack-objects` wrote applies with
 * applyDelta to the object git reads, and every delta encodeDelta makes is resolved by
 * `git index-pack` to the exact target.
 */

let repo: ReturnType<typeof tempGitRepo>

beforeAll(() => {
  repo = tempGitRepo()
})

afterAll(() => repo.remove())

/** The inflated data of the pack entry at `offset`: after the type-and-size header and the base. */
function entryData(pack: Buffer, offset: number, end: number): Buffer {
  let at = offset
  let byte = pack[at++]!
  const type = (byte >> 4) & 7
  while (byte & 0x80) byte = pack[at++]!
  if (type === OFS_DELTA) while (pack[at++]! & 0x80);
  else if (type === 7) at += 20
  return inflateSync(pack.subarray(at, end))
}

/** A pack holding each base whole and its target as an OFS_DELTA of it, as git expects one. */
function packOfDeltas(pairs: [Buffer, Buffer][]): { bytes: Buffer; deltas: number } {
  const parts: Buffer[] = [packHeader(pairs.length * 2)]
  let offset = 12
  let deltas = 0
  const add = (...bytes: Buffer[]) => {
    parts.push(...bytes)
    for (const part of bytes) offset += part.length
  }
  for (const [base, target] of pairs) {
    const baseOffset = offset
    const compressed = deflateSync(base)
    add(entryHeader(TYPE_CODES.blob, base.length), compressed)
    const delta = encodeDelta(base, target)
    // null: the delta would not be worth storing (it can outgrow the target), which the packer stores whole.
    if (delta === null) {
      add(entryHeader(TYPE_CODES.blob, target.length), deflateSync(target))
      continue
    }
    deltas++
    add(entryHeader(OFS_DELTA, delta.length), ofsDeltaDistance(offset - baseOffset), deflateSync(delta))
  }
  const body = Buffer.concat(parts)
  return { bytes: Buffer.concat([body, createHash('sha1').update(body).digest()]), deltas }
}

/** Indexes a pack with git and answers the blob git reads for each id. */
function indexWithGit(bytes: Buffer): (oid: string) => Buffer {
  const dir = path.join(repo.gitdir, 'objects/pack')
  mkdirSync(dir, { recursive: true })
  const file = path.join(dir, `incoming-${Date.now()}-${Math.random().toString(16).slice(2)}.pack`)
  writeFileSync(file, bytes)
  runGit(['index-pack', file], { cwd: repo.dir, env: MAINTAINER_GIT_ENV })
  return (oid) => runGitBytes(['cat-file', 'blob', oid], { cwd: repo.dir, env: MAINTAINER_GIT_ENV })
}

const blobOid = (content: Buffer) => createHash('sha1').update(`blob ${content.length}\0`).update(content).digest('hex')

describe('applyDelta', () => {
  it('applies every delta git pack-objects wrote, giving the object git reads', () => {
    fc.assert(
      fc.property(relatedContentsArb, (contents) => {
        const oids = writeBlobs(repo.dir, contents)
        const pack = packObjects(repo.dir, oids, { depth: 50 })
        const entries = packEntries(repo.dir, pack)
        const byOid = new Map(contents.map((content, i) => [oids[i]!, content]))
        for (const entry of entries) {
          if (entry.base === null) continue
          const delta = entryData(pack.bytes, entry.offset, entry.end)
          expect(delta.length).toBe(entry.size)
          expect(applyDelta(delta, byOid.get(entry.base)!).equals(byOid.get(entry.oid)!), entry.oid).toBe(true)
        }
      }),
      { numRuns: 15, endOnFailure: true },
    )
  })
})

describe('encodeDelta', () => {
  it('makes deltas git index-pack resolves to the exact target, for related and unrelated contents', () => {
    const unrelated = fc.tuple(fc.uint8Array({ maxLength: 2000 }), fc.uint8Array({ maxLength: 2000 })).map(([a, b]) => [Buffer.from(a), Buffer.from(b)] as [Buffer, Buffer])
    const related = relatedContentsArb.map((contents) => contents.slice(1).map((target, i) => [contents[i]!, target] as [Buffer, Buffer]))
    fc.assert(
      fc.property(related, fc.array(unrelated, { maxLength: 3 }), (pairs, others) => {
        // An empty target has its own test below.
        const all = [...pairs, ...others].filter(([, target]) => target.length > 0)
        if (all.length === 0) return
        const { bytes, deltas } = packOfDeltas(all)
        if (pairs.length > 1) expect(deltas).toBeGreaterThan(0)
        const read = indexWithGit(bytes)
        for (const [, target] of all) expect(read(blobOid(target)).equals(target)).toBe(true)
      }),
      { numRuns: 15, endOnFailure: true },
    )
    runGit(['fsck', '--strict', '--no-dangling'], { cwd: repo.dir, env: MAINTAINER_GIT_ENV })
  })

  // Git refuses any delta under 4 bytes (DELTA_SIZE_MIN in git's delta.h), and the delta to an
  // empty target is 2 or 3 bytes (two sizes, no instruction). Packing never asks for it (it only
  // deltifies objects of 42 bytes or more), but encodeDelta's contract is a delta git reads, or null.
  it('answers null, or a delta git resolves, for an empty target', () => {
    const base = Buffer.from('abc')
    const delta = encodeDelta(base, Buffer.alloc(0))
    if (delta === null) return
    const read = indexWithGit(packOfDeltas([[base, Buffer.alloc(0)]]).bytes)
    expect(read(blobOid(Buffer.alloc(0))).length).toBe(0)
  })

  it('makes copies git resolves past 64 KiB (split) and from offsets past 16 MiB (four offset bytes)', () => {
    // Zeros (cheap to compress and to index: one block) then 1 MiB that is only found past 16 MiB.
    const base = Buffer.concat([Buffer.alloc(16 * 1024 * 1024), randomBytes(1024 * 1024)])
    const target = Buffer.concat([Buffer.from('new head'), base.subarray(16 * 1024 * 1024 + 3), base.subarray(100, 200_000)])
    const read = indexWithGit(packOfDeltas([[base, target]]).bytes)
    expect(read(blobOid(target)).equals(target)).toBe(true)
  })
})
