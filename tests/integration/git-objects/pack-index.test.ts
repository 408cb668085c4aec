import { readFileSync } from 'node:fs'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createOidLookup, findInPackIndex, oidAt, parsePackIndex, serializePackIndex } from '../../../server/git/formats/pack-index.ts'
import { tempGitRepo } from '../../support/git.ts'
import { objectsOfEveryType, packEntries, packObjects, relatedContentsArb, writeBlobs } from './git-packs.ts'

/*
 * Pack indexes (pack-index.ts) against `git pack-objects` and `git show-index`: git's .idx parses
 * to the offsets show-index lists, and the index we serialize from the same entries is git's
 * file byte for byte.
 */

let repo: ReturnType<typeof tempGitRepo>
let everyType: string[]

beforeAll(() => {
  repo = tempGitRepo()
  everyType = objectsOfEveryType(repo.dir)
})

afterAll(() => repo.remove())

describe('pack index', () => {
  it('reads the index git wrote, and writes the same bytes for the same pack', () => {
    fc.assert(
      fc.property(relatedContentsArb, fc.boolean(), fc.boolean(), (contents, withEveryType, refDeltas) => {
        const oids = [...writeBlobs(repo.dir, contents), ...(withEveryType ? everyType : [])]
        const pack = packObjects(repo.dir, oids, { refDeltas })
        const entries = packEntries(repo.dir, pack)
        const theirs = readFileSync(pack.idx)
        const index = parsePackIndex(theirs)!
        expect(index.count).toBe(entries.length)
        expect(index.packChecksum.equals(pack.bytes.subarray(-20))).toBe(true)
        expect(Array.from({ length: index.count }, (_, i) => oidAt(index, i))).toEqual(entries.map((entry) => entry.oid).sort())
        for (const entry of entries) {
          const at = findInPackIndex(index, Buffer.from(entry.oid, 'hex'))
          expect(index.offsets[at]).toBe(entry.offset)
        }
        const lookup = createOidLookup([index])
        for (const entry of entries) expect(lookup(entry.oid)).toBe(true)
        for (const absent of ['0'.repeat(40), 'f'.repeat(40), `${entries[0]?.oid.slice(0, 39) ?? 'a'.repeat(39)}${entries[0]?.oid.endsWith('0') ? '1' : '0'}`]) {
          expect(lookup(absent)).toBe(false)
          expect(findInPackIndex(index, Buffer.from(absent, 'hex'))).toBe(-1)
        }
        const ours = serializePackIndex(
          entries.map((entry) => ({ oid: Buffer.from(entry.oid, 'hex'), offset: entry.offset, crc32: entry.crc32 })),
          pack.bytes.subarray(-20),
        )
        expect(ours.equals(theirs)).toBe(true)
      }),
      { numRuns: 20, endOnFailure: true },
    )
  })
})
