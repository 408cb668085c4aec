import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { entryHeader, OFS_DELTA, ofsDeltaDistance, packHeader, REF_DELTA, TYPE_CODES, type ObjectType } from '../../../server/git/formats/pack-format.ts'
import { tempGitRepo } from '../../support/git.ts'
import { objectsOfEveryType, packEntries, packObjects, relatedContentsArb, writeBlobs } from './git-packs.ts'

/*
 * The pack format's parts (pack-format.ts) against packs `git pack-objects` wrote: the header,
 * every entry's type-and-size header and every OFS_DELTA's distance are, byte for byte, what we
 * encode for the same values. (Packs we write are checked by git in pack-writer.test.ts.)
 */

let repo: ReturnType<typeof tempGitRepo>
let everyType: string[]

beforeAll(() => {
  repo = tempGitRepo()
  everyType = objectsOfEveryType(repo.dir)
})

afterAll(() => repo.remove())

describe('pack format', () => {
  it('encodes the pack header, entry headers and OFS_DELTA distances as git pack-objects writes them', () => {
    fc.assert(
      fc.property(relatedContentsArb, fc.boolean(), fc.integer({ min: 1, max: 50 }), (contents, refDeltas, depth) => {
        const pack = packObjects(repo.dir, [...writeBlobs(repo.dir, contents), ...everyType], { refDeltas, depth })
        const entries = packEntries(repo.dir, pack)
        expect(pack.bytes.subarray(0, 12).equals(packHeader(entries.length))).toBe(true)
        const offsets = new Map(entries.map((entry) => [entry.oid, entry.offset]))
        for (const entry of entries) {
          const code = entry.base === null ? TYPE_CODES[entry.type as ObjectType] : refDeltas ? REF_DELTA : OFS_DELTA
          const header = entryHeader(code, entry.size)
          let at = entry.offset
          expect(pack.bytes.subarray(at, at + header.length).toString('hex'), entry.oid).toBe(header.toString('hex'))
          at += header.length
          if (entry.base !== null && !refDeltas) {
            const distance = ofsDeltaDistance(entry.offset - offsets.get(entry.base)!)
            expect(pack.bytes.subarray(at, at + distance.length).toString('hex')).toBe(distance.toString('hex'))
          } else if (entry.base !== null) {
            expect(pack.bytes.toString('hex', at, at + 20)).toBe(entry.base)
          }
        }
      }),
      { numRuns: 20, endOnFailure: true },
    )
  })
})
